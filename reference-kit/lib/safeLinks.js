// @ts-check
/**
 * A spec's links, kept to addresses that cannot run script.
 *
 * Redoc renders a spec's Markdown as HTML (sanitized with the `untrustedSpec` option), but it also
 * puts a few of the spec's values straight into `href` and `src`: the terms of service, contact,
 * licence, external docs and logo links, the OAuth and OpenID Connect addresses. React 17 writes a
 * `javascript:` URL there as it is, and a click runs it. So every such value that is not an http(s),
 * mailto or relative address (or, for images, a `data:image/` URL) is emptied, in every spec, trusted
 * or not: no real spec needs another kind. Plain JavaScript: the build (./specDataPlugin.js) and the
 * browser (a spec fetched by ../theme/Redoc) run it.
 */

/** The keys whose string values Redoc renders as link or image addresses. */
const LINK_KEYS = new Set(['url', 'href', 'termsOfService', 'authorizationUrl', 'tokenUrl', 'refreshUrl', 'openIdConnectUrl']);
/** Values shown as data, never as links: an example's `url` is text. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'enum', 'const', 'x-codeSamples', 'servers']);
/** Browsers ignore ASCII whitespace and control characters inside a scheme (`java\tscript:`). */
const IGNORED_IN_SCHEME = /[\u0000-\u0020]/g;

/** @param {string} value */
function isSafeAddress(value) {
  const scheme = /^([a-z][a-z\d+.-]*):/i.exec(value.replace(IGNORED_IN_SCHEME, ''))?.[1]?.toLowerCase();
  if (scheme === undefined) return true;
  return scheme === 'http' || scheme === 'https' || scheme === 'mailto' || (scheme === 'data' && /^\s*data:image\//i.test(value));
}

/**
 * Empties, in place, each link value of `spec` that could run script; returns how many it emptied.
 * @param {unknown} spec
 */
function withSafeLinks(spec) {
  let emptied = 0;
  const visit = (/** @type {unknown} */ node) => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      const object = /** @type {Record<string, unknown>} */ (node);
      for (const [key, value] of Object.entries(object)) {
        if (DATA_KEYS.has(key)) continue;
        if (typeof value === 'string') {
          if (LINK_KEYS.has(key) && !isSafeAddress(value)) {
            object[key] = '';
            emptied++;
          }
        } else visit(value);
      }
    }
  };
  visit(spec);
  return emptied;
}

module.exports = {withSafeLinks, isSafeAddress};
