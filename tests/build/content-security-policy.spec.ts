/**
 * The reference kit's Content-Security-Policy (reference-kit/lib/contentSecurityPolicy.js) on a
 * throwaway site built as this one is (scripts/sites/miniSite.ts): the pet store, the hostile spec
 * (tests/fixtures/hostile-spec.yaml), a spec whose download would run as a script
 * (tests/fixtures/script-like-spec.yaml), a spec large enough that the browser fetches its pieces as
 * text files, and the site's search with a docs page that links to the API pages.
 *
 * - Every built page has the policy at the top of its `<head>` (after `<meta charset>`), and the only
 *   hash it allows is that of the script theme-classic writes before the root, as Docusaurus minifies
 *   it (this mini site has no home page, hence no base-URL banner).
 * - In Chromium, nothing that is there breaks it: no `securitypolicyviolation` event and no CSP
 *   console message, on a cold load of every route and after a click from the docs page to an API
 *   page.
 * - No same-origin file whose content a spec controls runs when a page without any policy loads it
 *   with `<script src>`: the spec downloads and the text files of pieces are SyntaxErrors, the search
 *   index (a JSON array) does nothing. The script-like download without the kit's first line does run,
 *   so the check can fail.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {expect, test, type Page} from '@playwright/test';
import {parseDocument} from 'htmlparser2';
import type {Element} from 'domhandler';
import {loadHtmlTags} from '@docusaurus/core/lib/server/htmlTags';
import {minify} from 'html-minifier-terser';
import themeClassic from '@docusaurus/theme-classic';
import type {LoadContext} from '@docusaurus/types';
import type {Example} from '../../src/data/examples';
import {buildMiniSite, removeMiniSite, type BuiltSiteServer, type MiniSiteBuild} from '../../scripts/sites/miniSite';
import {REPO_ROOT} from '../../scripts/repoRoot';
import {collectPageProblems, waitForHydration, type PageProblems} from '../support/pageErrors';
import {payloadsThatRan} from '../support/hostileSpec';

const example = (specId: string, specFile: string, title: string, kind: Example['kind'] = 'plugin-route'): Example => ({
  specId,
  label: title,
  title,
  route: `/examples/${specId}/`,
  description: `${title}, for the policy's test.`,
  uses: `spec: '${specFile}'`,
  specFile,
  kind,
});

/** An OpenAPI description whose pieces come to well over the 1 MB past which the browser fetches them as text files. */
function largeSpec(): object {
  const paragraph = 'Returns the widget with every one of its parts, as stored when it was last changed. '.repeat(40);
  const paths = Object.fromEntries(
    Array.from({length: 400}, (_, index) => [
      `/widgets/${index}`,
      {get: {operationId: `getWidget${index}`, tags: [`tag${index % 8}`], summary: `Widget ${index}`, description: paragraph, responses: {200: {description: 'The widget'}}}},
    ]),
  );
  return {openapi: '3.0.3', info: {title: 'Widgets', version: '1.0.0'}, paths};
}

const PETS = example('pets', path.join(REPO_ROOT, 'openapi/single-file/openapi.yaml'), 'Pet store');
const HOSTILE = example('hostile', path.join(REPO_ROOT, 'tests/fixtures/hostile-spec.yaml'), 'Hostile spec');
// No page of its own (a spec without operations, which the search plugin refuses to index): its download is what is tested.
const SCRIPT_LIKE = example('script-like', path.join(REPO_ROOT, 'tests/fixtures/script-like-spec.yaml'), 'Script-like spec', 'custom-page');
const DOCS = `# Mini docs

The APIs: [the pet store](${PETS.route}) and [the widgets](/examples/widgets/).
`;

/**
 * The one script Docusaurus writes before the root of this site's pages: theme-classic's colour
 * mode, as its server entry minifies every page's HTML (`--no-minify` leaves the HTML minified).
 */
