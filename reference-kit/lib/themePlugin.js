// @ts-check
/**
 * The kit's theme: its components (../theme) take the place of docusaurus-theme-redoc's, because
 * ../index.js lists this theme after the preset's own. Its webpack additions:
 *
 * - The server build gets its own `BuiltReference` (../reference/server/BuiltReference.tsx),
 *   which renders the reference in both colour modes for its HTML and CSS; the browser's bundle
 *   never carries that code or react-dom/server.
 * - The production browser bundle loads Redoc's in-browser spec loader (`@redocly/openapi-core`'s
 *   bundler and `yaml`) only when a spec is fetched in the browser, in a chunk of its own
 *   (./specLoader.js): specs are loaded at build time, yet every API page downloaded and compiled
 *   that code. `npm start` keeps Redoc's loader as it is.
 * - Where Redoc asks for DOMPurify, both builds get one with the kit's profile (./purifyProfile.js):
 *   the server's on jsdom (./serverPurify.js; Redoc's `untrustedSpec` option otherwise throws in a
 *   server render), the browser's on the page (./browserPurify.js), production and `npm start`.
 * - Redoc's "API docs by Redocly" mark is an image from cdn.redoc.ly: a request to another site on
 *   every API page, which fails offline. It becomes an inline image (./redocLogoLoader.js).
 * - The site's pages that render a spec import that spec's data module (./specImportsLoader.js).
 * - Docusaurus's rule that hides the focus ring of what a pointer focused becomes ./focusRing.css,
 *   which says why.
 * - The hash of the kit's patches of Redoc (../patches) is part of the version of webpack's cache:
 *   webpack takes a package's files as unchanged while its version is, and Redoc stays 2.1.4 from
 *   one kit to the next, so a site built before a kit upgrade went on building the Redoc of its old
 *   patch. (As a build dependency of the cache, the patch evicted nothing the first time: a cache
 *   stored without that dependency is not checked against it.)
 *
 * After the build, in one pass over the pages (./builtPages.js): the pages with a reference load
 * Docusaurus's entry scripts deferred (./deferEntryScripts.js), and every page gets the kit's
 * Content-Security-Policy, unless the preset's `contentSecurityPolicy` is false
 * (./contentSecurityPolicy.js).
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const {createRequire} = require('node:module');
const webpack = require('webpack');
const {rewriteBuiltPages} = require('./builtPages');
const {resolveContentSecurityPolicy, withConnectSources, withContentSecurityPolicy} = require('./contentSecurityPolicy');
const {serverOrigins} = require('./serverOrigins');
const {deferEntryScripts} = require('./deferEntryScripts');

/**
 * @typedef {object} Options
 * @property {string[]} specIds The spec ids of the kit preset that added this instance.
 * @property {string} [defaultSpecId] The site's first spec, which `useSpecData()` without an id
 *   reads; given to the instance of the site's first kit preset only.
 * @property {false | import('./contentSecurityPolicy').Directives} [contentSecurityPolicy] The
 *   pages' policy, or false for none; given to the instance of the site's first kit preset only.
 * @property {boolean} [connectToServers] Whether the policy's `connect-src` gets the origins of the
 *   servers the consoles send to: unless the site's option overrides `connect-src`.
 */

/** @type {WeakMap<object, number>} Kit presets seen per site (per Docusaurus load context). */
const presetsBySite = new WeakMap();

/**
 * Options and instance id for the kit theme of one kit preset. A site may use the preset more
 * than once (one per API family, each with its own `id`): each adds an instance of this theme
 * after its own redocusaurus theme, so the kit's components win over every one of those.
 * @param {import('@docusaurus/types').LoadContext} context
 * @param {string[]} specIds
 * @param {import('./contentSecurityPolicy').ContentSecurityPolicyOption} [contentSecurityPolicy]
 *   The preset's option, checked here: the policy is the site's, set on its first kit preset.
 * @returns {Options & {id: string}}
 */
