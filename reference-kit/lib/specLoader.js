// @ts-check
/**
 * Redoc's in-browser spec loader, in a chunk of its own (./themePlugin.js puts this module in the
 * place of what Redoc's `loadAndBundleSpec` imports, in production browser builds).
 *
 * The kit renders specs loaded at build time, and Redoc's loader (`@redocly/openapi-core`'s bundler
 * and `yaml`) made every API page download and compile code it never ran. It is still needed for a
 * spec that the browser fetches (`<Redoc url>` without `spec`, Redoc's standalone mode), so these
 * stand-ins load the real modules the first time a spec is fetched: `bundle` is asynchronous,
 * `Config` only holds what it was given until then, and `yaml` is used only after a bundle.
 */

/** @type {Promise<import('./specLoaderChunk.js')> | undefined} */
let loading;
/** @type {import('./specLoaderChunk.js') | undefined} */
let loaded;
const load = () =>
  (loading ??= import(/* webpackChunkName: "redoc-spec-loader" */ './specLoaderChunk.js').then((chunk) => (loaded = /** @type {any} */ (chunk).default ?? chunk)));

/**
 * What Redoc sets on a Config before bundling: the fetch function the resolver uses. Plain ES5 here
 * and below (a constructor function, no spread, no async function): Babel compiles the kit's files
 * for the browser, and the helpers it adds for newer syntax are ES modules, which this CommonJS
 * module cannot import.
 * @this {{rawConfig: unknown; configFile: unknown; resolve: {http: {headers: unknown[]; customFetch?: unknown}}}}
 * @param {unknown} rawConfig
 * @param {unknown} [configFile]
 */
function Config(rawConfig, configFile) {
  this.rawConfig = rawConfig;
  this.configFile = configFile;
  this.resolve = {http: {headers: []}};
}

/** @param {{config: {rawConfig: unknown; configFile: unknown; resolve: {http: {customFetch?: unknown}}}}} options */
function bundle(options) {
  return load().then((real) => {
    const config = new real.Config(/** @type {any} */ (options.config.rawConfig), /** @type {any} */ (options.config.configFile));
    if (options.config.resolve.http.customFetch) config.resolve.http.customFetch = /** @type {any} */ (options.config.resolve.http.customFetch);
    return real.bundle(/** @type {any} */ (Object.assign({}, options, {config})));
  });
}

/** @param {'parse' | 'stringify'} name */
const fromYaml = (name) =>
  /** @param {unknown[]} args */
  (...args) => {
    if (!loaded) throw new Error(`reference-kit: yaml.${name} was called before Redoc's spec loader was loaded.`);
    const yaml = /** @type {any} */ (loaded.yaml);
    return yaml[name](...args);
  };

module.exports = {bundle, Config, parse: fromYaml('parse'), stringify: fromYaml('stringify')};