async function colourModeScriptHash(): Promise<string> {
  const context = {
    siteConfig: {themeConfig: {prism: {additionalLanguages: []}, colorMode: {defaultMode: 'light', respectPrefersColorScheme: false, disableSwitch: false}}},
    i18n: {currentLocale: 'en', localeConfigs: {en: {direction: 'ltr'}}},
  } as unknown as LoadContext;
  const {preBodyTags} = loadHtmlTags([themeClassic(context, {customCss: []} as never) as never]);
  // The options of @docusaurus/core's serverEntry.js.
  const minified = await minify(preBodyTags, {
    removeComments: false,
    removeRedundantAttributes: true,
    removeEmptyAttributes: true,
    removeScriptTypeAttributes: true,
    removeStyleLinkTypeAttributes: true,
    useShortDoctype: true,
    minifyJS: true,
  });
  const script = /^<script>([\s\S]*)<\/script>$/.exec(minified)?.[1];
  if (script === undefined) throw new Error(`theme-classic's tags are not one script: ${preBodyTags.slice(0, 80)}`);
  return `'sha256-${crypto.createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

async function filesUnder(dir: string, keep: (file: string) => boolean): Promise<string[]> {
  const entries = await fs.readdir(dir, {withFileTypes: true, recursive: true});
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter(keep)
    .sort();
}

/** The route a built page is served at. */
const routeOf = (file: string) => (file === '404.html' ? '/no/such/page/' : `/${file.replace(/(^|\/)index\.html$/, '$1')}`);

/**
 * Brings the reference's sections to life: scrolls down a screen at a time (the large page only its
 * first screens, then its end), back to the top, and returns the hostile spec's payloads that ran.
 */
async function bringSectionsToLife(page: Page, route: string): Promise<string[]> {
  if (route !== '/examples/widgets/') return payloadsThatRan(page);
  await page.evaluate(async () => {
    const pause = () => new Promise((resolve) => setTimeout(resolve, 150));
    for (let screen = 0; screen < 12; screen += 1) {
      window.scrollBy(0, window.innerHeight);
      await pause();
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
    await pause();
    window.scrollTo(0, 0);
    await pause();
  });
  return page.evaluate(() => (window as unknown as {__hostile?: string[]}).__hostile ?? []);
}

/** CSP messages Chromium logs (a violation, or a directive it ignores in a meta policy). */
const cspMessages = (problems: PageProblems) => [
  ...problems.cspViolations,
  ...[...problems.consoleErrors, ...problems.consoleWarnings].filter((message) => /Content[- ]Security[- ]Policy/i.test(message)),
];

test.describe('the kit’s Content-Security-Policy on a built site', () => {
  test.describe.configure({mode: 'serial'});
  let build: MiniSiteBuild | undefined;
  let server: BuiltSiteServer | undefined;
  let specDir: string | undefined;
  let outDir = '';

  test.beforeAll(async () => {
    test.setTimeout(900_000);
    specDir = await fs.mkdtemp(path.join(os.tmpdir(), 'csp-specs-'));
    const largeFile = path.join(specDir, 'widgets.json');
    await fs.writeFile(largeFile, JSON.stringify(largeSpec()));
    build = await buildMiniSite({
      examples: [PETS, HOSTILE, SCRIPT_LIKE, example('widgets', largeFile, 'Widgets')],
      search: true,
      docsMarkdown: DOCS,
    });
    expect(build.exitCode, build.output).toBe(0);
    outDir = path.join(build.siteDir, 'build');
    server = await build.serve();
  });
  test.afterAll(async () => {
    await server?.close();
    await removeMiniSite(build);
    if (specDir) await fs.rm(specDir, {recursive: true, force: true});
  });

  test('every built page has the policy right after <meta charset>, allowing only the colour-mode script', async () => {
    const pages = await filesUnder(outDir, (file) => file.endsWith('.html'));
    expect(pages).toEqual(expect.arrayContaining(['404.html', 'docs/index.html', 'search/index.html', 'examples/widgets/index.html']));
    const hash = await colourModeScriptHash();
    for (const file of pages) {
      const html = await fs.readFile(path.join(outDir, file), 'utf8');
      const document = parseDocument(html);
      const htmlElement = document.children.find((node): node is Element => node.type === 'tag');
      const head = htmlElement?.children.find((node): node is Element => node.type === 'tag' && node.name === 'head');
      const [first, second] = (head?.children ?? []).filter((node): node is Element => node.type === 'tag');
      expect(first?.attribs.charset, file).toBe('UTF-8');
      expect(second?.name, file).toBe('meta');
      expect(second?.attribs['http-equiv'], file).toBe('Content-Security-Policy');
      expect(html.split('http-equiv="Content-Security-Policy"'), `${file}: one policy`).toHaveLength(2);
      const policy = second!.attribs.content!;
      expect(policy, file).toContain(`script-src 'self' ${hash};`);
      expect(policy.match(/'sha256-/g), `${file}: one hash`).toHaveLength(1);
      expect(policy, file).toMatch(/^default-src 'self'; /);
      // Directive names, not hosts: the consoles' servers (connect-src) may be named sandbox.…
      expect(policy, file).not.toMatch(/(?:^|; )(?:frame-ancestors|report-uri|report-to|sandbox)\b/);
    }
  });

  test('no violation and no CSP message, on a cold load of every route', async ({browser}) => {
    test.setTimeout(600_000);
    const pages = await filesUnder(outDir, (file) => file.endsWith('.html'));
    const context = await browser.newContext({viewport: {width: 1280, height: 900}});
    try {
      for (const file of pages) {
        const page = await context.newPage();
        const problems = collectPageProblems(page);
        await page.goto(server!.origin + routeOf(file));
        await waitForHydration(page);
        if (file.startsWith('examples/')) {
          // Sections come to life as they near the viewport (the large page's from its fetched pieces).
          expect(await bringSectionsToLife(page, routeOf(file)), file).toEqual([]);
        }
        await page.waitForLoadState('networkidle');
        if (routeOf(file) === HOSTILE.route) {
          // Not nothing hostile: Chromium reports the inline handlers of the spec's markup when the
          // sanitizer parses it into its inert document (DOMParser), where they would never run.
          const others = problems.cspViolations.filter((violation) => !/^Content-Security-Policy violation: script-src-attr blocked /.test(violation));
          expect(others, file).toEqual([]);
          test.info().annotations.push({type: 'hostile page', description: `${problems.cspViolations.length} script-src-attr reports`});
        } else {
          expect(cspMessages(problems), file).toEqual([]);
        }
        expect(problems.pageErrors, file).toEqual([]);
        await page.close();
      }
    } finally {
      await context.close();
    }
  });

  test('no violation and no CSP message after a click from the docs page to each API page', async ({page}) => {
    test.setTimeout(300_000);
    await page.setViewportSize({width: 1280, height: 900});
    const problems = collectPageProblems(page);
    for (const [name, route] of [
      ['the pet store', PETS.route],
      ['the widgets', '/examples/widgets/'],
    ] as const) {
      await page.goto(`${server!.origin}/docs/`);
      await waitForHydration(page);
      await page.evaluate(() => ((window as unknown as {sameDocument: boolean}).sameDocument = true));
      await page.locator('article').getByRole('link', {name, exact: true}).click();
      await expect(page).toHaveURL(server!.origin + route);
      await expect(page.locator('.redocusaurus [data-section-id*="operation/"]').first()).toBeAttached({timeout: 30_000});
      expect(await page.evaluate(() => (window as unknown as {sameDocument?: boolean}).sameDocument), `${route}: a click, not a load`).toBe(true);
      expect(await bringSectionsToLife(page, route), route).toEqual([]);
      await page.waitForLoadState('networkidle');
    }
    expect(cspMessages(problems)).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
  });

  test('no file whose content a spec controls runs as a script, in a page without any policy', async ({page}) => {
    const downloads = await filesUnder(outDir, (file) => file.startsWith('redocusaurus/'));
    const pieces = await filesUnder(outDir, (file) => file.startsWith('assets/spec/'));
    const indexes = await filesUnder(outDir, (file) => /^search-index.*\.json$/.test(file));
    expect(downloads).toEqual(['redocusaurus/hostile.yaml', 'redocusaurus/pets.yaml', 'redocusaurus/script-like.yaml', 'redocusaurus/widgets.yaml']);
    expect(pieces.length, 'the large spec’s pieces are text files').toBeGreaterThan(1);
    expect(pieces.every((file) => /^assets\/spec\/spec-pieces-widgets-\d+\.[\da-f]{8}\.txt$/.test(file)), pieces.join(', ')).toBe(true);
    expect(indexes).toHaveLength(1);

    // A page of the site's origin with no policy at all, and the script-like download without its first line.
    const probe = `${server!.origin}/csp-probe/`;
    const scriptLike = await fs.readFile(path.join(outDir, 'redocusaurus/script-like.yaml'), 'utf8');
    await page.route(`${server!.origin}/csp-probe/**`, (route) => {
      const url = new URL(route.request().url());
      if (url.pathname.endsWith('/stripped.yaml')) return route.fulfill({contentType: 'application/yaml', body: scriptLike.slice(scriptLike.indexOf('\n') + 1)});
      return route.fulfill({contentType: 'text/html', body: '<!doctype html><html><head><title>Probe</title></head><body></body></html>'});
    });
    await page.goto(probe);

    /** Loads `url` with `<script src>`; what its running did: the error it threw, and the globals it added. */
    const load = (url: string) =>
      page.evaluate(async (src) => {
        const before = new Set(Object.getOwnPropertyNames(window));
        const errors: string[] = [];
        const onError = (event: ErrorEvent) => errors.push(`${(event.error as Error | undefined)?.name ?? 'Error'}: ${event.message}`);
        window.addEventListener('error', onError);
        const loaded = await new Promise<string>((resolve) => {
          const script = document.createElement('script');
          script.src = src;
          script.onload = () => resolve('load');
          script.onerror = () => resolve('error');
          document.body.append(script);
        });
        window.removeEventListener('error', onError);
        const added = Object.getOwnPropertyNames(window).filter((name) => !before.has(name));
        return {loaded, errors, added};
      }, url);

    for (const file of [...downloads, ...pieces]) {
      const result = await load(`${server!.origin}/${file}`);
      expect(result.loaded, file).toBe('load');
      expect(result.errors, file).toEqual([expect.stringMatching(/^SyntaxError: /)]);
      expect(result.added, file).toEqual([]);
    }
    for (const file of indexes) {
      // A JSON array is an expression: it runs, and does nothing.
      expect(await load(`${server!.origin}/${file}`), file).toEqual({loaded: 'load', errors: [], added: []});
    }
    expect(await page.evaluate(() => (window as unknown as {__specRan?: number}).__specRan)).toBeUndefined();

    // The check can fail: the same download without its first line runs.
    expect(await load(`${probe}stripped.yaml`)).toEqual({loaded: 'load', errors: [], added: ['__specRan']});
    expect(await page.evaluate(() => (window as unknown as {__specRan?: number}).__specRan)).toBe(1);
  });
});
