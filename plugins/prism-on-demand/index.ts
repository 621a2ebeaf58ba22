/**
 * Loads Prism only on pages that show a code block.
 *
 * The classic theme registers a client module that imports prism-react-renderer's Prism
 * (about 95 KB of JS, 30 KB gzip) so that it can add `prism.additionalLanguages`. Client
 * modules are part of the main bundle, so every page paid for Prism. With no additional
 * languages that module does nothing else, so this plugin swaps it for an empty one; the
 * code block component still imports Prism itself, in the chunks of the pages that use it.
 */
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {ThemeConfig} from '@docusaurus/preset-classic';
import webpack from 'webpack';

const THEME_PRISM_CLIENT_MODULE = /@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages(\.js)?$/;

export default function prismOnDemandPlugin(context: LoadContext): Plugin {
  const {prism} = context.siteConfig.themeConfig as ThemeConfig;
  // With additional languages the theme's module is needed to register them: leave it alone.
  const needed = (prism?.additionalLanguages ?? []).length > 0;
  return {
    name: 'prism-on-demand',
    configureWebpack() {
      if (needed) return {};
      return {
        plugins: [new webpack.NormalModuleReplacementPlugin(THEME_PRISM_CLIENT_MODULE, require.resolve('./emptyClientModule'))],
      };
    },
  };
}
