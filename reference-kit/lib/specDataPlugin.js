// @ts-check
/**
 * docusaurus-plugin-redoc, with each spec delivered only to the pages that render it, in a form a
 * page can load without parsing it.
 *
 * The original plugin stores the converted spec in Docusaurus global data, which is part of the
 * main bundle every page downloads, and in a JSON module for its route. This wrapper runs the
 * original plugin unchanged but writes the spec's data to a module of its own,
 * `@redoc-spec-data/<id>`, which the pages rendering the spec import (./specImportsLoader.js adds
 * the import to them) and which is the routed page's `specProps`. In that module the spec is in
 * pieces, one JSON text per operation and per component, in bundles each a module of its own
 * (./specPieces.js): the browser compiles and parses a piece only when a section of the reference
 * needs it, and the whole spec the first time something reads `spec`. A large spec's pieces are
 * text files instead, which the browser fetches and the server's render reads
 * (`FETCHED_PIECES_SIZE`, ../reference/server/pieceFiles.ts). Next to them is what a page
 * needs before that (../theme/useSpecData.ts):
 * - the headings Redoc finds in the spec's descriptions (./descriptionHeadings.js);
 * - the outline of the reference (./outline.js);
 * - the API's title and description, and whether it has a logo.
 * The spec's `info.x-logo.url` is put under the site's base URL when it is a root-relative path
 * such as `/img/logo.svg` (a file of `static/`), so that a site served under a sub-path shows it.
 * The spec's link and logo addresses are checked where Redoc renders them (the kit's Redoc patch,
 * `kitSafeUrl`), not here.
 */
const redocPluginModule = require('docusaurus-plugin-redoc');
const {AppStore, OpenAPIParser, RedocNormalizedOptions} = require('redoc');
const {recordHeadings} = require('./descriptionHeadings');
const {outlineOf} = require('./outline');
const {checkNamedSchemas} = require('./modelLimits');
const {escapeRegExp} = require('./escapeRegExp');
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');
const {bucketTexts, splitSpec} = require('./specPieces');
const {stringifyYaml} = require('@redocly/openapi-core');
const {capHeapGrowth} = require('./buildHeap');
const logger = require('@docusaurus/logger');
const {skippedSamplesWarning, withRequestSamples} = require('./requestSamples');
const {recordServerOrigins} = require('./serverOrigins');
const {overviewBase, pageBase, pageGroups, resolvePages, summaryText} = require('./referencePages');

/**
 * The name of a large spec's text file of pieces: `dataModules` writes it, and the spec's webpack
 * rule matches it (`specPiecesFiles`), from this one spelling.
 * @param {string} id
 * @param {string | number} index
 */
function specPiecesFileName(id, index) {
  return `spec-pieces-${id}-${index}.txt`;
}

/**
 * The text files of a large spec's pieces: each plugin instance's rule takes its own spec's files,
 * and none of another's.
 * @param {string} id
 */
function specPiecesFiles(id) {
  const [before, after] = specPiecesFileName(id, '\0').split('\0');
  return new RegExp(`[\\\\/]${escapeRegExp(before)}\\d+${escapeRegExp(after)}$`);
}

/**
 * Where a production build's text file of pieces is written, under the output: named as webpack
 * named them before the plugin wrote them itself (`[name].[contenthash:8][ext]`), so that a host
 * may cache it for good. Webpack read them all into the client's compilation and held them to the
 * end of the build (CHANGELOG, 1.5.0).
 * @param {string} name
 * @param {string} text
 */
function builtPiecesFile(name, text) {
  const hash = crypto.createHash('sha256').update(text).digest('hex').slice(0, 8);
  return `assets/spec/${name.replace(/\.txt$/, `.${hash}.txt`)}`;
}

/** @typedef {{from: string; to: string}} PiecesFile A text file of pieces written by `createData`, and its path under the build's output. */

/** @typedef {import('docusaurus-plugin-redoc').PluginOptions} PluginOptions */
/** @typedef {import('@docusaurus/types').LoadContext} LoadContext */
/** @typedef {import('@docusaurus/types').RouteConfig} RouteConfig */

