/**
 * Offline search: @easyops-cn/docusaurus-search-local, with API pages
 * indexed operation by operation.
 *
 * The search plugin indexes what the build wrote. A Redoc page, as built, is
 * one long page without the headings and hash links it splits docs at, so
 * this wrapper runs the plugin's index step on a temporary copy of the built
 * pages in which each API page of `indexedApiRoutes` is rewritten as a document
 * with one section per Redoc section, and the other API pages (on this site, the
 * same API from other sources) as their title alone (./apiDocument.ts). Each
 * section's hit also gets its context (an operation's tag) in the index.
 *
 * The index file is named by a cache key of everything it is built from,
 * specs included (./cacheKey.ts), rather than by the plugin's `hashed`, which
 * hashes only the docs' Markdown. The navbar's search box is the site's own
 * (src/theme/SearchBar); the search page and the index format are the plugin's.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type {LoadContext, OptionValidationContext, Plugin} from '@docusaurus/types';
import type {PluginOptions as SearchOptions} from '@easyops-cn/docusaurus-search-local';
import {apiPageDocument, apiSearchDocument} from './apiDocument';
import {searchIndexKey} from './cacheKey';

export interface Options extends Omit<SearchOptions, 'hashed'> {
  /** Routes of the pages Redoc renders a whole spec on (as the site writes them, e.g. `/examples/x/`). */
  apiRoutes: string[];
  /**
   * The API routes indexed section by section: each operation, tag and schema a hit of its own.
   * The other `apiRoutes` are found as pages, by title and description (use this when several
   * pages render the same API, so that each operation is found once).
   */
  indexedApiRoutes: string[];
}

/** What the navbar's search box (src/theme/SearchBar) needs from the plugin. */
export interface SearchBarGlobalData {
  searchBarShortcut: boolean;
  searchBarShortcutHint: boolean;
  searchResultLimits: number;
}

/** A document of the written index (typed once, in src/types/search-local.d.ts). */
import type {IndexedDocument} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/SearchSourceFactory';
export type {IndexedDocument};

/** One part of the written index per document type (title, heading, description, keywords, content). */
type SearchIndex = {documents: IndexedDocument[]; index: unknown}[];

const INDEX_NAME = 'search-index.json';
/** The index's file name for a cache key. */
export const indexFileName = (key: string) => `search-index-${key}.json`;

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

/** The URL the search plugin gives a page's documents (`u`): base URL, route, trailing slash. */
const pageUrl = (baseUrl: string, route: string) => `${baseUrl}${route}/`;

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
 * build: docs and pages copied, API pages rewritten. Returns the context of
 * each section of the API pages indexed section by section, by URL and anchor.
 */
async function writeMirror(
  props: PostBuildProps,
  mirrorDir: string,
  apiRoutes: ReadonlySet<string>,
  indexedRoutes: ReadonlySet<string>,
  ignoreFiles: (string | RegExp)[],
): Promise<Map<string, string>> {
  const contexts = new Map<string, string>();
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
      const html = await fs.readFile(source, 'utf8');
      if (indexedRoutes.has(route)) {
        const {document, sections} = apiSearchDocument(html, `/${route}/`);
        for (const section of sections) {
          if (section.context) contexts.set(`${pageUrl(baseUrl, route)}#${section.id}`, section.context);
        }
        await fs.writeFile(target, document);
      } else {
        await fs.writeFile(target, apiPageDocument(html, `/${route}/`));
      }
    } else if (await exists(source)) {
      // Routes without a page of their own (404.html, redirects) have nothing to index.
      await fs.mkdir(path.dirname(target), {recursive: true});
      await fs.copyFile(source, target);
    }
  }
  return contexts;
}

/** The search plugin's generated module (searchIndexUrl and the other settings its client code imports). */
function generatedModule(context: LoadContext): string {
  return path.join(context.generatedFilesDir, '@easyops-cn/docusaurus-search-local', 'default', 'generated.js');
}

/** Points the generated module's `searchIndexUrl` at the index file named by `key`. */
async function setIndexUrl(context: LoadContext, key: string): Promise<void> {
  const file = generatedModule(context);
  const source = await fs.readFile(file, 'utf8');
  const line = /^export const searchIndexUrl = .*;$/m;
  if (!line.test(source)) throw new Error(`api-search: no searchIndexUrl in ${file}; has the search plugin changed?`);
  // `{dir}` is the plugin's placeholder for a search context; this site has none.
  const url = indexFileName(key).replace('search-index', 'search-index{dir}');
  await fs.writeFile(file, source.replace(line, `export const searchIndexUrl = ${JSON.stringify(url)};`));
}

