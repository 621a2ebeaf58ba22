/** The selling points shown on the home page. */
export interface Feature {
  title: string;
  description: string;
  /** Where the reader learns more. */
  link: {label: string; to: string};
}

export const features: readonly Feature[] = [
  {
    title: 'One preset, two packages',
    description:
      'Add redocusaurus to your presets and list your specs. It wires up docusaurus-plugin-redoc, which loads and bundles each spec, and docusaurus-theme-redoc, which renders it.',
    link: {label: 'Install it', to: '/docs/getting-started/Installation'},
  },
  {
    title: 'Rendered at build time',
    description:
      'Every operation and schema is in the HTML that Docusaurus writes, so reference pages load fast, are indexed by search engines and still read without JavaScript.',
    link: {label: 'How it works', to: '/docs/guides/build-time-rendering'},
  },
  {
    title: 'Any spec source',
    description:
      'Point a spec entry at a single OpenAPI file, a multi-file spec joined with $ref, a Swagger 2.0 document or a URL. Swagger is converted to OpenAPI 3 for you.',
    link: {label: 'Plugin options', to: '/docs/getting-started/plugin-options'},
  },
  {
    title: 'Follows your theme',
    description:
      'Redoc picks up the Docusaurus fonts and switches between light and dark with the colour-mode toggle. One primary colour is usually all the styling you need.',
    link: {label: 'Theme options', to: '/docs/getting-started/theme-options'},
  },
  {
    title: 'Inside your docs',
    description:
      'Embed a whole reference in an MDX page with ApiDocMdx, or a single schema with ApiSchema, next to the prose that explains it.',
    link: {label: 'Schema imports', to: '/docs/guides/schema-imports'},
  },
  {
    title: 'Many APIs, one site',
    description:
      'Give each spec an id and a route. Pages, navbar items and MDX components pick the spec they need by that id.',
    link: {label: 'Multiple APIs', to: '/docs/guides/multiple-apis'},
  },
];