/** @type {typeof import('docusaurus-plugin-redoc').default} */
const redocPlugin = redocPluginModule.default;
/** @typedef {ReturnType<typeof redocPlugin>} RedocPlugin */

/**
 * The import path of a spec's data module.
 * @param {string} id
 */
function specDataModule(id) {
  return `@redoc-spec-data/${id}`;
}

/**
 * The import path of the module of a spec's bundles of pieces: the server's build requires them,
 * the browser's fetches them when they are large (`FETCHED_PIECES_SIZE`).
 * @param {string} id
 */
function specPiecesModule(id) {
  return `@redoc-spec-pieces/${id}`;
}

/**
 * A root-relative logo path (one `/`, not `//host`) with the site's base URL in front.
 * @param {{info?: {'x-logo'?: {url?: unknown}}}} spec
 * @param {string} baseUrl
 */
function logoUnderBaseUrl(spec, baseUrl) {
  const logo = spec.info?.['x-logo'];
  if (!logo || typeof logo.url !== 'string' || !/^\/(?!\/)/.test(logo.url) || logo.url.startsWith(baseUrl)) return;
  logo.url = baseUrl + logo.url.slice(1);
}

/** Characters of JSON per bundle of pieces: a few milliseconds for a phone to compile. */
const BUCKET_SIZE = 48_000;

/**
 * Characters of JSON past which the browser fetches a spec's pieces as text files instead of
 * getting them in the page's chunk. Docusaurus hydrates a page only once its chunks are in, and a
 * browser that cannot compile a script while downloading it (Lighthouse's load could not) compiles
 * its strings on the main thread, in one long task, and hydration waits for the last byte. Text costs no
 * compiling, and the page hydrates without it; the reference's sections wait for it.
 */
const FETCHED_PIECES_SIZE = 1_000_000;

/**
 * Characters per text file of pieces. A section fetches the files its pieces are in, and the browser
 * reads a response on the main thread (a browser with DevTools open, as Lighthouse's, in one task when
 * it ends): smaller files fetch less beside what a section reads, and keep each such task short.
 */
const FETCHED_FILE_SIZE = 128_000;

/**
 * The first line of each file the build writes from a spec, which a page of the site could load as
 * a script (`<script src>` is allowed from the site's origin): `#` and a space begin no script, so
 * the whole file is a SyntaxError as JavaScript, whatever the spec put after it (`#!` would begin
 * one). The browser's reader of a text file of pieces skips its first line
 * (../reference/shared/pieceStore.ts); the download is YAML, where it is a comment.
 */
const PIECES_FILE_HEADER = '# Pieces of an OpenAPI description, read by the site\'s pages\n';
const DOWNLOAD_HEADER = '# OpenAPI description, bundled by the site\'s build\n';

/** The server's reader of a large spec's text files of pieces, which its pieces module imports. */
const SERVER_PIECE_FILES = path.join(__dirname, '../reference/server/pieceFiles.ts');

/**
 * The data module's source, and the modules of its bundles of pieces.
 *
 * V8 compiles a function's body, its strings included, on the main thread the first time the
 * function runs, and webpack wraps each module in a function: one string of a large spec was a long
 * task whenever a page with the spec loaded, before any part of it was read. So the pieces' texts are in modules of about `BUCKET_SIZE` characters,
 * which the data module requires when a piece in them is first read: the page's chunk carries them
 * all, and the browser compiles only those a page reads.
 * @param {string} id
 * @param {{spec: any; url?: string; themeId?: string; isSpecFile?: boolean; tryIt?: import('../reference/shared/TryIt').TryItOptions}} data
 * @param {string} source The spec's file, relative to the site, or URL.
 * @param {string | string[] | undefined} ignoreNamedSchemas Redoc's option, for the check of the spec's schemas.
 * @param {{languages: import('./requestSamples').LanguageId[]; base: string}} samples The request
 *   samples' languages, and the absolute URL a relative server is resolved against.
 * @param {(name: string, source: string) => Promise<string>} createData Writes a module, returns its path.
 * @param {{routePath: string} | undefined} pages For a spec rendered as pages (./referencePages.js):
 *   the route of its overview, under which each page has its own.
 * @param {{baseUrl: string} | undefined} built In a production build: the site's base URL, under
 *   which the build's output gets a large spec's text files of pieces from the plugin, not webpack.
 * @returns {Promise<{dataModule: string; piecesModules: {server: string; client: string}; pageModules: {permalink: string; name: string; source: string}[]; piecesFiles: PiecesFile[]}>}
 *   The data module's source; the paths of the modules of its bundles (`@redoc-spec-pieces/<id>`),
 *   for each build; with pages, each page's data module (the overview first); in a production
 *   build, the text files of pieces to put in its output.
 */
