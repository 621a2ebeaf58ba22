/**
 * Stands in for Redoc's in-browser spec loader in production (see ./index.ts). Redoc only
 * reaches these from `loadAndBundleSpec`; the site renders specs loaded at build time.
 */
function leftOut(): never {
  throw new Error(
    "This build leaves out Redoc's in-browser spec loader (plugins/lean-redoc): " +
      'pass Redoc a spec loaded at build time (the `spec` prop), not a URL to fetch.',
  );
}

export const bundle = leftOut;
export class Config {
  constructor() {
    leftOut();
  }
}
// `yaml`, for the Swagger 2.0 converter that runs after the loader.
export const parse = leftOut;
export const stringify = leftOut;