function kitThemeOptions(context, specIds, contentSecurityPolicy) {
  const index = presetsBySite.get(context) ?? 0;
  presetsBySite.set(context, index + 1);
  if (index > 0 && contentSecurityPolicy !== undefined) {
    throw new Error(
      'reference-kit: the `contentSecurityPolicy` option is set on a kit preset other than the first. ' +
        "It applies to every page of the site: set it once, on the site's first './reference-kit' preset.",
    );
  }
  return {
    id: index === 0 ? 'default' : `preset-${index}`,
    specIds,
    ...(index === 0 && {
      defaultSpecId: specIds[0],
      contentSecurityPolicy: resolveContentSecurityPolicy(contentSecurityPolicy),
      connectToServers: !(typeof contentSecurityPolicy === 'object' && contentSecurityPolicy?.override && 'connect-src' in contentSecurityPolicy.override),
    }),
  };
}

const KIT_DIR = path.resolve(__dirname, '..');
/** How the kit's `Redoc` (../theme/Redoc) imports the browser's reference, which the server build replaces. */
const BROWSER_BUILT_REFERENCE = /^\.\.\/\.\.\/reference\/browser\/BuiltReference$/;
const THEME_REDOC_DIR = path.join(KIT_DIR, 'theme', 'Redoc');
const SERVER_BUILT_REFERENCE = path.join(KIT_DIR, 'reference', 'server', 'BuiltReference.tsx');

/** What Redoc's `loadAndBundleSpec` alone needs, as Redoc's bundle requests it. */
const SPEC_LOADER_REQUESTS = /^(@redocly\/openapi-core\/lib\/(bundle|config\/config)|yaml)$/;
const REDOC_BUNDLE_DIR = /[\\/]node_modules[\\/]redoc[\\/]bundles$/;
const REDOC_BUNDLE_FILE = /[\\/]redoc[\\/]bundles[\\/]redoc(\.browser)?\.lib\.js$/;
/** The packages of Redoc's that the kit's own modules in ./ import: resolved as Redoc resolves them. */
const REDOC_DEPENDENCIES = /^(dompurify|jsdom|yaml|@redocly\/openapi-core\/lib\/(bundle|config\/config))$/;
const KIT_LIB_DIR = __dirname;
const PARSE5_MODULE = path.join(KIT_LIB_DIR, 'parse5');
const PATCH_DIR = path.join(KIT_DIR, 'patches');

/** The folder of Docusaurus's `useKeyboardNavigation`, whose `./styles.css` the kit replaces. */
const DOCUSAURUS_HOOKS_DIR = /[\\/]@docusaurus[\\/]theme-common[\\/]lib[\\/]hooks$/;