async function dataModules(id, data, source, ignoreNamedSchemas, samples, createData, pages, built) {
  const {spec, ...rest} = data;
  // Redoc's parser edits the spec it is given (it adds the security section to the description):
  // each store below gets a copy, the browser's the data untouched.
  // JSON, not structuredClone: the spec is plain JSON, and structuredClone needs Node.js 17.
  const copy = () => JSON.parse(JSON.stringify(spec));
  const meta = {
    ...rest,
    source,
    ...referenceMeta(copy(), rest.url, {disableSearch: true}),
    summary: {
      title: spec.info?.title ?? '',
      description: summaryText(spec.info?.description),
      hasLogo: Boolean(spec.info?.['x-logo']),
    },
  };
  // A schema Redoc cannot model within limits fails the build here, naming the spec's file
  // (./modelLimits.js); a parser of its own, as modelling may edit the spec it reads.
  const options = new RedocNormalizedOptions({ignoreNamedSchemas});
  checkNamedSchemas({parser: new OpenAPIParser(copy(), rest.url, options), options}, source);
  // The samples go into the pieces the sections read, not into the download (the bundled spec).
  /** @type {import('./requestSamples').SkippedSample[]} */
  const skipped = [];
  const withSamples = withRequestSamples(spec, samples.languages, samples.base, skipped);
  const split = splitSpec(withSamples);
  const warning = skippedSamplesWarning(source, skipped);
  if (warning) logger.warn(warning);
  // The whole spec's operations; a spec as pages adds the pieces of operations under their other tags.
  const wholeOperations = split.operations.length;
  const plan = pages && pageGroups(withSamples, split.operations);
  const operations = bucketTexts(split.operations.map((piece) => piece[3]), BUCKET_SIZE);
  const components = bucketTexts(split.components.map((piece) => piece[2]), BUCKET_SIZE);
  const buckets = [...operations.buckets, ...components.buckets];
  /** @type {[string, string, number, number][]} */
  const componentPlaces = split.components.map(([type, name], i) => {
    const [bucket, index] = components.places[i];
    return [type, name, bucket + operations.buckets.length, index];
  });
  // JSON.parse of a string literal is faster to load than the same object as JS.
  const literal = (/** @type {unknown} */ value) => JSON.stringify(JSON.stringify(value));
  // What every page of the spec shares goes in the pieces module, once: where each component is.
  const shared = `JSON.parse(${literal({components: componentPlaces, derived: split.derived, tagged: split.tagged})})`;
  /** @type {{server: string; client: string}} */
  let piecesModules;
  /** @type {PiecesFile[]} */
  let piecesFiles = [];
  if (buckets.reduce((size, texts) => texts.reduce((sum, text) => sum + text.length, size), 0) > FETCHED_PIECES_SIZE) {
    // Whole bundles to a file, in order: the bundles' numbers stay those of the places above.
    const files = bucketTexts(buckets.map((texts) => texts.join('')), FETCHED_FILE_SIZE);
    /** @type {number[][][]} By file, by bundle in it: the lengths of the bundle's pieces. */
    const lengths = files.buckets.map(() => []);
    files.places.forEach(([file], bucket) => lengths[file]?.push((buckets[bucket] ?? []).map((text) => text.length)));
    const entries = await Promise.all(
      files.buckets.map(async (texts, index) => {
        const name = specPiecesFileName(id, index);
        const text = PIECES_FILE_HEADER + texts.join('');
        return {file: await createData(name, text), lengths: lengths[index], output: built && builtPiecesFile(name, text)};
      }),
    );
    piecesFiles = entries.flatMap(({file, output}) => (output ? [{from: file, to: output}] : []));
    const lengthsLiteral = (/** @type {number} */ index) => `JSON.parse(${JSON.stringify(JSON.stringify(entries[index]?.lengths))})`;
    // A build's files are the plugin's to write (`postBuild`); the dev server serves them through webpack.
    const fileUrl = (/** @type {{file: string; output: string | undefined}} */ {file, output}, /** @type {number} */ index) =>
      built && output ? `const file${index} = ${JSON.stringify(built.baseUrl + output)};\n` : `import file${index} from ${JSON.stringify(file)};\n`;
    piecesModules = {
      // The browser fetches the files (their URLs are what the imports give); the server reads them.
      client: await createData(
        `spec-pieces-${id}.client.js`,
        `import {fetchedBuckets} from '@theme/useSpecData';\n` +
          entries.map(fileUrl).join('') +
          `export default Object.assign(fetchedBuckets([\n${entries.map((_, index) => `[file${index}, ${lengthsLiteral(index)}]`).join(',\n')}\n]), ${shared});\n`,
      ),
      server: await createData(
        `spec-pieces-${id}.server.js`,
        `import {readBuckets} from ${JSON.stringify(SERVER_PIECE_FILES)};\n` +
          `export default Object.assign(readBuckets([\n${entries.map(({file}, index) => `[${JSON.stringify(file)}, ${lengthsLiteral(index)}]`).join(',\n')}\n]), ${shared});\n`,
      ),
    };
  } else {
    const paths = await Promise.all(
      buckets.map((texts, index) => createData(`spec-data-${id}-${index}.js`, `module.exports = ${JSON.stringify(texts)};\n`)),
    );
    const both = await createData(
      `spec-pieces-${id}.js`,
      `export default Object.assign({buckets: [\n${paths.map((path) => `() => require(${JSON.stringify(path)})`).join(',\n')}\n]}, ${shared});\n`,
    );
    piecesModules = {server: both, client: both};
  }
  /** @param {number} i @returns {[string, string, string, number, number]} */
  const operationPlace = (i) => {
    const [container, path, method] = /** @type {[string, string, string, string]} */ (split.operations[i]);
    return [container, path, method, ...operations.places[i]];
  };
  /** @param {string} base @param {number[]} indexes @param {boolean} [page] */
  const piecesOf = (base, indexes, page) => ({base, operations: indexes.map(operationPlace), ...(page && {page})});
  /** @param {string} moduleId @param {object} moduleMeta @param {object} modulePieces */
  const moduleSource = (moduleId, moduleMeta, modulePieces) =>
    `import {registerSpecData} from '@theme/useSpecData';\n` +
    `import bundles from ${JSON.stringify(specPiecesModule(id))};\n` +
    `export default registerSpecData(${JSON.stringify(moduleId)}, JSON.parse(${literal(moduleMeta)}), Object.assign(JSON.parse(${literal(modulePieces)}), bundles));\n`;
  const dataModule = moduleSource(id, meta, piecesOf(split.base, Array.from({length: wholeOperations}, (_, i) => i)));
  /** @type {{permalink: string; name: string; source: string}[]} */
  const pageModules = [];
  if (pages && plan) {
    for (const page of pagesOfSpec(split, withSamples, plan, pages.routePath, {...rest, source})) {
      pageModules.push({permalink: page.permalink, name: page.name, source: moduleSource(`${id}/${page.name}`, page.meta, piecesOf(page.base, page.operations, true))});
    }
  }
  return {dataModule, piecesModules, pageModules, piecesFiles};
}

