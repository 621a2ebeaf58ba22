/**
 * Marks the scripts a page load runs for eager compilation (V8's explicit compile hints, Chrome
 * 136 and later; other browsers ignore the comment): the entry chunks every page loads, and the
 * chunks of the packages named in the options (Redoc, which an API page runs while it loads).
 *
 * V8 compiles a function lazily, on the main thread, the first time it runs. While a page loads,
 * that was a third of the time those scripts took on the main thread: React hydrating the page,
 * Redoc defining some three hundred styled components and its store. With
 * `//# allFunctionsCalledOnLoad` at the top of a file, V8 compiles every function in it while the
 * script streams in, on a background thread. Chunks loaded later (search, code blocks) keep lazy
 * compilation: most of their code may never run. See https://v8.dev/blog/explicit-compile-hints.
 */
import type {LoadContext, Plugin} from '@docusaurus/types';
import webpack, {type Compiler} from 'webpack';

export interface Options {
  /** Packages whose chunks are marked too, besides the entry chunks. */
  packages: string[];
}

export const MAGIC_COMMENT = '//# allFunctionsCalledOnLoad';

class CompileHintsWebpackPlugin {
  private readonly packageFile: RegExp;

  constructor(packages: string[]) {
    const names = packages.map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|');
    this.packageFile = new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);
  }

  apply(compiler: Compiler): void {
    const {Compilation, sources} = webpack;
    compiler.hooks.thisCompilation.tap('CompileHintsWebpackPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After minification, which drops comments.
        {name: 'CompileHintsWebpackPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING},
        () => {
          for (const chunk of compilation.chunks) {
            const marked =
              chunk.canBeInitial() ||
              [...compilation.chunkGraph.getChunkModulesIterable(chunk)].some((module) =>
                this.packageFile.test((module as {resource?: string}).resource ?? ''),
              );
            if (!marked) continue;
            for (const file of chunk.files) {
              if (file.endsWith('.js')) compilation.updateAsset(file, (source) => new sources.ConcatSource(`${MAGIC_COMMENT}\n`, source));
            }
          }
        },
      );
    });
  }
}

export default function compileHintsPlugin(_context: LoadContext, options: Options): Plugin {
  return {
    name: 'compile-hints',
    configureWebpack(config, isServer) {
      if (isServer || config.mode !== 'production') return {};
      return {plugins: [new CompileHintsWebpackPlugin(options.packages)]};
    },
  };
}
