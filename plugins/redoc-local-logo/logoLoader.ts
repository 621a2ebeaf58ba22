// webpack loader for Redoc's bundle; see ./index.ts.
import type {LoaderContext} from 'webpack';

const CDN_LOGO = '"https://cdn.redoc.ly/redoc/logo-mini.svg"';
const LOGO_ALT = 'alt:"redocly logo"';

function localLogoLoader(this: LoaderContext<{url: string}>, source: string): string {
  const {url} = this.getOptions();
  // Fail loudly when a Redoc upgrade moves the logo, rather than silently calling the CDN again.
  if (!source.includes(CDN_LOGO) || !source.includes(LOGO_ALT)) {
    throw new Error(`redoc-local-logo: ${this.resourcePath} no longer contains Redoc's CDN logo; update plugins/redoc-local-logo.`);
  }
  return source.split(CDN_LOGO).join(JSON.stringify(url)).split(LOGO_ALT).join('alt:""');
}

export = localLogoLoader;
