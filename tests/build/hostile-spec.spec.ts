/**
 * The hostile API descriptions (tests/fixtures/hostile-spec.yaml, hostile-spec-structure.yaml) as
 * pages of a site built as this one is, with the reference kit's defaults: its sanitizing profile
 * (this site's redocly.yaml sets no `sanitize`) and its Content-Security-Policy. Both fixtures as
 * local files, the structure fixture once more from a URL (a URL spec is sanitized whatever the
 * options say), the clobbering one (hostile-spec-clobbering.yaml) on a page of its own, a spec whose
 * download would run as a script (tests/fixtures/script-like-spec.yaml, which the structure
 * fixture's SVG script points at), and a docs page that links to the API pages.
 *
 * - The build succeeds (the mini site is not minified; the reader fixture, tests/reader-site/kit.spec.ts,
 *   builds these specs with Docusaurus's HTML minifier, which markup with unquoted attribute tails broke once).
 * - The server's HTML holds none of the spec's scripting markup (`scriptingMarkup`) and nothing of
 *   the spec's that takes the page over without script (`takeoverMarkup`), and the text renders.
 * - A reader's visit finds the page inert (`checkHostilePage`: nothing ran, navigated, left for
 *   another origin, posted, covered the page; no policy violation but DOMPurify's own parse), on a
 *   load and after a click from the docs page (the kit then reads the built page itself) at 1280 px,
 *   the structure spec after a click at 375 px too, and without JavaScript (where a click is a load).
 *
 * To see the checks fail, build with a defence off: HOSTILE_DEFENCES_OFF=sanitize (the site's
 * Redoc option `sanitize: false`), =csp (the kit's `contentSecurityPolicy: false`), or both,
 * comma-separated. The URL page stays sanitized then: the kit sanitizes a URL spec whatever the
 * site says.
 */
import fs from 'node:fs/promises';
import {expect, test} from '@playwright/test';
import type {Example} from '../../src/data/examples';
import {buildMiniSite, removeMiniSite, type BuiltSiteServer, type MiniSiteBuild} from '../../scripts/sites/miniSite';
import {startSpecServer} from '../support/specServer';
import {
  HOSTILE_PAGE_TEXT,
  HOSTILE_STRUCTURE_SPEC,
  HOSTILE_STRUCTURE_TEXT,
  checkHostilePage,
  expectInert,
  payloadNames,
  scriptingMarkup,
  structurePayloadNames,
  takeoverMarkup,
} from '../support/hostileSpec';

const DEFENCES_OFF = new Set((process.env.HOSTILE_DEFENCES_OFF ?? '').split(',').filter(Boolean));

interface HostilePage {
  example: Example;
  /** The docs page's link to it. */
  link: string;
  text: readonly string[];
}

const hostilePage = (specId: string, specFile: string, link: string, text: readonly string[], remote = false): HostilePage => ({
  example: {
    specId,
    label: link,
    title: link,
    route: `/examples/${specId}/`,
    description: 'A spec whose text is markup made to harm a page.',
    uses: `spec: '${specFile}'`,
    specFile,
    kind: 'plugin-route',
    ...(remote && {remote: true}),
  },
  link,
  text,
});

const PAGES = [
  hostilePage('hostile-file', 'tests/fixtures/hostile-spec.yaml', 'Hostile spec (file)', HOSTILE_PAGE_TEXT),
  // The id the fixture's SVG script names: its own download.
  hostilePage('hostile-structure', 'tests/fixtures/hostile-spec-structure.yaml', 'Hostile structure (file)', HOSTILE_STRUCTURE_TEXT),
  hostilePage('hostile-url', 'tests/fixtures/hostile-spec-structure.yaml', 'Hostile structure (URL)', HOSTILE_STRUCTURE_TEXT, true),
  // On a page of its own: a clobbering payload that works stops every script of the page.
  hostilePage('hostile-clobbering', 'tests/fixtures/hostile-spec-clobbering.yaml', 'Hostile clobbering (file)', ['Clobbering payloads follow.']),
];
/** No page of its own: its download is what the structure fixture's SVG script points at. */
const SCRIPT_LIKE: Example = {
  specId: 'script-like',
  label: 'Script-like spec',
  title: 'Script-like spec',
  route: '/examples/script-like/',
  description: 'A spec whose download is a script without the kit’s first line.',
  uses: "spec: 'tests/fixtures/script-like-spec.yaml'",
  specFile: 'tests/fixtures/script-like-spec.yaml',
  kind: 'custom-page',
};
const DOCS_ROUTE = '/docs/';
const DOCS = ['# Mini docs', '', 'The APIs:', '', ...PAGES.map(({example, link}) => `- [${link}](${example.route})`), ''].join('\n');