/**
 * What a page needs of Redoc's store before it parses the spec: the headings of its descriptions
 * and its outline, from a store built once, here, with `options`.
 * @param {any} spec A copy, which Redoc's parser may edit.
 * @param {string | undefined} url
 * @param {import('redoc').RedocRawOptions} options
 */
function referenceMeta(spec, url, options) {
  /** @type {AppStore | undefined} */
  let store;
  const descriptionHeadings = recordHeadings(() => {
    store = new AppStore(spec, url, options);
  });
  const outline = outlineOf(/** @type {AppStore} */ (store));
  // Redoc's menu listens to its history, one object for the whole process: a store not disposed
  // stays, with its spec, to the end of the build: one per page of a spec as pages.
  store?.dispose();
  return {descriptionHeadings, outline};
}

/**
 * The pages of a spec rendered as pages (./referencePages.js): each one's base, operations (indexes
 * into the split spec's), address, and data, the overview first.
 * @param {import('./specPieces').SplitSpec} split
 * @param {any} spec The spec the pieces were split from.
 * @param {ReturnType<typeof pageGroups>} plan
 * @param {string} routePath The overview's route; each page's is under it.
 * @param {object} shared The data every page's meta has (the spec's URL, theme, source).
 */
function pagesOfSpec(split, spec, plan, routePath, shared) {
  const base = JSON.parse(split.base);
  const apiTitle = typeof base.info?.title === 'string' ? base.info.title : '';
  const hasLogo = Boolean(base.info?.['x-logo']);
  const under = routePath.endsWith('/') ? routePath : `${routePath}/`;
  const trailing = routePath.endsWith('/') ? '/' : '';
  const overview = {title: apiTitle || 'Overview', permalink: routePath};
  const links = plan.groups.map((page) => ({title: page.title, permalink: `${under}${page.slug}${trailing}`, operationCount: page.operationCount}));
  /** The spec of a page, for its store: its base, its operations, every component. */
  const pageSpec = (/** @type {any} */ pageBaseSpec, /** @type {number[]} */ indexes) => {
    const built = {...JSON.parse(JSON.stringify(pageBaseSpec)), components: spec.components};
    for (const index of indexes) {
      const [container, path, method, json] = /** @type {[string, string, string, string]} */ (split.operations[index]);
      built[container] = built[container] ?? {};
      if (method === '') built[container][path] = {...JSON.parse(json)};
      else built[container][path][method] = JSON.parse(json);
    }
    return built;
  };
  /** @type {Record<string, string>} By the id of a section (a tag's, or an untagged operation's): the page that holds it. */
  const redirects = {};
  const tagPages = plan.groups.map((page, position) => {
    const pageBaseSpec = pageBase(base, page);
    const {descriptionHeadings, outline} = referenceMeta(pageSpec(pageBaseSpec, page.operations), /** @type {any} */ (shared).url, {disableSearch: true});
    const link = /** @type {typeof links[number]} */ (links[position]);
    // Each section that is not under one already mapped (a tag's operations are under the tag's id).
    /** @type {string[]} */
    const mapped = [];
    const map = (/** @type {import('./outline').OutlineItem[]} */ items) => {
      for (const item of items) {
        if (item.type !== 'section' && !mapped.some((id) => item.id.startsWith(`${id}/`))) {
          redirects[item.id] = link.permalink;
          mapped.push(item.id);
        }
        if (item.items) map(item.items);
      }
    };
    map(outline);
    return {
      permalink: link.permalink,
      name: page.slug,
      base: JSON.stringify(pageBaseSpec),
      operations: page.operations,
      meta: {
        ...shared,
        descriptionHeadings,
        outline,
        summary: {
          title: apiTitle ? `${page.title} · ${apiTitle}` : page.title,
          description: summaryText(page.tag?.description) || `The operations of ${page.title}${apiTitle ? ` in ${apiTitle}` : ''}.`,
          hasLogo,
        },
        pages: {overview, current: page.title, previous: position === 0 ? overview : links[position - 1], next: links[position + 1]},
      },
    };
  });
  const overviewSpec = overviewBase(base, links, plan.traitTags);
  const overviewPage = {
    permalink: routePath,
    name: '',
    base: JSON.stringify(overviewSpec),
    operations: /** @type {number[]} */ ([]),
    meta: {
      ...shared,
      ...referenceMeta(pageSpec(overviewSpec, []), /** @type {any} */ (shared).url, {disableSearch: true}),
      summary: {title: apiTitle, description: summaryText(base.info?.description), hasLogo},
      pages: {overview, current: overview.title, next: links[0], redirects},
    },
  };
  return [overviewPage, ...tagPages];
}

