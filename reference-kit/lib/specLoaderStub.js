// @ts-check
/**
 * Stands in for Redoc's in-browser spec loader in production builds (./themePlugin.js). Redoc
 * only reaches these from `loadAndBundleSpec`; the kit renders specs loaded at build time.
 */
function leftOut() {
  throw new Error(
    "The reference kit leaves Redoc's in-browser spec loader out of production builds: " +
      'pass Redoc a spec loaded at build time (the `spec` prop), not a URL to fetch.',
  );
}

module.exports = {
  bundle: leftOut,
  Config: class Config {
    constructor() {
      leftOut();
    }
  },
  // `yaml`, for the Swagger 2.0 converter that runs after the loader.
  parse: leftOut,
  stringify: leftOut,
};
