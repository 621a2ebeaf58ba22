/**
 * Offline search: @easyops-cn/docusaurus-search-local, with the API pages
 * indexed operation by operation.
 *
 * The search plugin indexes what the build wrote. A Redoc page, as built, is
 * one long page without the headings and hash links it splits docs at, so
 * this wrapper runs the plugin's index step on a temporary copy of the built
 * pages in which each API page is rewritten as a document with one section
 * per Redoc section (./apiDocument.ts). Everything else (theme, search page,
 * options) is the search plugin's own.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type {LoadContext, OptionValidationContext, Plugin} from '@docusaurus/types';
import type {PluginOptions as SearchOptions} from '@easyops-cn/docusaurus-search-local';
import {apiSearchDocument} from './apiDocument';

export interface Options extends SearchOptions {
  /** Routes of the pages Redoc renders a whole spec on (as the site writes them, e.g. `/examples/x/`). */
  apiRoutes: string[];
}

/** What the navbar's lightweight search box (src/theme/SearchBar) needs before the real one loads. */
export interface SearchBarGlobalData {
  searchBarShortcut: boolean;
  searchBarShortcutHint: boolean;
}

// The package's typings describe only its options; these are the exports of its entry point.
interface SearchLocalModule {
  default(context: LoadContext, options: SearchOptions): Plugin;
  validateOptions(context: OptionValidationContext<SearchOptions, SearchOptions>): SearchOptions;
}
const searchLocal = require('@easyops-cn/docusaurus-search-local') as SearchLocalModule;

type PostBuildProps = Parameters<NonNullable<Plugin['postBuild']>>[0];

function toArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** A route as the search plugin compares them: no base URL, no slash at either end. */
function bareRoute(url: string, baseUrl = '/'): string {
  return url.slice(url.startsWith(baseUrl) ? baseUrl.length : 0).replace(/^\/|\/$/g, '');
}

/** The built HTML file of a route, found the way the search plugin finds it. */
function htmlFile(outDir: string, route: string, trailingSlash: boolean | undefined): string {
  return path.join(outDir, trailingSlash === false && route !== '' ? `${route}.html` : `${route}/index.html`);
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/**
 * Writes the pages to index into `mirrorDir`, at the same paths as in the
 * build: docs and pages copied, API pages rewritten.
 */
async function writeMirror(
  props: PostBuildProps,
  mirrorDir: string,
  apiRoutes: ReadonlySet<string>,
  ignoreFiles: (string | RegExp)[],
): Promise<void> {
  const {outDir, baseUrl, routesPaths, siteConfig} = props;
  const routes = routesPaths.map((url) => bareRoute(url, baseUrl));
  for (const route of apiRoutes) {
    if (!routes.includes(route)) throw new Error(`api-search: the API route /${route}/ is not a route of the site.`);
  }
  const ignored = (route: string) =>
    ignoreFiles.some((pattern) => (typeof pattern === 'string' ? route === pattern : pattern.test(route)));

  for (const route of new Set(routes)) {
    if (ignored(route)) continue;
    const source = htmlFile(outDir, route, siteConfig.trailingSlash);
    const target = htmlFile(mirrorDir, route, siteConfig.trailingSlash);
    if (apiRoutes.has(route)) {
      if (!(await exists(source))) throw new Error(`api-search: no built HTML for the API page /${route}/ (${source}).`);
      await fs.mkdir(path.dirname(target), {recursive: true});
      await fs.writeFile(target, apiSearchDocument(await fs.readFile(source, 'utf8'), `/${route}/`));
    } else if (await exists(source)) {
      // Routes without a page of their own (404.html, redirects) have nothing to index.
      await fs.mkdir(path.dirname(target), {recursive: true});
      await fs.copyFile(source, target);
    }
  }
}

export default function apiSearchPlugin(context: LoadContext, options: Options): Plugin {
  const {apiRoutes, ...searchOptions} = options;
  const apiRouteSet = new Set(apiRoutes.map((route) => bareRoute(route)));
  const plugin = searchLocal.default(context, {
    ...searchOptions,
    // The API pages count as docs, so they are indexed section by section (one section per heading).
    docsRouteBasePath: [...toArray(searchOptions.docsRouteBasePath), ...apiRouteSet],
  });
  const postBuild = plugin.postBuild!;

  return {
    ...plugin,
    async contentLoaded(args) {
      await plugin.contentLoaded?.(args);
      const data: SearchBarGlobalData = {
        searchBarShortcut: searchOptions.searchBarShortcut ?? true,
        searchBarShortcutHint: searchOptions.searchBarShortcutHint ?? true,
      };
      args.actions.setGlobalData(data);
    },
    async postBuild(props) {
      const mirrorDir = await fs.mkdtemp(path.join(os.tmpdir(), 'api-search-'));
      try {
        await writeMirror(props, mirrorDir, apiRouteSet, toArray(searchOptions.ignoreFiles));
        // With no docs plugins passed, every route under docsRouteBasePath is a docs page; with
        // them, the search plugin would keep only the docs plugin's own pages and drop the API pages.
        await postBuild({...props, outDir: mirrorDir, plugins: []});
        const indexFiles = (await fs.readdir(mirrorDir)).filter((name) => /^search-index.*\.json$/.test(name));
        if (indexFiles.length === 0) throw new Error('api-search: the search plugin wrote no search-index*.json.');
        await Promise.all(
          indexFiles.map((name) => fs.copyFile(path.join(mirrorDir, name), path.join(props.outDir, name))),
        );
      } finally {
        await fs.rm(mirrorDir, {recursive: true, force: true});
      }
    },
  };
}

export function validateOptions({validate, options}: OptionValidationContext<Options, Options>): Options {
  const {apiRoutes, ...searchOptions} = options;
  if (!Array.isArray(apiRoutes) || apiRoutes.length === 0 || apiRoutes.some((route) => !route.startsWith('/'))) {
    throw new Error('api-search: `apiRoutes` must list the routes of the API pages, each starting with "/".');
  }
  const validated = searchLocal.validateOptions({
    validate: validate as unknown as OptionValidationContext<SearchOptions, SearchOptions>['validate'],
    options: searchOptions,
  });
  return {...validated, apiRoutes};
}
