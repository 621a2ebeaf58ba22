// @ts-check
/** The real modules behind ./specLoader.js; ./themePlugin.js resolves them as Redoc does, to its own versions. */
module.exports = {
  bundle: require('@redocly/openapi-core/lib/bundle').bundle,
  Config: require('@redocly/openapi-core/lib/config/config').Config,
  yaml: require('yaml'),
};
