/** Each docs route of the specification (§2), and the reference kit's guide, with the file it is built from. */
export const docPages = [
  {route: '/docs', file: 'docs/introduction.md'},
  {route: '/docs/getting-started/Installation', file: 'docs/getting-started/Installation.mdx'},
  {route: '/docs/getting-started/plugin-options', file: 'docs/getting-started/plugin-options.mdx'},
  {route: '/docs/getting-started/theme-options', file: 'docs/getting-started/theme-options.mdx'},
  {route: '/docs/guides/build-time-rendering', file: 'docs/guides/build-time-rendering.md'},
  {route: '/docs/guides/fast-accessible-reference-pages', file: 'docs/guides/fast-accessible-reference-pages.mdx'},
  {route: '/docs/guides/migrating-to-v1', file: 'docs/guides/migrating-to-v1.mdx'},
  {route: '/docs/guides/multiple-apis', file: 'docs/guides/multiple-apis.mdx'},
  {route: '/docs/guides/schema-imports', file: 'docs/guides/schema-imports.mdx'},
  {route: '/docs/nested/nested-1', file: 'docs/nested/nested-1.mdx'},
  {route: '/docs/nested/nested-2', file: 'docs/nested/nested-2.mdx'},
  {route: '/docs/who-is-using-redocusaurus', file: 'docs/who-is-using-redocusaurus.md'},
] as const;

/** Every docs route of the specification (§2), as a reader would type it. */
export const docsRoutes = docPages.map((page) => page.route);

/** Example pages that render a full API reference. */
export const apiRoutes = [
  '/examples/custom-layout/',
  '/examples/custom-page/',
  '/examples/using-multi-file-yaml/',
  '/examples/using-remote-url/',
  '/examples/using-single-yaml/',
  '/examples/using-swagger-json/',
] as const;

/**
 * The pet store as pages (`pages: 'tag'`, src/data/examples.ts): the overview, then a page per tag in
 * the order of the spec's menu.
 */
export const referencePagesRoutes = ['/examples/using-pages/', '/examples/using-pages/pet/', '/examples/using-pages/store/', '/examples/using-pages/user/'] as const;

export const debugRoutes = [
  '/__docusaurus/debug',
  '/__docusaurus/debug/config',
  '/__docusaurus/debug/content',
  '/__docusaurus/debug/globalData',
  '/__docusaurus/debug/metadata',
  '/__docusaurus/debug/registry',
  '/__docusaurus/debug/routes',
] as const;

export const siteRoutes = ['/', ...docsRoutes, '/examples/', ...apiRoutes, ...referencePagesRoutes, ...debugRoutes] as const;
