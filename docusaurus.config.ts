import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import type {KitPresetOptions} from './reference-kit';
import lightCodeTheme from 'prism-react-renderer/themes/github';
import darkCodeTheme from 'prism-react-renderer/themes/dracula';

import {examples, getExample, pluginRoutes} from './src/data/examples';
import {codeLanguages, specEntries} from './scripts/build/specs';
import {siteAddress} from './scripts/build/siteAddress';
import remarkCodeBlocks from './plugins/lean-prism/remarkCodeBlocks';
import type {Options as ApiSearchOptions} from './plugins/api-search';
import {DEFAULT_LANGUAGES, sampleLanguages} from './reference-kit/lib/requestSamples';

const REPOSITORY = 'https://github.com/rohit-gohri/redocusaurus';
const DOCS_BASE = 'docs';

async function createConfig(): Promise<Config> {
  // SITE_URL and BASE_URL: a domain root, or a project page such as https://owner.github.io/redocusaurus/.
  const {url, baseUrl} = siteAddress();
  const specs = await specEntries(examples);
  return {
    title: 'Redocusaurus',
    tagline: 'OpenAPI reference pages for your Docusaurus site, rendered by Redoc',
    url,
    baseUrl,
    favicon: 'img/favicon.svg',
    // GitHub Pages serves a folder's index.html at the path with a slash and redirects the path
    // without one, so every route ends with "/" (the examples' routes already do): links go straight
    // to the page, and the docs routes of the spec (/docs/guides/...) still reach it through that redirect.
    trailingSlash: true,
    onBrokenLinks: 'throw',
    onBrokenMarkdownLinks: 'warn',
    onDuplicateRoutes: 'warn',
    i18n: {defaultLocale: 'en', locales: ['en']},
    clientModules: [require.resolve('./src/clientModules/routePreloadWarnings.ts')],

    presets: [
      [
        'classic',
        {
          // The debug pages (/__docusaurus/debug) are part of the site, in every build.
          debug: true,
          docs: {
            routeBasePath: DOCS_BASE,
            sidebarPath: require.resolve('./sidebars.ts'),
            remarkPlugins: [remarkCodeBlocks],
          },
          blog: false,
          theme: {customCss: require.resolve('./src/css/custom.css')},
        } satisfies Preset.Options,
      ],
      [
        // The redocusaurus preset through the reference kit, as a reader's site uses it (reference-kit/README.md).
        './reference-kit',
        {
          // Redoc's own options (disableSearch) live in the `theme.openapi` section of this file.
          config: 'redocly.yaml',
          specs,
          // The same primaries as src/css/custom.css, so Redoc matches the site in both modes.
          theme: {primaryColor: '#1f7a8c', primaryColorDark: '#5cc3d6'},
          // The sample APIs' servers do not exist: the console answers from the spec first.
          tryIt: {mockFirst: true},
        } satisfies KitPresetOptions,
      ],
    ],

    plugins: [
      require.resolve('./plugins/lean-prism'),
      require.resolve('./plugins/lean-css'),
      // The specs' own code, and the request samples the kit writes in every language it knows.
      [require.resolve('./plugins/lean-redoc'), {codeLanguages: [...(await codeLanguages(specs)), ...sampleLanguages(DEFAULT_LANGUAGES)]}],
      [require.resolve('./plugins/compile-hints'), {packages: ['redoc']}],
      // The reference kit's releases, which readers download and upgrade (docs/guides/fast-accessible-reference-pages.mdx).
      [require.resolve('./plugins/kit-archive'), {folder: 'reference-kit', releases: 'plugins/kit-archive/releases'}],
      [
        // Offline search (@easyops-cn/docusaurus-search-local), with each API operation a result of its own.
        require.resolve('./plugins/api-search'),
        {
          apiRoutes: [...pluginRoutes],
          // The routed examples render the same pet store API; its operations and schemas are indexed
          // once, from the page of the one file the custom pages render too (README, Search).
          indexedApiRoutes: [getExample('using-single-yaml').route],
          docsRouteBasePath: DOCS_BASE,
          indexBlog: false,
          indexPages: true,
          language: ['en'],
          ignoreFiles: [/^__docusaurus\/debug/],
          // Pages that embed Redoc index their own prose only; API pages are indexed by the plugin itself.
          ignoreCssSelectors: ['.redocusaurus'],
          highlightSearchTermsOnTargetPage: false,
          searchResultLimits: 8,
        } satisfies ApiSearchOptions,
      ],
    ],

    themeConfig: {
      metadata: [
        {
          name: 'description',
          content:
            'Redocusaurus is a Docusaurus preset that turns OpenAPI and Swagger specs into Redoc API reference pages, rendered at build time, in light and dark mode.',
        },
        {name: 'keywords', content: 'docusaurus, redoc, openapi, swagger, api reference, documentation'},
      ],
      colorMode: {
        defaultMode: 'light',
        disableSwitch: false,
        respectPrefersColorScheme: false,
      },
      docs: {
        sidebar: {hideable: false, autoCollapseCategories: false},
      },
      tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
      announcementBar: {
        id: 'build-time-rendering',
        // Raw HTML, which Docusaurus neither prefixes with the base URL nor checks: the base is added here.
        content: `API pages on this site are rendered at build time, so they work without JavaScript. <a href="${baseUrl}${DOCS_BASE}/guides/build-time-rendering/">See how it works</a>.`,
        isCloseable: true,
      },
      navbar: {
        title: 'Redocusaurus',
        hideOnScroll: true,
        logo: {alt: 'Redocusaurus logo', src: 'img/logo.svg', width: 32, height: 32},
        items: [
          {type: 'doc', docId: 'introduction', label: 'Docs', position: 'left'},
          {
            label: 'Examples',
            position: 'left',
            to: '/examples/',
            items: [
              {label: 'All', to: '/examples/'},
              ...examples.map((example) => ({label: example.label, to: example.route})),
            ],
          },
          {
            label: 'v1',
            position: 'right',
            items: [
              {label: 'v0', href: 'https://redocusaurus-v0.vercel.app/'},
              {label: 'v1', href: 'https://redocusaurus.vercel.app/'},
            ],
          },
          {href: REPOSITORY, label: 'GitHub', position: 'right', 'aria-label': 'Redocusaurus source on GitHub'},
          {type: 'localeDropdown', position: 'right'},
        ],
      },
      footer: {
        style: 'dark',
        links: [
          {
            title: 'Packages',
            items: [
              {label: 'redocusaurus', href: 'https://www.npmjs.com/package/redocusaurus'},
              {label: 'docusaurus-theme-redoc', href: 'https://www.npmjs.com/package/docusaurus-theme-redoc'},
              {label: 'docusaurus-plugin-redoc', href: 'https://www.npmjs.com/package/docusaurus-plugin-redoc'},
            ],
          },
          {
            title: 'More',
            items: [
              {label: 'GitHub repository', href: REPOSITORY},
              {label: 'Blog post', href: 'https://rohit.page/blog/projects/openapi-for-docusaurus/'},
              {label: 'Twitter discussion', href: 'https://twitter.com/rohit_gohri/status/1351589213565644801'},
            ],
          },
        ],
        copyright: `Copyright © ${new Date().getFullYear()} Rohit Gohri and the Redocusaurus contributors. Built with Docusaurus.`,
      },
      prism: {
        theme: lightCodeTheme,
        darkTheme: darkCodeTheme,
      },
    } satisfies Preset.ThemeConfig,
  };
}

export = createConfig;
