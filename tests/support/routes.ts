/** Every route of the specification (§2), as a reader would type it. */
export const docsRoutes = [
  '/docs',
  '/docs/getting-started/Installation',
  '/docs/getting-started/plugin-options',
  '/docs/getting-started/theme-options',
  '/docs/guides/build-time-rendering',
  '/docs/guides/migrating-to-v1',
  '/docs/guides/multiple-apis',
  '/docs/guides/schema-imports',
  '/docs/nested/nested-1',
  '/docs/nested/nested-2',
  '/docs/who-is-using-redocusaurus',
] as const;

/** Example pages that render a full API reference. */
export const apiRoutes = [
  '/examples/custom-layout/',
  '/examples/custom-page/',
  '/examples/using-multi-file-yaml/',
  '/examples/using-remote-url/',
  '/examples/using-single-yaml/',
  '/examples/using-swagger-json/',
] as const;

export const debugRoutes = [
  '/__docusaurus/debug',
  '/__docusaurus/debug/config',
  '/__docusaurus/debug/content',
  '/__docusaurus/debug/globalData',
  '/__docusaurus/debug/metadata',
  '/__docusaurus/debug/registry',
  '/__docusaurus/debug/routes',
] as const;

export const siteRoutes = ['/', ...docsRoutes, '/examples/', ...apiRoutes, ...debugRoutes] as const;
