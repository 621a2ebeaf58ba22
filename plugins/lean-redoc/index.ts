/**
 * Redoc with only the Prism grammars this site's specs use (every build, server and client alike,
 * so that their HTML agrees). Redoc's bundle loads Prism with two dozen languages' grammars,
 * evaluated on every API page, to highlight code. The option `codeLanguages` names the languages
 * of the code in the site's specs, samples and Markdown alike (scripts/build/specs.ts reads them from
 * the specs at build time). The grammars for those, for XML and CSV payloads, and the grammars
 * they extend are kept (./prismLanguages.ts); the others are replaced by an empty module. A sample
 * in a language left out would still show, highlighted as Redoc highlights languages it does not
 * know (C-like).
 *
 * Site-only, not part of reference-kit/: it needs the languages of the specs, read by the site's
 * own spec handling, and saves less than the kit's parts (reference-kit/README.md).
 */
import type {LoadContext, Plugin} from '@docusaurus/types';
import webpack from 'webpack';
import {prismComponentsToKeep} from './prismLanguages';

export interface Options {
  /** The language of every piece of code in the site's specs: code samples' `lang`, Markdown code fences'. */
  codeLanguages: string[];
}

const PRISM_GRAMMAR_REQUEST = /^prismjs\/components\/prism-([\w-]+)\.js$/;
const REDOC_BUNDLE = /[\\/]node_modules[\\/]redoc[\\/]bundles$/;

type Resource = {context: string; request: string};

export default function leanRedocPlugin(_context: LoadContext, {codeLanguages}: Options): Plugin {
  const keptGrammars = prismComponentsToKeep(codeLanguages);
  return {
    name: 'lean-redoc',
    configureWebpack() {
      const leaveOutGrammars = new webpack.NormalModuleReplacementPlugin(PRISM_GRAMMAR_REQUEST, (resource: Resource) => {
        const grammar = PRISM_GRAMMAR_REQUEST.exec(resource.request)?.[1];
        if (REDOC_BUNDLE.test(resource.context) && grammar && !keptGrammars.has(grammar)) {
          resource.request = require.resolve('./prismGrammarLeftOut');
        }
      });
      return {plugins: [leaveOutGrammars]};
    },
  };
}
