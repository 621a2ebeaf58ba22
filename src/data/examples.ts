/**
 * The live examples: one entry per page under /examples/.
 *
 * docusaurus.config.ts turns these into redocusaurus spec entries and the
 * navbar's Examples dropdown; the examples index renders them as cards. Keep
 * this module free of React so the config can import it.
 */

/** How an example page is produced. */
export type ExampleKind =
  /** The plugin adds the route itself (the spec entry has a `route`). */
  | 'plugin-route'
  /** A page in src/pages renders the spec with the theme's components. */
  | 'custom-page';

export interface Example {
  /** The redocusaurus spec entry id (`specs[].id`). */
  specId: string;
  /** Label in the navbar's Examples dropdown. */
  label: string;
  /** Page title and card heading. */
  title: string;
  /** Route of the example page (with trailing slash, as the plugin writes it). */
  route: string;
  /** One sentence: what the example shows. Also the page's meta description. */
  description: string;
  /** The option or component the example demonstrates, shown as code on its card. */
  uses: string;
  /** Local spec file (for the remote example: the offline fallback). */
  specFile: string;
  kind: ExampleKind;
  /** True for the example whose spec is fetched from a URL at build time. */
  remote?: boolean;
  /** The kit's `pages` option of the spec: `'tag'` for an overview and a page per tag under `route`. */
  pages?: 'tag';
}

export const examples: readonly Example[] = [
  {
    specId: 'using-single-yaml',
    label: 'Using Single YAML',
    title: 'Single YAML file',
    route: '/examples/using-single-yaml/',
    description: 'The whole pet store API from one OpenAPI 3.0 YAML file, with a route added by the plugin.',
    uses: "spec: 'openapi/single-file/openapi.yaml'",
    specFile: 'openapi/single-file/openapi.yaml',
    kind: 'plugin-route',
  },
  {
    specId: 'using-remote-url',
    label: 'Using Remote URL',
    title: 'Remote URL',
    route: '/examples/using-remote-url/',
    description: 'A spec downloaded from a URL while the site builds; the download button links to that URL.',
    uses: "spec: 'https://…/openapi.yaml'",
    specFile: 'openapi/remote-fallback/openapi.yaml',
    kind: 'plugin-route',
    remote: true,
  },
  {
    specId: 'using-multi-file-yaml',
    label: 'Using Multiple YAMLs',
    title: 'Multi-file YAML',
    route: '/examples/using-multi-file-yaml/',
    description: 'The same API split into paths and schemas across many files, joined with $ref and bundled at build time.',
    uses: "spec: 'openapi/multi-file/openapi.yaml'",
    specFile: 'openapi/multi-file/openapi.yaml',
    kind: 'plugin-route',
  },
  {
    specId: 'using-swagger-json',
    label: 'Using Swagger',
    title: 'Swagger 2.0 JSON',
    route: '/examples/using-swagger-json/',
    description: 'A Swagger 2.0 JSON file, converted to OpenAPI 3 by the plugin before Redoc renders it.',
    uses: "spec: 'openapi/swagger/swagger.json'",
    specFile: 'openapi/swagger/swagger.json',
    kind: 'plugin-route',
  },
  {
    specId: 'using-pages',
    label: 'Pages per Tag',
    title: 'Pages per tag',
    route: '/examples/using-pages/',
    description: 'The pet store API as an overview and a page per tag, each with its own address, in the order of the menu.',
    uses: "pages: 'tag'",
    specFile: 'openapi/single-file/openapi.yaml',
    kind: 'plugin-route',
    pages: 'tag',
  },
  {
    specId: 'using-custom-page',
    label: 'Custom Page',
    title: 'Custom page',
    route: '/examples/custom-page/',
    description: 'A React page that reads a spec with useSpecData and renders it with the ApiDoc component under its own title.',
    uses: "<ApiDoc specProps={useSpecData('using-custom-page')} />",
    specFile: 'openapi/single-file/openapi.yaml',
    kind: 'custom-page',
  },
  {
    specId: 'using-custom-layout',
    label: 'Custom Layout',
    title: 'Custom layout',
    route: '/examples/custom-layout/',
    description: 'The site Layout wrapped around the Redoc component, so the page can add its own content around the reference.',
    uses: "<Layout><Redoc {...useSpecData('using-custom-layout')} /></Layout>",
    specFile: 'openapi/single-file/openapi.yaml',
    kind: 'custom-page',
  },
];

/** Routes of the pages the plugin adds, each a whole API reference rendered by Redoc (a spec as pages has none). */
export const pluginRoutes: readonly string[] = examples
  .filter((example) => example.kind === 'plugin-route' && !example.pages)
  .map((example) => example.route);

/** Looks up an example by its spec id; throws so a typo fails the build. */
export function getExample(specId: string): Example {
  const example = examples.find((candidate) => candidate.specId === specId);
  if (!example) throw new Error(`Unknown example spec id: ${specId}`);
  return example;
}
