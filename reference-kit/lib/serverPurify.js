// @ts-check
/**
 * DOMPurify for the server's render: ./themePlugin.js puts this module in the place of Redoc's
 * `dompurify` in the server build.
 *
 * With Redoc's `untrustedSpec` option, Redoc passes the HTML of a spec's Markdown through
 * DOMPurify. DOMPurify works on a DOM: in Node it has none, and no `sanitize` function either, so
 * in a server render Redoc's own option throws ("sanitize is not a function") and the build stops.
 * Here DOMPurify runs on jsdom's DOM (jsdom comes with Redoc 2.1.4, through jest-environment-jsdom),
 * so the server writes the same sanitized HTML the browser renders, with the same rules.
 */
const createDOMPurify = require('dompurify');
// Loaded by Node, not bundled: see ./themePlugin.js.
const {JSDOM} = require('jsdom');

module.exports = createDOMPurify(/** @type {any} */ (new JSDOM('').window));