test.describe('hostile specs, with the kit’s defaults', () => {
  test.describe.configure({mode: 'serial'});
  let build: MiniSiteBuild | undefined;
  let server: BuiltSiteServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(600_000);
    const specServer = await startSpecServer({body: await fs.readFile(HOSTILE_STRUCTURE_SPEC, 'utf8')});
    try {
      build = await buildMiniSite({
        examples: [...PAGES.map(({example}) => example), SCRIPT_LIKE],
        docsMarkdown: DOCS,
        env: {REMOTE_SPEC_URL: specServer.url, REMOTE_SPEC_STRICT: '1'},
        kitOptions: {
          ...(DEFENCES_OFF.has('csp') && {contentSecurityPolicy: false}),
          ...(DEFENCES_OFF.has('sanitize') && {theme: {options: {sanitize: false}}}),
        },
      });
    } finally {
      await specServer.close();
    }
    expect(build.exitCode, build.output).toBe(0);
    server = await build.serve();
  });
  test.afterAll(async () => {
    await server?.close();
    await removeMiniSite(build);
  });

  test('the fixtures have payloads in every place a spec reaches a page, and of every kind', () => {
    expect(payloadNames().length).toBeGreaterThanOrEqual(30);
    const names = structurePayloadNames();
    expect(names.length).toBeGreaterThanOrEqual(80);
    // Script payloads of the structure fixture are named like the others.
    expect(payloadNames(HOSTILE_STRUCTURE_SPEC).every((name) => name.startsWith('hx-'))).toBe(true);
    for (const kind of ['hx-form', 'hx-dialog', 'hx-overlay', 'hx-map', 'hx-svg-style', 'hx-math-style', 'hx-meta-refresh', 'hx-base', 'hx-link-stylesheet', 'hx-navbar-class', 'hx-blank', 'hx-mxss-svg-style', 'hx-mxss-noscript', 'hx-img', 'hx-terms-array', 'hx-breaker-far']) {
      expect(names, kind).toContain(kind);
    }
  });

  for (const {example, text} of PAGES) {
    test(`${example.specId}: the server's HTML holds no scripting or takeover markup of the spec's, and its text`, async () => {
      const html = await build!.readBuilt(`${example.route.slice(1)}index.html`);
      if (!DEFENCES_OFF.has('csp')) expect(html, 'the kit’s policy').toContain('http-equiv="Content-Security-Policy"');
      for (const shown of text) expect(html).toContain(shown);
      if (example.specId === 'hostile-file') {
        // Legitimate Markdown still renders: a link, inline code, a table.
        expect(html).toContain('href="https://example.com/docs"');
        expect(html).toMatch(/<code[^>]*>inline code<\/code>/);
        expect(html).toMatch(/<table>[\s\S]*<th>Column<\/th>/);
      } else if (text === HOSTILE_STRUCTURE_TEXT) {
        // The far payloads are in a short section (past the page's budget of HTML), in a noscript element.
        expect(html).toContain('data-kit-stub');
      }
      expect(scriptingMarkup(html)).toEqual([]);
      const takeover = takeoverMarkup(html, server!.origin);
      // Another site's images stay in the HTML (the profile keeps http(s) images); the policy blocks them (below).
      expect(takeover.filter((finding) => !finding.startsWith('a resource of another origin'))).toEqual([]);
      test.info().annotations.push({type: 'kept for the policy', description: takeover.join('\n') || 'none'});
    });
  }

  // Without JavaScript a click is a load of the page: one visit, at the laptop's width.
  const visits = [
    {javaScript: true, width: 1280, way: 'load' as const},
    {javaScript: true, width: 1280, way: 'click' as const},
    // A phone after a click (the kit then reads the built page itself, in one column): the structure spec.
    {javaScript: true, width: 375, way: 'click' as const, only: 'hostile-structure'},
    // The console of its first operation opened and answered by the mock: the structure spec and the file spec.
    {javaScript: true, width: 1280, way: 'load' as const, only: 'hostile-structure', console: true},
    {javaScript: true, width: 1280, way: 'load' as const, only: 'hostile-file', console: true},
    {javaScript: false, width: 1280, way: 'load' as const},
  ];
  for (const {javaScript, width, way, only, console} of visits) {
    // The URL page is the structure spec again: what differs is how the server had it, so a load tells.
    for (const {example, link, text} of PAGES.filter(({example}) => (only ? example.specId === only : way === 'load' || example.specId !== 'hostile-url'))) {
      const name = `${example.specId}: inert ${way === 'load' ? 'on a load' : 'after a click'}, ${javaScript ? 'with' : 'without'} JavaScript, at ${width} px${console ? ', with a console open' : ''}`;
      test(name, async ({browser}) => {
        test.setTimeout(180_000);
        const report = await checkHostilePage(browser, {
          origin: server!.origin,
          route: example.route,
          way,
          from: {route: DOCS_ROUTE, linkText: link},
          javaScript,
          width,
          text,
          console,
        });
        expectInert(report, name);
      });
    }
  }
});
