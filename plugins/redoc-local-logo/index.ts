/**
 * Serves Redoc's side-menu logo from this site instead of cdn.redoc.ly.
 *
 * Redoc 2.0.0 shows "API docs by Redocly" under its menu with an <img> loaded from
 * its CDN at run time: a request to a third party on every API page, which fails
 * offline. This plugin rewrites that URL in Redoc's bundle to a copy in `static/`,
 * and marks the image decorative, since the link text next to it already says
 * what it is.
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

export interface LocalLogoOptions {
  /** Path of the image inside `static/`. */
  logo: string;
}

export default function redocLocalLogoPlugin(context: LoadContext, {logo}: LocalLogoOptions): Plugin {
  return {
    name: 'redoc-local-logo',
    configureWebpack() {
      const url = `${context.baseUrl}${logo.replace(/^\//, '')}`;
      return {
        module: {
          rules: [
            {
              test: /[\\/]redoc[\\/]bundles[\\/]redoc(\.browser)?\.lib\.js$/,
              use: [
                {
                  loader: path.join(__dirname, 'logoLoader.ts'),
                  options: {url},
                  // The URL in the module's identity: webpack names options by their place in the
                  // rules, so its persistent cache kept the URL of the previous build's base URL.
                  ident: `redoc-local-logo:${url}`,
                },
              ],
            },
          ],
        },
      };
    },
  };
}