/** A hash of the kit's patch files, names and contents. */
function patchesHash() {
  const hash = crypto.createHash('sha256');
  for (const file of fs.readdirSync(PATCH_DIR).filter((name) => name.endsWith('.patch')).sort()) {
    hash.update(file).update(fs.readFileSync(path.join(PATCH_DIR, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** `require.resolve` from Redoc's folder: the versions Redoc itself runs (npm overrides pin its openapi-core). */
const resolveFromRedoc = (/** @type {string} */ request) => createRequire(require.resolve('redoc/package.json')).resolve(request);

/**
 * The kit's theme plugin.
 * @param {import('@docusaurus/types').LoadContext} context
 * @param {Options & {id: string}} options
 * @returns {import('@docusaurus/types').Plugin}
 */
function referenceKitTheme(context, {id, specIds, defaultSpecId, contentSecurityPolicy, connectToServers = true}) {
  return {
    name: 'reference-kit',
    // Once per site: by the instance of the site's first kit preset. Both changes in one synchronous
    // pass, so that neither writes over the other's (./builtPages.js).
    ...(id === 'default' && {
      postBuild({outDir}) {
        const resolved = contentSecurityPolicy ?? resolveContentSecurityPolicy(undefined);
        // Every spec's plugin has loaded by now, and recorded where its consoles send.
        const policy = resolved && connectToServers ? withConnectSources(resolved, serverOrigins(context)) : resolved;
        rewriteBuiltPages(outDir, [
          deferEntryScripts,
          ...(policy ? [(/** @type {string} */ html, /** @type {string} */ file) => withContentSecurityPolicy(html, policy, file)] : []),
        ]);
      },
    }),
    getThemePath() {
      return path.join(KIT_DIR, 'theme');
    },
    getTypeScriptThemePath() {
      return path.join(KIT_DIR, 'theme');
    },
    configureWebpack(config, isServer) {
      /** @type {import('webpack').WebpackPluginInstance[]} */
      const plugins = [
        new webpack.NormalModuleReplacementPlugin(REDOC_DEPENDENCIES, (resource) => {
          if (resource.context === KIT_LIB_DIR) resource.request = resolveFromRedoc(resource.request);
        }),
        new webpack.NormalModuleReplacementPlugin(/^\.\/styles\.css$/, (resource) => {
          if (DOCUSAURUS_HOOKS_DIR.test(resource.context)) resource.request = require.resolve('./focusRing.css');
        }),
        // Redoc's request only: the kit's own require('dompurify') (in ./lib) gets the real one.
        new webpack.NormalModuleReplacementPlugin(/^dompurify$/, (resource) => {
          if (REDOC_BUNDLE_DIR.test(resource.context)) resource.request = require.resolve(isServer ? './serverPurify' : './browserPurify');
        }),
      ];
      if (isServer) {
        plugins.push(
          // The request, before it is resolved: the server's module then resolves its own imports from its own folder.
          new webpack.NormalModuleReplacementPlugin(BROWSER_BUILT_REFERENCE, (resource) => {
            if (resource.context === THEME_REDOC_DIR) resource.request = SERVER_BUILT_REFERENCE;
          }),
        );
      } else if (config.mode === 'production') {
        plugins.push(
          new webpack.NormalModuleReplacementPlugin(SPEC_LOADER_REQUESTS, (resource) => {
            if (REDOC_BUNDLE_DIR.test(resource.context)) resource.request = require.resolve('./specLoader');
          }),
        );
      }
      const {cache} = config;
      return {
        plugins,
        // Merged into Docusaurus's cache settings, when the cache is on.
        ...(typeof cache === 'object' && cache.type === 'filesystem' && {cache: {type: 'filesystem', version: `${cache.version ?? ''}-redoc-patches-${patchesHash()}`}}),
        // Loaded by Node when the server renders, not bundled: jsdom (./serverPurify.js), and parse5
        // as jsdom resolves it (./parse5.js, for the sections' estimates).
        ...(isServer && {
          externals: [
            /** @param {{context?: string; request?: string}} data @param {(error?: null, result?: string) => void} callback */
            ({context, request}, callback) => {
              if (context === KIT_LIB_DIR && request === 'jsdom') return callback(null, `commonjs ${resolveFromRedoc('jsdom')}`);
              if (context && request && path.resolve(context, request).replace(/\.js$/, '') === PARSE5_MODULE) return callback(null, `commonjs ${PARSE5_MODULE}.js`);
              return callback();
            },
          ],
        }),
        module: {
          rules: [
            {test: REDOC_BUNDLE_FILE, use: [{loader: require.resolve('./redocLogoLoader')}]},
            {
              // Before the MDX and Babel loaders: the imports are added to the source as written.
              enforce: 'pre',
              test: /\.(mdx?|[jt]sx?)$/,
              include: [context.siteDir],
              exclude: [/[\\/]node_modules[\\/]/, KIT_DIR, context.generatedFilesDir],
              use: [{loader: require.resolve('./specImportsLoader'), options: {specIds, defaultSpecId}}],
            },
          ],
        },
      };
    },
  };
}

module.exports = referenceKitTheme;
module.exports.kitThemeOptions = kitThemeOptions;
