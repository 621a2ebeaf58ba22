/**
 * reference-kit/lib/referencePages.js through the plugin (reference-kit/lib/specDataPlugin.js), run
 * as Docusaurus runs it on a spec with `pages: 'tag'`: the routes it adds, and what each page's data
 * module holds (its operations, outline, title, neighbours; the overview's list of pages and the
 * map that sends a one-page link to its page). Node only: no browser page is opened.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {createRequire} from 'node:module';
import {AppStore, MarkdownRenderer, MenuStore} from 'redoc';
import {PieceStore} from '../../reference-kit/reference/shared/pieceStore';
import {liveInstances} from '../../scripts/liveInstances';
import {expect, test} from '@playwright/test';

interface Plugin {
  loadContent(): Promise<unknown>;
  contentLoaded(args: {content: unknown; actions: Record<string, unknown>}): Promise<void>;
}
interface Route {
  path: string;
  component: string;
  modules: {specProps: string};
}
interface PageData {
  id: string;
  meta: {
    summary: {title: string; description: string};
    outline: {id: string; type: string; items?: {id: string}[]}[];
    pages: {overview: {title: string; permalink: string}; current: string; previous?: {permalink: string}; next?: {permalink: string}; redirects?: Record<string, string>};
  };
  pieces: {base: string; operations: [string, string, string, number, number][]};
}
// Redoc's own jsdom, as tests/reference-kit/renderReference.spec.ts reaches it (not a dependency of the site).
const {JSDOM} = createRequire(require.resolve('redoc/package.json'))('jsdom') as typeof import('jsdom');
const specDataPlugin = require('../../reference-kit/lib/specDataPlugin.js') as ((context: unknown, options: unknown) => Plugin) & {
  validateOptions(args: {options: unknown; validate: unknown}): unknown;
};

const op = (operationId: string, tags?: string[]) => ({operationId, summary: operationId, ...(tags && {tags}), responses: {200: {description: 'OK'}}});

/** Tags in `x-tagGroups` order, an operation under two tags, a tag only operations name, untagged operations, a tag without any. */
const SPEC = {
  openapi: '3.0.3',
  info: {title: 'Shop', version: '1.0.0', description: 'The shop.', contact: {email: 'shop@example.com'}},
  'x-tagGroups': [{name: 'All', tags: ['Store', 'Pets']}],
  tags: [
    {name: 'Pets', description: 'Everything about **pets**, see [the `Pet` schema](#tag/Pets).\n\nMore about them.'},
    {name: 'Store', 'x-displayName': 'The store'},
    {name: 'Notes', description: 'A tag with no operation.'},
  ],
  paths: {
    '/pets': {summary: 'Pets', get: {...op('listPets', ['Pets']), responses: {200: {description: 'OK', content: {'application/json': {schema: {$ref: '#/components/schemas/Pet'}}}}}}, post: op('addPet', ['Pets', 'Store'])},
    '/orders': {get: op('listOrders', ['Store'])},
    '/users/{id}': {get: op('getUser')},
    '/users': {post: op('createUser')},
    '/health': {get: op('health')},
    '/tricks': {get: op('trick', ['Evil](javascript:alert(1)) <img src=x onerror=alert(2)>'])},
  },
  components: {
    securitySchemes: {key: {type: 'apiKey', in: 'header', name: 'X-Key'}},
    schemas: {
      Pet: {type: 'object', properties: {owner: {$ref: '#/components/schemas/User'}}},
      User: {type: 'object'},
      Order: {type: 'object', 'x-tags': ['Store']},
      Unused: {type: 'object'},
    },
  },
};

async function runPlugin(options: Record<string, unknown>): Promise<{routes: Route[]; data: Map<string, PageData>}> {
  const siteDir = await fs.mkdtemp(path.join(os.tmpdir(), 'reference-pages-'));
  try {
    const specFile = path.join(siteDir, 'shop.json');
    await fs.writeFile(specFile, JSON.stringify(SPEC));
    const context = {siteDir, baseUrl: '/', siteConfig: {url: 'https://docs.example', baseUrl: '/'}, outDir: path.join(siteDir, 'build')};
    const plugin = specDataPlugin(context, {id: 'shop', spec: specFile, ...options});
    const sources = new Map<string, string>();
    const routes: Route[] = [];
    const createData = async (name: string, source: string) => {
      sources.set(name, source);
      return name;
    };
    await plugin.contentLoaded({content: await plugin.loadContent(), actions: {createData, setGlobalData: () => undefined, addRoute: (route: Route) => routes.push(route)}});
    const data = new Map<string, PageData>();
    const bundles = evaluatePiecesModule(sources);
    for (const route of routes) data.set(route.path, evaluateDataModule(sources.get(route.modules.specProps)!, bundles));
    return {routes, data};
  } finally {
    await fs.rm(siteDir, {recursive: true, force: true});
  }
}

