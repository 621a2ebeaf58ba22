/**
 * Redoc without code this site's pages never run.
 *
 * Prism grammars (every build, server and client alike, so that their HTML agrees). Redoc's
 * bundle loads Prism with two dozen languages' grammars, evaluated on every API page, to
 * highlight code. The option `codeLanguages` names the languages of the code in the site's
 * specs, samples and Markdown alike (scripts/specs.ts reads them from the specs at build time).
 * The grammars for those, for XML and CSV payloads, and the grammars they extend are kept
 * (./prismLanguages.ts); the others are replaced by an empty module. A sample in a language left
 * out would still show, highlighted as Redoc highlights languages it does not know (C-like).
 *
 * The in-browser spec loader (the production client bundle). Redoc's browser build requires
 * `@redocly/openapi-core`'s bundler and config, and `yaml` for the Swagger 2.0 converter it
 * carries, all for `loadAndBundleSpec`: fetching and bundling a spec in the browser
 * (`RedocStandalone` with a `specUrl`). A production build of this site never does that, as the
 * plugin loads every spec at build time, yet every API page downloaded and compiled that code.
 * The requests are answered by ./specLoaderStub.ts, which fails clearly if anything calls it.
 * Development (`npm start`) keeps the real loader: there the theme fetches URL specs in the
 * browser.
 */
import type {LoadContext, Plugin} from '@docusaurus/types';
import webpack from 'webpack';
import {prismComponentsToKeep} from './prismLanguages';

export interface Options {
  /** The language of every piece of code in the site's specs: code samples' `lang`, Markdown code fences'. */
  codeLanguages: string[];
}

/** What `loadAndBundleSpec` alone needs, as Redoc's bundle requests it. */
const SPEC_LOADER_REQUESTS = /^(@redocly\/openapi-core\/lib\/(bundle|config\/config)|yaml)$/;
const PRISM_GRAMMAR_REQUEST = /^prismjs\/components\/prism-([\w-]+)\.js$/;
const REDOC_BUNDLE = /[\\/]node_modules[\\/]redoc[\\/]bundles$/;

type Resource = {context: string; request: string};

export default function leanRedocPlugin(_context: LoadContext, {codeLanguages}: Options): Plugin {
  const keptGrammars = prismComponentsToKeep(codeLanguages);
  return {
    name: 'lean-redoc',
    configureWebpack(config, isServer) {
      const leaveOutGrammars = new webpack.NormalModuleReplacementPlugin(PRISM_GRAMMAR_REQUEST, (resource: Resource) => {
        const grammar = PRISM_GRAMMAR_REQUEST.exec(resource.request)?.[1];
        if (REDOC_BUNDLE.test(resource.context) && grammar && !keptGrammars.has(grammar)) {
          resource.request = require.resolve('./prismGrammarLeftOut');
        }
      });
      if (isServer || config.mode !== 'production') return {plugins: [leaveOutGrammars]};
      const leaveOutSpecLoader = new webpack.NormalModuleReplacementPlugin(SPEC_LOADER_REQUESTS, (resource: Resource) => {
        if (REDOC_BUNDLE.test(resource.context)) resource.request = require.resolve('./specLoaderStub');
      });
      return {plugins: [leaveOutGrammars, leaveOutSpecLoader]};
    },
  };
}
