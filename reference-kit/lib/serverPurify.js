// @ts-check
/**
 * DOMPurify for the server's render: ./themePlugin.js puts this module in the place of Redoc's
 * `dompurify` in the server build (./browserPurify.js is the browser's).
 *
 * With Redoc's `untrustedSpec` option, Redoc passes the HTML of a spec's Markdown through
 * DOMPurify. DOMPurify works on a DOM: in Node it has none, and no `sanitize` function either, so
 * in a server render Redoc's own option throws ("sanitize is not a function") and the build stops.
 * Here DOMPurify runs on jsdom's DOM (jsdom comes with Redoc 2.1.4, through jest-environment-jsdom),
 * with the kit's profile (./purifyProfile.js), so the server writes the same sanitized HTML the
 * browser renders, with the same rules.
 */
const createDOMPurify = require('dompurify');
// Loaded by Node, not bundled: see ./themePlugin.js.
const {JSDOM} = require('jsdom');
const {withSpecProfile} = require('./purifyProfile');

const purify = withSpecProfile(createDOMPurify(/** @type {any} */ (new JSDOM('').window)));

/**
 * Sanitized HTML by its source. The server renders the same Markdown many times (each colour mode,
 * descriptions a spec repeats), and jsdom makes each sanitizing slow; the profile is fixed, so the
 * result of a source is too. Bounded, the oldest entry going first.
 */
const sanitized = new Map();
const CACHE_ENTRIES = 10_000;
const sanitizeAnew = purify.sanitize;
/** @param {string | Node} dirty @param {object} [config] */
function sanitizeOnce(dirty, config) {
  if (typeof dirty !== 'string' || config !== undefined) return sanitizeAnew(/** @type {any} */ (dirty), /** @type {any} */ (config));
  let clean = sanitized.get(dirty);
  if (clean === undefined) {
    clean = sanitizeAnew(dirty);
    if (sanitized.size >= CACHE_ENTRIES) sanitized.delete(sanitized.keys().next().value);
    sanitized.set(dirty, clean);
  }
  return clean;
}
Reflect.set(purify, 'sanitize', sanitizeOnce);

module.exports = purify;
