/**
 * The site's one style sheet without the rules no page can match.
 *
 * Docusaurus puts all CSS in one file that every page loads first: Infima whole (avatars, pills,
 * pagination, a hundred spacing and text utilities…), of which the site uses a part. A class that
 * no script of the build mentions is on no element: the pages are rendered by those scripts, on
 * the server and in the browser, and whatever adds a class at run time names it there too. So a
 * selector that needs such a class is dropped, and a rule left without selectors goes; then the
 * custom properties that neither the remaining CSS nor any script uses.
 *
 * "Mentions" is kept wide so that names built at run time survive: a class is used when it is a
 * word of the scripts, starts with a word that ends in `-` or `_` (`alert--${type}`), or is two
 * words joined (`M + '--selected'`, as react-tabs builds its state classes). Classes under
 * :not(), :is(), :where() and :has() never decide. Production client builds only.
 */
import type {Plugin} from '@docusaurus/types';
import postcss, {type Rule} from 'postcss';
import selectorParser from 'postcss-selector-parser';
import webpack, {type Compilation, type Compiler} from 'webpack';

const NAME = 'lean-css';
const WORD = /[A-Za-z0-9_-]+/g;

export function usedNames(scripts: string[]): (name: string) => boolean {
  const words = new Set(scripts.flatMap((script) => script.match(WORD) ?? []));
  const prefixes = [...words].filter((word) => word.length > 2 && /[-_]$/.test(word));
  const joined = (name: string): boolean => {
    for (let i = 1; i < name.length; i++) if (words.has(name.slice(0, i)) && words.has(name.slice(i))) return true;
    return false;
  };
  return (name) =>
    !/^[A-Za-z0-9_-]+$/.test(name) || words.has(name) || prefixes.some((prefix) => name.startsWith(prefix)) || joined(name);
}

/** Whether a selector can match, given the classes in use. */
function canMatch(selector: selectorParser.Selector, used: (name: string) => boolean): boolean {
  let matches = true;
  selector.walkClasses((node) => {
    for (let parent = node.parent; parent; parent = parent.parent) if (parent.type === 'pseudo') return;
    if (!used(node.value)) matches = false;
  });
  return matches;
}

export function purgeCss(css: string, scripts: string[]): string {
  const used = usedNames(scripts);
  const root = postcss.parse(css);
  root.walkRules((rule: Rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as postcss.AtRule).name)) return;
    const kept: string[] = [];
    selectorParser((selectors) => {
      selectors.each((selector) => {
        if (canMatch(selector, used)) kept.push(selector.toString());
      });
    }).processSync(rule.selector);
    if (kept.length === 0) rule.remove();
    else rule.selector = kept.join(',');
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes && atRule.nodes.length === 0) atRule.remove();
  });
  // Custom properties: again until none goes, as one variable may only be read by another.
  const allScripts = scripts.join('\n');
  for (let removed = true; removed; ) {
    removed = false;
    const read = new Set(root.toString().match(/var\(\s*--[A-Za-z0-9_-]+/g)?.map((ref) => ref.replace(/^var\(\s*/, '')));
    root.walkDecls(/^--/, (decl) => {
      if (read.has(decl.prop) || allScripts.includes(decl.prop)) return;
      decl.remove();
      removed = true;
    });
    root.walkRules((rule) => {
      if (rule.nodes.length === 0) rule.remove();
    });
  }
  return root.toString();
}

class PurgeUnusedCss {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap(NAME, (compilation: Compilation) => {
      compilation.hooks.processAssets.tap(
        // After minification, before the real content hashes name the files.
        {name: NAME, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE},
        (assets) => {
          const names = Object.keys(assets);
          const scripts = names.filter((name) => name.endsWith('.js')).map((name) => assets[name]!.source().toString());
          for (const name of names.filter((file) => file.endsWith('.css'))) {
            const css = purgeCss(assets[name]!.source().toString(), scripts);
            compilation.updateAsset(name, new webpack.sources.RawSource(css));
          }
        },
      );
    });
  }
}

export default function leanCssPlugin(): Plugin {
  return {
    name: NAME,
    configureWebpack(config, isServer) {
      if (isServer || config.mode !== 'production') return {};
      return {plugins: [new PurgeUnusedCss()]};
    },
  };
}
