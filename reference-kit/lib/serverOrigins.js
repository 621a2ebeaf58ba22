// @ts-check
/**
 * The origins of the servers a site's consoles send requests to, which the site's
 * Content-Security-Policy allows in `connect-src` (./contentSecurityPolicy.js): each spec's plugin
 * (./specDataPlugin.js) records its spec's servers (and the token URLs a console's sign-in sends a
 * code to), and the kit's theme reads them after the build
 * (./themePlugin.js). A server's variables are filled with each value they allow (their `enum`),
 * or their default.
 */
const {METHODS, serversOf} = require('../reference/shared/operationRequest');

/** Origins by site (by Docusaurus load context). */
const originsBySite = new WeakMap();

/** At most this many origins from one server's variables: a server named by a free variable is allowed by its default. */
const MAX_COMBINATIONS = 32;

/**
 * The URLs a server may be, its variables filled with each value they allow.
 * @param {{url: string; variables: Record<string, any>}} server
 */
function serverUrls(server) {
  /** @type {string[]} */
  let urls = [server.url];
  for (const [name, variable] of Object.entries(server.variables)) {
    /** @type {string[]} */
    const allowed = Array.isArray(variable?.enum) && variable.enum.length > 0 ? variable.enum.map(String) : variable?.default !== undefined ? [String(variable.default)] : [];
    if (allowed.length === 0) continue;
    const next = urls.flatMap((url) => allowed.map((value) => url.split(`{${name}}`).join(value)));
    urls = next.length > MAX_COMBINATIONS ? urls.map((url) => url.split(`{${name}}`).join(String(variable?.default ?? allowed[0]))) : next;
  }
  return urls;
}

/**
 * Records the origins of `spec`'s servers, its paths' and its operations', for the site of
 * `context`; the site's own origin is `'self'` already.
 * @param {import('@docusaurus/types').LoadContext} context
 * @param {any} spec
 * @param {string} base The absolute URL a relative server is resolved against.
 */
function recordServerOrigins(context, spec, base) {
  const own = new URL(context.siteConfig.url).origin;
  /** @type {Set<string>} */
  const origins = originsBySite.get(context) ?? new Set();
  originsBySite.set(context, origins);
  const servers = [...serversOf(spec, {}, {})];
  for (const pathItem of Object.values(typeof spec?.paths === 'object' && spec.paths !== null ? spec.paths : {})) {
    if (typeof pathItem !== 'object' || pathItem === null) continue;
    servers.push(...serversOf({}, pathItem, {}));
    for (const method of METHODS) {
      const operation = Object.prototype.hasOwnProperty.call(pathItem, method) ? pathItem[method] : undefined;
      if (typeof operation === 'object' && operation !== null) servers.push(...serversOf({}, {}, operation));
    }
  }
  const urls = [...servers.flatMap(serverUrls), ...tokenUrls(spec)];
  for (const url of urls) {
    try {
      const {protocol, origin} = new URL(url, base);
      if ((protocol === 'https:' || protocol === 'http:') && !url.includes('{') && origin !== own) origins.add(origin);
    } catch {
      // A server the browser could not send to either.
    }
  }
}

/**
 * The token URLs of the spec's OAuth 2 authorization code flows, where a console's sign-in
 * exchanges its code (../reference/browser/tryIt/oauth.ts).
 * @param {any} spec
 * @returns {string[]}
 */
function tokenUrls(spec) {
  const schemes = spec?.components?.securitySchemes;
  if (typeof schemes !== 'object' || schemes === null) return [];
  return Object.values(schemes).flatMap((scheme) => {
    const flow = scheme?.type === 'oauth2' ? scheme.flows?.authorizationCode : undefined;
    return typeof flow?.tokenUrl === 'string' ? [flow.tokenUrl] : [];
  });
}

/**
 * The origins recorded for the site of `context`, sorted.
 * @param {import('@docusaurus/types').LoadContext} context
 * @returns {string[]}
 */
function serverOrigins(context) {
  return [...(originsBySite.get(context) ?? [])].sort();
}

module.exports = {recordServerOrigins, serverOrigins};
