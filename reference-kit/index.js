// @ts-check
/**
 * The reference kit: the redocusaurus preset, taking the same options, with fast and accessible
 * reference pages (README.md beside this file).
 *
 * It takes two options of its own, `contentSecurityPolicy` (./lib/contentSecurityPolicy.js: the
 * policy of every built page; `false` for none) and `requestSamples` (./lib/requestSamples.js: the
 * languages of the operations' request samples; `false` for none), and returns what the preset
 * returns, with two changes:
 * - each spec's plugin is wrapped (./lib/specDataPlugin.js) so that a spec reaches only the pages
 *   that render it, with the headings of its descriptions found once, at build time;
 * - one more theme (./lib/themePlugin.js), after the preset's own, whose components
 *   (`@theme/Redoc`, `@theme/ApiSchema`, `@theme/useSpecData`) take the place of the preset's.
 */
const {checkRequirements} = require('./lib/requirements');

// Before anything else of the kit loads Redoc: a Redoc the kit was not made for stops here, with the versions named.
checkRequirements();

const redocusaurus = require('redocusaurus');
const {kitThemeOptions} = require('./lib/themePlugin');
const {resolveRequestSamples} = require('./lib/requestSamples');
const {resolveTryIt} = require('./lib/tryIt');

/** @typedef {import('@docusaurus/types').PluginOptions} PluginOptions */
/**
 * A spec's entry: the plugin's options, and the kit's `pages` (./lib/referencePages.js): `'tag'`
 * renders the spec as an overview and one page per tag, under the entry's `route`.
 * @typedef {import('docusaurus-plugin-redoc').PluginOptions & {pages?: 'one' | 'tag'}} KitSpecOptions
 */
/**
 * The redocusaurus preset's options, and the kit's own.
 * @typedef {Omit<import('redocusaurus').PresetOptions, 'specs'> & {
 *   specs: KitSpecOptions[];
 *   contentSecurityPolicy?: import('./lib/contentSecurityPolicy').ContentSecurityPolicyOption;
 *   requestSamples?: import('./lib/requestSamples').RequestSamplesOption;
 *   tryIt?: import('./lib/tryIt').TryItOption;
 * }} KitPresetOptions
 */
/** @type {typeof import('redocusaurus').default} */
const preset = redocusaurus.default;

/**
 * @param {import('@docusaurus/types').LoadContext} context
 * @param {KitPresetOptions} kitOptions
 * @returns {import('@docusaurus/types').Preset}
 */
function referenceKit(context, kitOptions) {
  // The kit's own options stay out of what redocusaurus and its plugins see (they check theirs).
  const {contentSecurityPolicy, requestSamples, tryIt, ...options} = kitOptions;
  const kitRequestSamples = resolveRequestSamples(requestSamples);
  const kitTryIt = resolveTryIt(tryIt);
  const resolved = preset(context, options);
  const specIds = resolved.plugins.map(([, pluginOptions]) => pluginOptions.id ?? 'default');
  return {
    themes: [
      ...resolved.themes.map(([name, themeOptions]) => /** @type {[string, PluginOptions]} */ ([name, {...themeOptions}])),
      [require.resolve('./lib/themePlugin'), {...kitThemeOptions(context, specIds, contentSecurityPolicy)}],
    ],
    // Redoc's `ignoreNamedSchemas`, for the check of the spec's schemas (./lib/modelLimits.js),
    // the languages of the request samples the spec's data gets (./lib/requestSamples.js), and
    // its operations' console (./lib/tryIt.js).
    plugins: resolved.plugins.map(([, pluginOptions]) => [
      require.resolve('./lib/specDataPlugin'),
      {...pluginOptions, ...ignoredSchemas(options.theme?.options), kitRequestSamples, kitTryIt},
    ]),
  };
}

/**
 * The kit's plugin option with Redoc's `ignoreNamedSchemas`, when the theme's options give it.
 * @param {unknown} redocOptions
 */
function ignoredSchemas(redocOptions) {
  const ignored = /** @type {{ignoreNamedSchemas?: string | string[]} | undefined} */ (redocOptions)?.ignoreNamedSchemas;
  return typeof redocOptions === 'object' && ignored !== undefined ? {kitIgnoreNamedSchemas: ignored} : {};
}

module.exports = referenceKit;
