// @ts-check
/**
 * docusaurus-plugin-redoc, with each spec delivered only to the pages that render it.
 *
 * The original plugin stores the converted spec in Docusaurus global data, which is part of the
 * main bundle every page downloads. This wrapper runs the original plugin unchanged but catches
 * that global data and writes it to a module of its own, `@redoc-spec-data/<id>`, which only the
 * pages rendering the spec import (./specImportsLoader.js adds the import to them). Routed API
 * pages keep getting the spec as a route module from the original plugin.
 *
 * On the way the spec data gets:
 * - the headings Redoc finds in the spec's descriptions, found here once instead of on every page
 *   load (./descriptionHeadings.js);
 * - its `info.x-logo.url` under the site's base URL when it is a root-relative path such as
 *   `/img/logo.svg` (a file of `static/`), so that a site served under a sub-path shows it.
 */
const redocPluginModule = require('docusaurus-plugin-redoc');
const {AppStore} = require('redoc');
const {recordHeadings} = require('./descriptionHeadings');

/** @typedef {import('docusaurus-plugin-redoc').PluginOptions} PluginOptions */
/** @typedef {import('@docusaurus/types').LoadContext} LoadContext */

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
 * @param {LoadContext} context
 * @param {PluginOptions} options
 * @returns {RedocPlugin}
 */
function specDataPlugin(context, options) {
  const plugin = redocPlugin(context, options);
  const id = options.id ?? 'default';
  /** @type {string | undefined} */
  let dataModulePath;

  return {
    ...plugin,
    /** @param {Parameters<NonNullable<RedocPlugin['contentLoaded']>>[0]} args */
    async contentLoaded(args) {
      /** @type {unknown} */
      let specData;
      const actions = {
        ...args.actions,
        /** @param {any} data */
        setGlobalData: (data) => {
          logoUnderBaseUrl(data.spec, context.baseUrl);
          // Redoc's parser edits the spec it is given (it adds the security section to the
          // description); the browser's store gets the data untouched, so this one gets a copy.
          // The original plugin writes this same object to the routed page's data afterwards, so
          // the headings are added to it in place.
          const descriptionHeadings = recordHeadings(
            () => new AppStore(structuredClone(data.spec), data.url, {disableSearch: true}),
          );
          Object.assign(data, {descriptionHeadings});
          specData = data;
          // Only the id, so that `useSpecData()` without an id can still find the first spec.
          args.actions.setGlobalData({id});
        },
      };
      await plugin.contentLoaded?.({...args, actions});
      // JSON.parse of a string literal is faster to load than the same object as JS.
      dataModulePath = await args.actions.createData(
        `spec-data-${id}.js`,
        `import {registerSpecData} from '@theme/useSpecData';\n` +
          `registerSpecData(${JSON.stringify(id)}, JSON.parse(${JSON.stringify(JSON.stringify(specData))}));\n`,
      );
    },
    configureWebpack() {
      if (!dataModulePath) return {};
      return {resolve: {alias: {[specDataModule(id)]: dataModulePath}}};
    },
  };
}

module.exports = specDataPlugin;
module.exports.validateOptions = redocPluginModule.validateOptions;
module.exports.specDataModule = specDataModule;