/** The files of this plugin: a change to how pages are indexed changes the index. */
const CODE_FILES = ['index.ts', 'apiDocument.ts', 'cacheKey.ts'].map((name) => path.join(__dirname, name));

export default function apiSearchPlugin(context: LoadContext, options: Options): Plugin {
  const {apiRoutes, indexedApiRoutes, ...searchOptions} = options;
  const apiRouteSet = new Set(apiRoutes.map((route) => bareRoute(route)));
  const indexedRouteSet = new Set(indexedApiRoutes.map((route) => bareRoute(route)));
  const plugin = searchLocal.default(context, {
    ...searchOptions,
    // Unhashed: this wrapper names the index file by its own cache key (see setIndexUrl).
    hashed: false,
    // The API pages count as docs, so they are indexed section by section (one section per heading).
    docsRouteBasePath: [...toArray(searchOptions.docsRouteBasePath), ...apiRouteSet],
  });
  const postBuild = plugin.postBuild!;
  let indexKey: string | undefined;

  return {
    ...plugin,
    async contentLoaded(args) {
      await plugin.contentLoaded?.(args);
      indexKey = await searchIndexKey({
        siteDir: context.siteDir,
        allContent: args.allContent,
        siteConfig: context.siteConfig,
        options,
        codeFiles: CODE_FILES,
      });
      await setIndexUrl(context, indexKey);
      const data: SearchBarGlobalData = {
        searchBarShortcut: searchOptions.searchBarShortcut ?? true,
        searchBarShortcutHint: searchOptions.searchBarShortcutHint ?? true,
        searchResultLimits: searchOptions.searchResultLimits ?? 8,
      };
      args.actions.setGlobalData(data);
    },
    async postBuild(props) {
      if (!indexKey) throw new Error('api-search: the index has no cache key; contentLoaded did not run.');
      const mirrorDir = await fs.mkdtemp(path.join(os.tmpdir(), 'api-search-'));
      try {
        const contexts = await writeMirror(
          props,
          mirrorDir,
          apiRouteSet,
          indexedRouteSet,
          toArray(searchOptions.ignoreFiles),
        );
        // With no docs plugins passed, every route under docsRouteBasePath is a docs page; with
        // them, the search plugin would keep only the docs plugin's own pages and drop the API pages.
        await postBuild({...props, outDir: mirrorDir, plugins: []});
        const written = path.join(mirrorDir, INDEX_NAME);
        if (!(await exists(written))) throw new Error(`api-search: the search plugin wrote no ${INDEX_NAME}.`);
        const index = JSON.parse(await fs.readFile(written, 'utf8')) as SearchIndex;
        for (const document of index.flatMap((part) => part.documents)) {
          const hitContext = document.h ? contexts.get(document.u + document.h) : undefined;
          if (hitContext) document.b = [hitContext];
        }
        await fs.writeFile(path.join(props.outDir, indexFileName(indexKey)), JSON.stringify(index));
      } finally {
        await fs.rm(mirrorDir, {recursive: true, force: true});
      }
    },
  };
}

export function validateOptions({validate, options}: OptionValidationContext<Options, Options>): Options {
  const {apiRoutes, indexedApiRoutes, ...searchOptions} = options;
  if (!Array.isArray(apiRoutes) || apiRoutes.length === 0 || apiRoutes.some((route) => !route.startsWith('/'))) {
    throw new Error('api-search: `apiRoutes` must list the routes of the API pages, each starting with "/".');
  }
  if (!Array.isArray(indexedApiRoutes) || indexedApiRoutes.some((route) => !apiRoutes.includes(route))) {
    throw new Error('api-search: `indexedApiRoutes` must list routes of `apiRoutes` (those indexed section by section).');
  }
  if ('hashed' in searchOptions) {
    throw new Error('api-search: leave out `hashed`; the index file is always named by its cache key.');
  }
  const validated = searchLocal.validateOptions({
    validate: validate as unknown as OptionValidationContext<SearchOptions, SearchOptions>['validate'],
    options: searchOptions,
  });
  const {hashed: _hashed, ...rest} = validated;
  return {...rest, apiRoutes, indexedApiRoutes};
}
