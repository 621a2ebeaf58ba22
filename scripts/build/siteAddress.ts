/**
 * Where the site is published: its origin (`url`) and the path under it (`baseUrl`), read from
 * SITE_URL and BASE_URL so one build can go to a domain root or to a project page such as
 * https://owner.github.io/redocusaurus/. Bad values stop the build with the variable named.
 */

export interface SiteAddress {
  /** The origin, without a path or a trailing slash: `https://redocusaurus.vercel.app`. */
  url: string;
  /** The path every route and asset is under, starting and ending with `/`: `/` or `/redocusaurus/`. */
  baseUrl: string;
}

export const DEFAULT_SITE_URL = 'https://redocusaurus.vercel.app';
export const DEFAULT_BASE_URL = '/';

/** One or more path segments, each ending with `/`; no query, fragment, spaces or empty segment. */
const BASE_URL_PATTERN = /^\/(?:[^/?#\s\\]+\/)*$/;

export function parseBaseUrl(value: string): string {
  if (!BASE_URL_PATTERN.test(value)) {
    throw new Error(
      `BASE_URL must be a path that starts and ends with "/", such as / or /redocusaurus/, without a query, a fragment or an empty segment; got ${JSON.stringify(value)}.`,
    );
  }
  return value;
}

export function parseSiteUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`SITE_URL must be an absolute URL such as https://owner.github.io; got ${JSON.stringify(value)}.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`SITE_URL must be an http or https URL; got ${JSON.stringify(value)}.`);
  }
  if (url.username || url.password) {
    throw new Error('SITE_URL must not hold a user name or password.');
  }
  // `new URL` turns "https://a.b" into pathname "/"; anything more is a path the site would not be served under.
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new Error(
      `SITE_URL must be an origin without a path, such as https://owner.github.io; put the path in BASE_URL (${JSON.stringify(value)} has ${JSON.stringify(url.pathname + url.search + url.hash)}).`,
    );
  }
  return url.origin;
}

/** The site's address from the environment; unset or empty variables take the defaults. */
export function siteAddress(env: NodeJS.ProcessEnv = process.env): SiteAddress {
  return {
    url: parseSiteUrl(env.SITE_URL || DEFAULT_SITE_URL),
    baseUrl: parseBaseUrl(env.BASE_URL || DEFAULT_BASE_URL),
  };
}
