// @ts-check
/**
 * docusaurus-plugin-redoc, with each spec delivered only to the pages that render it, in a form a
 * page can load without parsing it.
 *
 * The original plugin stores the converted spec in Docusaurus global data, which is part of the
 * main bundle every page downloads, and in a JSON module for its route. This wrapper runs the
 * original plugin unchanged but writes the spec's data to a module of its own,
 * `@redoc-spec-data/<id>`, which the pages rendering the spec import (./specImportsLoader.js adds
 * the import to them) and which is the routed page's `specProps`. In that module the spec is a
 * JSON string, parsed the first time something reads `spec`; next to it are what a page needs
 * before that (../theme/useSpecData.ts):
 * - the headings Redoc finds in the spec's descriptions (./descriptionHeadings.js);
 * - the outline of the reference (./outline.js);
 * - the API's title and description, and whether it has a logo.
 * The spec's `info.x-logo.url` is put under the site's base URL when it is a root-relative path
 * such as `/img/logo.svg` (a file of `static/`), so that a site served under a sub-path shows it,
 * and its link addresses that could run script are emptied (./safeLinks.js).
 */
const redocPluginModule = require('docusaurus-plugin-redoc');
const {AppStore, OpenAPIParser, RedocNormalizedOptions} = require('redoc');
const {recordHeadings} = require('./descriptionHeadings');
const {outlineOf} = require('./outline');
const {withSafeLinks} = require('./safeLinks');
const {checkNamedSchemas} = require('./modelLimits');
const path = require('path');

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
 * A root-relative logo path (one `/`, not `//host`) with the site's base URL in front.
 * @param {{info?: {'x-logo'?: {url?: unknown}}}} spec
 * @param {string} baseUrl
 */
function logoUnderBaseUrl(spec, baseUrl) {
  const logo = spec.info?.['x-logo'];
  if (!logo || typeof logo.url !== 'string' || !/^\/(?!\/)/.test(logo.url) || logo.url.startsWith(baseUrl)) return;
  logo.url = baseUrl + logo.url.slice(1);
}

/**
 * The data module's source: everything but the spec as JSON parsed at once, the spec as a string.
 * @param {string} id
 * @param {{spec: any; url?: string; themeId?: string; isSpecFile?: boolean}} data
 * @param {string} source The spec's file, relative to the site, or URL.
 * @param {string | string[]} [ignoreNamedSchemas] Redoc's option, for the check of the spec's schemas.
 */
function dataModuleSource(id, data, source, ignoreNamedSchemas) {
  const {spec, ...rest} = data;
  // Redoc's parser edits the spec it is given (it adds the security section to the description):
  // each store below gets a copy, the browser's the data untouched.
  // JSON, not structuredClone: the spec is plain JSON, and structuredClone needs Node.js 17.
  const copy = () => JSON.parse(JSON.stringify(spec));
  /** @type {AppStore | undefined} */
  let store;
  const descriptionHeadings = recordHeadings(() => {
    store = new AppStore(copy(), rest.url, {disableSearch: true});
  });
  const meta = {
    ...rest,
    source,
    descriptionHeadings,
    outline: outlineOf(/** @type {AppStore} */ (store)),
    summary: {
      title: spec.info?.title ?? '',
      description: spec.info?.description ?? '',
      hasLogo: Boolean(spec.info?.['x-logo']),
    },
  };
  // A schema Redoc cannot model within limits fails the build here, naming the spec's file
  // (./modelLimits.js); a parser of its own, as modelling may edit the spec it reads.
  const options = new RedocNormalizedOptions({ignoreNamedSchemas});
  checkNamedSchemas({parser: new OpenAPIParser(copy(), rest.url, options), options}, source);
  // JSON.parse of a string literal is faster to load than the same object as JS.
  const literal = (/** @type {unknown} */ value) => JSON.stringify(JSON.stringify(value));
  return (
    `import {registerSpecData} from '@theme/useSpecData';\n` +
    `export default registerSpecData(${JSON.stringify(id)}, JSON.parse(${literal(meta)}), ${literal(spec)});\n`
  );
}

/**
 * @param {LoadContext} context
 * @param {PluginOptions & {kitIgnoreNamedSchemas?: string | string[]}} options Also Redoc's
 *   `ignoreNamedSchemas`, from the preset's theme options (../index.js).
 * @returns {RedocPlugin}
 */
function specDataPlugin(context, {kitIgnoreNamedSchemas, ...options}) {
  const plugin = redocPlugin(context, options);
  const id = options.id ?? 'default';
  /** @type {string | undefined} */
  let dataModulePath;

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
          withSafeLinks(data.spec);
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
      const source = /^https?:\/\//.test(options.spec) ? options.spec : path.relative(context.siteDir, path.resolve(options.spec));
      dataModulePath = await args.actions.createData(`spec-data-${id}.js`, dataModuleSource(id, specData, source, kitIgnoreNamedSchemas));
      if (route) args.actions.addRoute({...route, modules: {...route.modules, specProps: dataModulePath}});
    },
    configureWebpack() {
      if (!dataModulePath) return {};
      return {resolve: {alias: {[specDataModule(id)]: dataModulePath}}};
    },
  };
}

module.exports = specDataPlugin;
/**
 * The original plugin's validation, with the kit's own option kept.
 * @param {{options: any; validate: any}} args
 */
module.exports.validateOptions = ({options, validate}) => {
  const {kitIgnoreNamedSchemas, ...rest} = options;
  const validated = redocPluginModule.validateOptions({options: rest, validate});
  return kitIgnoreNamedSchemas === undefined ? validated : {...validated, kitIgnoreNamedSchemas};
};
module.exports.specDataModule = specDataModule;
