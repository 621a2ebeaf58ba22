// @ts-check
/**
 * webpack loader for Redoc's bundle (./themePlugin.js): Redoc draws "API docs by Redocly" under
 * its menu with an image from cdn.redoc.ly, a request to another site on every API page that
 * fails offline. The image becomes an inline SVG (a neutral mark: two stacked pages), marked
 * decorative, since the link's text already says what it is.
 */
const CDN_LOGO = '"https://cdn.redoc.ly/redoc/logo-mini.svg"';
const LOGO_ALT = 'alt:"redocly logo"';

const MARK =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">' +
  '<rect x="4" y="1" width="10" height="12" rx="2" fill="#8d949e"/>' +
  '<rect x="2" y="3" width="10" height="12" rx="2" fill="#606770"/>' +
  '<path d="M5 7h4M5 10h3" stroke="#fff" stroke-width="1.5" stroke-linecap="round"/></svg>';
const INLINE_MARK = JSON.stringify(`data:image/svg+xml,${encodeURIComponent(MARK)}`);

/**
 * @this {import('webpack').LoaderContext<unknown>}
 * @param {string} source
 */
function redocLogoLoader(source) {
  if (source.includes(INLINE_MARK)) return source;
  // Fail loudly when a Redoc upgrade moves the logo, rather than silently calling the CDN again.
  if (!source.includes(CDN_LOGO) || !source.includes(LOGO_ALT)) {
    throw new Error(`reference-kit: ${this.resourcePath} no longer has Redoc's CDN logo; update reference-kit/lib/redocLogoLoader.js.`);
  }
  return source.split(CDN_LOGO).join(INLINE_MARK).split(LOGO_ALT).join('alt:""');
}

module.exports = redocLogoLoader;
