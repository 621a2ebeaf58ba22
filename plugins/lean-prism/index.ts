/**
 * Prism the size of this site's code blocks, loaded only with them.
 *
 * - The classic theme registers a client module that imports Prism so that it can add
 *   `prism.additionalLanguages`. Client modules are part of the main bundle, so every page
 *   paid for Prism. With no additional languages that module does nothing else, so it is
 *   swapped for an empty one; code blocks import Prism themselves, in their own chunks.
 * - prism-react-renderer brings its own Prism with some 30 languages (68 KB). It is swapped
 *   for `./prism.ts`: Prism's core and the languages our pages show.
 * - A code file imported with `?highlight` is highlighted at build time (./highlightLoader.ts),
 *   for ./StaticCodeBlock.tsx: fixed code shown without Prism in the browser.
 */
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {ThemeConfig} from '@docusaurus/preset-classic';
import webpack from 'webpack';
import type {LoaderOptions} from './highlightLoader';

const THEME_PRISM_CLIENT_MODULE = /@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages(\.js)?$/;
/** How prism-react-renderer's code imports its bundled Prism. */
const RENDERER_PRISM_REQUEST = /^\.\.\/prism\/index\.js$/;
const RENDERER_DIR = /[\\/]prism-react-renderer[\\/]/;

export default function leanPrismPlugin(context: LoadContext): Plugin {
  const {prism} = context.siteConfig.themeConfig as ThemeConfig;
  // Additional languages need the theme's module and the full Prism: leave both alone.
  const configurable = (prism?.additionalLanguages ?? []).length === 0;
  const highlightRule = {
    resourceQuery: /^\?highlight$/,
    type: 'javascript/auto',
    use: [
      {
        loader: require.resolve('./highlightLoader'),
        // The site's themes, as the theme's code blocks use them.
        options: {themes: {light: prism?.theme, dark: prism?.darkTheme ?? prism?.theme}} as LoaderOptions,
      },
    ],
  };
  return {
    name: 'lean-prism',
    configureWebpack() {
      return {
        module: {rules: [highlightRule]},
        plugins: configurable
          ? [
              new webpack.NormalModuleReplacementPlugin(THEME_PRISM_CLIENT_MODULE, require.resolve('./emptyClientModule')),
              // Swapped before resolution, so that ./prism.ts resolves its own imports from its folder.
              new webpack.NormalModuleReplacementPlugin(RENDERER_PRISM_REQUEST, (resource: {context: string; request: string}) => {
                if (RENDERER_DIR.test(resource.context)) resource.request = require.resolve('./prism');
              }),
            ]
          : [],
      };
    },
  };
}