/** A module's default export: its source run with `require` reading the other modules written. */
function evaluateModule(source: string, sources: Map<string, string>, names: string[] = [], values: unknown[] = []): unknown {
  const body = source.replace(/^import .*$/gm, '').replace('export default ', 'return ');
  const require = (name: string) => {
    const module = {exports: undefined as unknown};
    new Function('module', sources.get(name)!)(module);
    return module.exports;
  };
  return new Function('require', ...names, body)(require, ...values);
}

/** The spec's pieces module (a small spec's: its bundles are modules too). */
function evaluatePiecesModule(sources: Map<string, string>): object {
  return evaluateModule(sources.get('spec-pieces-shop.js')!, sources) as object;
}

/** A data module's registration, as the browser would make it. */
function evaluateDataModule(source: string, bundles: object): PageData {
  const register = (id: string, meta: PageData['meta'], pieces: PageData['pieces']) => ({id, meta, pieces});
  return evaluateModule(source, new Map(), ['registerSpecData', 'bundles'], [register, bundles]) as PageData;
}

test('an overview and a page per tag, in the menu’s order, then the untagged operations by the first segment of their path', async () => {
  const {routes, data} = await runPlugin({route: '/shop/', pages: 'tag'});
  expect(routes.map((route) => route.path)).toEqual(['/shop/', '/shop/store/', '/shop/pets/', '/shop/evil-javascript-alert-1-img-src-x-onerror-alert-2/', '/shop/users/', '/shop/health/']);
  expect(new Set(routes.map((route) => route.component))).toEqual(new Set(['@theme/ApiDoc']));

  const operationsOf = (route: string) => data.get(route)!.pieces.operations.map(([, where, method]) => `${method || 'item'} ${where}`);
  expect(operationsOf('/shop/pets/')).toEqual(['item /pets', 'get /pets', 'post /pets']);
  expect(operationsOf('/shop/store/')).toEqual(['item /pets', 'post /pets', 'item /orders', 'get /orders']);
  expect(operationsOf('/shop/users/')).toEqual(['item /users/{id}', 'get /users/{id}', 'item /users', 'post /users']);
  expect(operationsOf('/shop/')).toEqual([]);

  // Each tag page's menu is its tag alone, the operation of two tags included under this one.
  const store = data.get('/shop/store/')!;
  expect(store.meta.outline.map((item) => item.id)).toEqual(['tag/Store']);
  // Redoc lists the schemas that name the tag in `x-tags` under it, on its page too.
  expect(store.meta.outline[0]!.items!.map((item) => item.id)).toEqual(['schema/Order', 'tag/Store/operation/addPet', 'tag/Store/operation/listOrders']);
  expect(data.get('/shop/pets/')!.meta.outline[0]!.items!.map((item) => item.id)).toEqual(['tag/Pets/operation/listPets', 'tag/Pets/operation/addPet']);

  // Titles and descriptions of their own; the API's details stay on the overview.
  expect(store.meta.summary.title).toBe('The store · Shop');
  expect(data.get('/shop/pets/')!.meta.summary.description).toBe('Everything about pets, see the Pet schema.');
  const pageBase = JSON.parse(store.pieces.base);
  expect(pageBase.info).toEqual({title: 'Shop', version: '1.0.0'});
  expect(pageBase.tags).toEqual([{name: 'Store', 'x-displayName': 'The store'}]);
  expect(pageBase['x-tagGroups']).toBeUndefined();
  expect(pageBase.components.securitySchemes.key.type).toBe('apiKey');
});

