// @ts-check
// The bench's floor: what any Docusaurus 2.4.3 classic site costs before it has content of its own.
// Plain JavaScript, the default preset and one doc and one page, like `create-docusaurus classic`
// without the template's sample content. The blog is off because the floor has no posts.

/** @type {import('@docusaurus/types').Config} */
const config = {
  title: 'Floor',
  tagline: 'An empty Docusaurus classic site',
  url: 'https://floor.invalid',
  baseUrl: '/',
  // A favicon of its own, as every site has: without one, the browser's request for /favicon.ico
  // is a 404 and a console error.
  favicon: 'favicon.svg',
  onBrokenLinks: 'throw',
  onBrokenMarkdownLinks: 'throw',
  i18n: {defaultLocale: 'en', locales: ['en']},
  presets: [
    [
      'classic',
      /** @type {import('@docusaurus/preset-classic').Options} */
      ({docs: {}, blog: false}),
    ],
  ],
  themeConfig:
    /** @type {import('@docusaurus/preset-classic').ThemeConfig} */
    ({
      navbar: {
        title: 'Floor',
        items: [{type: 'doc', docId: 'intro', position: 'left', label: 'Docs'}],
      },
      footer: {style: 'dark', copyright: 'Built with Docusaurus.'},
    }),
};

module.exports = config;