/**
 * @param {LoadContext} context
 * @param {PluginOptions & {pages?: unknown; kitIgnoreNamedSchemas?: string | string[]; kitRequestSamples?: import('./requestSamples').LanguageId[]; kitTryIt?: false | import('../reference/shared/TryIt').TryItOptions}} options
 *   The spec's entry, with the kit's `pages` (./referencePages.js); also Redoc's `ignoreNamedSchemas`,
 *   from the preset's theme options, and the request samples' languages and the console's options,
 *   from the kit's (../index.js).
 * @returns {RedocPlugin}
 */
function specDataPlugin(context, {kitIgnoreNamedSchemas, kitRequestSamples = [], kitTryIt = false, pages: pagesOption, ...options}) {
  const plugin = redocPlugin(context, options);
  const id = options.id ?? 'default';
  const pages = resolvePages(pagesOption, id);
  // The spec's download, as the plugin's postBuild writes it: a local spec without `url`.
  const download = fs.existsSync(options.spec) && !options.url ? path.join('redocusaurus', `${options.id || 'api-spec'}.yaml`) : undefined;
  /** @type {string | undefined} */
  let dataModulePath;
  /** @type {{server: string; client: string} | undefined} */
  let piecesModules;
  /** @type {any} The plugin's loaded content, which Docusaurus keeps until the build ends. */
  let loadedContent;
  /** @type {string | undefined} In a build, the download's text, for `postBuild` to write. */
  let downloadText;
  /** @type {PiecesFile[]} In a build, a large spec's text files of pieces, for `postBuild` to write. */
  let piecesFiles = [];
  // `docusaurus build` sets it before it loads any plugin; `docusaurus start` sets 'development'.
  const built = process.env.NODE_ENV === 'production' ? {baseUrl: context.baseUrl} : undefined;
  if (built) capHeapGrowth();

  return {
    ...plugin,
    /** @param {Parameters<NonNullable<RedocPlugin['contentLoaded']>>[0]} args */
    async contentLoaded(args) {
      /** @type {any} */
      let specData;
      /** @type {RouteConfig | undefined} */
      let route;
      const actions = {
        ...args.actions,
        /** @param {any} data */
        setGlobalData: (data) => {
          logoUnderBaseUrl(data.spec, context.baseUrl);
          specData = data;
          // Only the id, so that `useSpecData()` without an id can still find the first spec.
          args.actions.setGlobalData({id});
        },
        /** @param {RouteConfig} config The routed page, added below with this module as its `specProps`. */
        addRoute: (config) => {
          route = config;
        },
      };
      await plugin.contentLoaded?.({...args, actions});
      loadedContent = args.content;
      const source = /^https?:\/\//.test(options.spec) ? options.spec : path.relative(context.siteDir, path.resolve(options.spec));
      // A relative server is relative to where the spec is served (OpenAPI's rule, and Redoc's).
      const base = new URL(specData.url ?? '', new URL(context.baseUrl, context.siteConfig.url)).href;
      const samples = {languages: kitRequestSamples, base};
      // The console sends to the spec's servers, which the site's policy then allows (./serverOrigins.js).
      if (kitTryIt) recordServerOrigins(context, specData.spec, base);
      const data = kitTryIt ? {...specData, tryIt: kitTryIt} : specData;
      if (pages && !route) throw new Error(`reference-kit: the spec "${id}" has \`pages: '${pages}'\`, which needs a \`route\` for its pages to be under.`);
      const modules = await dataModules(id, data, source, kitIgnoreNamedSchemas, samples, args.actions.createData, pages && route && {routePath: route.path}, built);
      piecesModules = modules.piecesModules;
      piecesFiles = modules.piecesFiles;
      dataModulePath = await args.actions.createData(`spec-data-${id}.js`, modules.dataModule);
      if (route && !pages) args.actions.addRoute({...route, modules: {...route.modules, specProps: dataModulePath}});
      // A spec as pages: the overview at the spec's route, each page under it.
      for (const [index, page] of modules.pageModules.entries()) {
        const specProps = await args.actions.createData(`spec-data-${id}-page-${index}.js`, page.source);
        if (route) args.actions.addRoute({...route, path: page.permalink, modules: {...route.modules, specProps}});
      }
    },
    /** @param {unknown} config @param {boolean} isServer */
    configureWebpack(config, isServer) {
      // The content holds the spec twice, as bundled and as converted for Redoc, both kept until the
      // build ends, and every plugin's contentLoaded has run by now. The converted one is in the data
      // modules; the bundled one is only the download, whose text is a fraction of its objects' size
      // (CHANGELOG, 1.5.0). Both can go.
      if (built && download && loadedContent?.bundle) {
        downloadText = DOWNLOAD_HEADER + stringifyYaml(loadedContent.bundle);
        delete loadedContent.bundle;
      }
      if (loadedContent?.bundle || downloadText !== undefined) delete loadedContent.converted;
      if (!dataModulePath || !piecesModules) return {};
      const pieces = isServer ? piecesModules.server : piecesModules.client;
      return {
        resolve: {alias: {[specDataModule(id)]: dataModulePath, [specPiecesModule(id)]: pieces}},
        // Under `npm start`, a large spec's pieces, a file the browser fetches (its URL is what the
        // module imports); a build's are written by `postBuild` and imported by no module.
        module: {rules: [{test: specPiecesFiles(id), type: 'asset/resource', generator: {filename: 'assets/spec/[name].[contenthash:8][ext]'}}]},
      };
    },
    /** @param {Parameters<NonNullable<RedocPlugin['postBuild']>>[0]} props */
    async postBuild(props) {
      const intoOutput = (/** @type {string} */ to) => {
        fs.mkdirSync(path.dirname(path.join(props.outDir, to)), {recursive: true});
        return path.join(props.outDir, to);
      };
      for (const {from, to} of piecesFiles) fs.copyFileSync(from, intoOutput(to));
      if (download && downloadText !== undefined) {
        fs.writeFileSync(intoOutput(download), downloadText);
        return;
      }
      await plugin.postBuild?.(props);
      // The download starts with a comment line, so that it cannot run as a script (`DOWNLOAD_HEADER`).
      const file = download && path.join(context.outDir, download);
      if (!file || !fs.existsSync(file)) return;
      const text = fs.readFileSync(file, 'utf8');
      if (!text.startsWith(DOWNLOAD_HEADER)) fs.writeFileSync(file, DOWNLOAD_HEADER + text);
    },
  };
}

module.exports = specDataPlugin;
/**
 * The original plugin's validation, with the kit's own option kept.
 * @param {{options: any; validate: any}} args
 */
module.exports.validateOptions = ({options, validate}) => {
  const {kitIgnoreNamedSchemas, kitRequestSamples, kitTryIt, pages, ...rest} = options;
  const validated = redocPluginModule.validateOptions({options: rest, validate});
  resolvePages(pages, validated.id ?? 'default');
  return {
    ...validated,
    ...(pages !== undefined && {pages}),
    ...(kitIgnoreNamedSchemas !== undefined && {kitIgnoreNamedSchemas}),
    ...(kitRequestSamples !== undefined && {kitRequestSamples}),
    ...(kitTryIt !== undefined && {kitTryIt}),
  };
};
module.exports.specDataModule = specDataModule;
module.exports.PIECES_FILE_HEADER = PIECES_FILE_HEADER;
module.exports.DOWNLOAD_HEADER = DOWNLOAD_HEADER;