test('the pages link to each other in order, and the overview knows which page holds each section', async () => {
  const {routes, data} = await runPlugin({route: '/shop', pages: 'tag'});
  const paths = routes.map((route) => route.path);
  expect(paths[0]).toBe('/shop');
  expect(paths[1]).toBe('/shop/store');
  for (const [index, route] of paths.entries()) {
    const {pages} = data.get(route)!.meta;
    expect(pages.overview).toEqual({title: 'Shop', permalink: '/shop'});
    expect(pages.previous?.permalink).toBe(index === 0 ? undefined : paths[index - 1]);
    expect(pages.next?.permalink).toBe(paths[index + 1]);
  }
  const {redirects} = data.get('/shop')!.meta.pages;
  expect(redirects).toMatchObject({'tag/Store': '/shop/store', 'tag/Pets': '/shop/pets', 'schema/Order': '/shop/store', 'operation/getUser': '/shop/users', 'operation/health': '/shop/health'});
  expect(Object.keys(redirects!).filter((id) => id.startsWith('tag/Store/'))).toEqual([]);
  expect(Object.values(redirects!).every((page) => paths.includes(page))).toBe(true);
});

test('the overview: the API’s description, its authentication, the tags without operations, and a list of the pages that a tag’s name cannot turn into markup', async () => {
  const {data} = await runPlugin({route: '/shop/', pages: 'tag'});
  const overview = JSON.parse(data.get('/shop/')!.pieces.base);
  expect(overview.tags.map((tag: {name: string}) => tag.name)).toEqual(['Notes']);
  expect(overview.info.contact).toEqual({email: 'shop@example.com'});
  const description: string = overview.info.description;
  expect(description.startsWith('The shop.\n\n# Authentication\n\n<SecurityDefinitions />\n\n# Pages\n')).toBe(true);
  expect(description).toContain('- [The store](/shop/store/): 2 operations');
  expect(description).toContain('- [/users](/shop/users/): 2 operations');
  expect(description).toContain('- [/health](/shop/health/): 1 operation\n');
  const rendered = new JSDOM(new MarkdownRenderer().renderMd(description)).window.document;
  const hrefs = Array.from(rendered.querySelectorAll('a'), (link) => link.getAttribute('href'));
  expect(hrefs).toEqual(['/shop/store/', '/shop/pets/', '/shop/evil-javascript-alert-1-img-src-x-onerror-alert-2/', '/shop/users/', '/shop/health/']);
  expect(rendered.querySelectorAll('img')).toHaveLength(0);
});

test('one page stays the default; any other value, or pages without a route, fails with the spec named', async () => {
  const {routes} = await runPlugin({route: '/shop/'});
  expect(routes.map((route) => route.path)).toEqual(['/shop/']);
  expect(() => specDataPlugin.validateOptions({options: {id: 'shop', spec: 'x.yaml', pages: 'operation'}, validate: (_: unknown, options: unknown) => options})).toThrow(
    /the spec "shop" has `pages: "operation"`; `pages` is 'one' or 'tag'/,
  );
  await expect(runPlugin({pages: 'tag'})).rejects.toThrow(/the spec "shop" has `pages: 'tag'`, which needs a `route`/);
});

test('a page’s spec holds the components its operations reach and the schemas its tag lists; its store forgets them when released', async () => {
  const {data} = await runPlugin({route: '/shop/', pages: 'tag'});
  const components = (route: string) => {
    const store = new PieceStore(data.get(route)!.pieces as never);
    const whole = store.whole() as {components: {schemas: Record<string, unknown>}};
    return {store, whole, schemas: Object.keys(whole.components.schemas)};
  };
  expect(components('/shop/pets/').schemas).toEqual(['Pet', 'User']);
  expect(components('/shop/store/').schemas).toEqual(['Order']);
  expect(components('/shop/users/').schemas).toEqual([]);
  const {store, whole} = components('/shop/pets/');
  store.release();
  const again = store.whole();
  expect(again).not.toBe(whole);
  expect(again).toEqual(whole);
});

test('the plugin keeps none of the stores it reads outlines from: Redoc’s menu, subscribed to a history the whole process shares, goes with its store', async () => {
  const before = await liveInstances({AppStore, MenuStore});
  const {routes} = await runPlugin({route: '/shop/', pages: 'tag'});
  expect(routes.length).toBeGreaterThan(3);
  expect(await liveInstances({AppStore, MenuStore})).toEqual(before);
});
