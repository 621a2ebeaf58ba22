/**
 * A hostile API description (tests/fixtures/hostile-spec.yaml) as pages of a site built as this one
 * is (the reference kit, this site's redocly.yaml), once as a local file and once from a URL: its
 * markup never becomes script. The kit sanitizes every spec unless a site opts out, which this
 * site's redocly.yaml does not; a URL spec whatever the options say. The mini site is built with the kit's Content-Security-Policy
 * off (`contentSecurityPolicy: false`; the policy is tested in tests/build/content-security-policy.spec.ts),
 * so what is checked here is the sanitizing alone.
 */
import fs from 'node:fs/promises';
import {expect, test} from '@playwright/test';
import type {Example} from '../../src/data/examples';
import {buildMiniSite, removeMiniSite, type MiniSiteBuild} from '../../scripts/miniSite';
import {startSpecServer} from '../support/specServer';
import {HOSTILE_PAGE_TEXT, HOSTILE_SPEC, payloadNames, payloadsThatRan, scriptingMarkup} from '../support/hostileSpec';

const page = (specId: string, remote: boolean): Example =>
  ({
    specId,
    route: `/examples/${specId}/`,
    title: `Hostile spec (${remote ? 'URL' : 'file'})`,
    description: 'A spec whose text is markup that runs script.',
    specFile: 'tests/fixtures/hostile-spec.yaml',
    kind: 'plugin-route',
    ...(remote && {remote: true}),
  }) as Example;

const PAGES = [page('hostile-file', false), page('hostile-url', true)];

test.describe('a hostile spec', () => {
  test.describe.configure({mode: 'serial'});
  let build: MiniSiteBuild | undefined;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    const server = await startSpecServer({body: await fs.readFile(HOSTILE_SPEC, 'utf8')});
    try {
      build = await buildMiniSite({
        examples: PAGES,
        env: {REMOTE_SPEC_URL: server.url, REMOTE_SPEC_STRICT: '1'},
        kitOptions: {contentSecurityPolicy: false},
      });
    } finally {
      await server.close();
    }
    expect(build.exitCode, build.output).toBe(0);
  });
  test.afterAll(async () => removeMiniSite(build));

  test('the fixture has payloads in every place a spec reaches a page', () => {
    expect(payloadNames().length).toBeGreaterThanOrEqual(30);
  });

  for (const {specId, route} of PAGES) {
    test(`${specId}: the built HTML holds none of its scripting markup, and the text still renders`, async () => {
      const html = await build!.readBuilt(`${route.slice(1)}index.html`);
      expect(html, 'no policy: the kit’s is off here').not.toContain('http-equiv="Content-Security-Policy"');
      for (const text of HOSTILE_PAGE_TEXT) expect(html).toContain(text);
      // Legitimate Markdown still renders: a link, inline code, a table.
      expect(html).toContain('href="https://example.com/docs"');
      expect(html).toMatch(/<code[^>]*>inline code<\/code>/);
      expect(html).toMatch(/<table>[\s\S]*<th>Column<\/th>/);
      expect(scriptingMarkup(html)).toEqual([]);
    });

    test(`${specId}: in the browser, no payload runs, and the rendered page holds none of its markup`, async ({browser}) => {
      const server = await build!.serve();
      const context = await browser.newContext({viewport: {width: 1280, height: 900}});
      try {
        const tab = await context.newPage();
        await tab.goto(`${server.origin}${route}`);
        await expect(tab.locator('html[data-has-hydrated="true"]')).toBeAttached();
        expect(await payloadsThatRan(tab)).toEqual([]);
        await expect(tab.getByText('Lists the items.').first()).toBeVisible();
        expect(scriptingMarkup(await tab.content())).toEqual([]);
      } finally {
        await context.close();
        await server.close();
      }
    });
  }
});
