/**
 * Redoc without its in-browser spec loader, in the production client bundle.
 *
 * Redoc's browser build requires `@redocly/openapi-core`'s bundler and config, and `yaml`
 * for the Swagger 2.0 converter it carries, all for `loadAndBundleSpec`: fetching and
 * bundling a spec in the browser (`RedocStandalone` with a `specUrl`). A production build
 * of this site never does that, as the plugin loads every spec at build time, yet every API
 * page downloaded and compiled that code. The requests are answered by ./specLoaderStub.ts,
 * which fails clearly if anything calls it. Development (`npm start`) keeps the real loader:
 * there the theme fetches URL specs in the browser.
 */
import type {Plugin} from '@docusaurus/types';
import webpack from 'webpack';

/** What `loadAndBundleSpec` alone needs, as Redoc's bundle requests it. */
const SPEC_LOADER_REQUESTS = /^(@redocly\/openapi-core\/lib\/(bundle|config\/config)|yaml)$/;
const REDOC_BUNDLE = /[\\/]node_modules[\\/]redoc[\\/]bundles$/;

export default function leanRedocPlugin(): Plugin {
  return {
    name: 'lean-redoc',
    configureWebpack(config, isServer) {
      if (isServer || config.mode !== 'production') return {};
      return {
        plugins: [
          new webpack.NormalModuleReplacementPlugin(SPEC_LOADER_REQUESTS, (resource: {context: string; request: string}) => {
            if (REDOC_BUNDLE.test(resource.context)) resource.request = require.resolve('./specLoaderStub');
          }),
        ],
      };
    },
  };
}
