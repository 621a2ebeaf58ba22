import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

/** One sidebar, ordered as a newcomer reads: what it is, set it up, go further, see it used. */
const sidebars: SidebarsConfig = {
  docs: [
    'introduction',
    {
      type: 'category',
      label: 'Getting Started',
      collapsed: false,
      items: ['getting-started/Installation', 'getting-started/plugin-options', 'getting-started/theme-options'],
    },
    {
      type: 'category',
      label: 'Guides',
      collapsed: false,
      items: [
        'guides/multiple-apis',
        'guides/schema-imports',
        'guides/build-time-rendering',
        'guides/fast-accessible-reference-pages',
        'guides/migrating-to-v1',
      ],
    },
    {
      type: 'category',
      label: 'API references in docs pages',
      collapsed: true,
      items: ['nested/nested-1', 'nested/nested-2'],
    },
    'who-is-using-redocusaurus',
  ],
};

export = sidebars;
