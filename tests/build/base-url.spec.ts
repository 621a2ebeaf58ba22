/**
 * The whole site built for a GitHub project page, `BASE_URL=/redocusaurus/`, and served under that
 * path the way Pages serves it (scripts/cli/serve-build.mjs --base). Every URL the built pages hold must
 * resolve under the base (tests/support/builtLinks.ts), raw HTML and Redoc's markup included; every
 * route of the specification is served there; in the browser, an API page loads with no failed
 * request, and search results open pages under the base.
 */
import {spawn, spawnSync} from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {expect, test, type Page} from '@playwright/test';
import {getExample} from '../../src/data/examples';
import {startBuildServer} from '../../scripts/sites/startBuildServer';
import {checkBuiltLinks} from '../support/builtLinks';
import {siteRoutes} from '../support/routes';
import {waitForHydration} from '../support/pageErrors';
import {REPO_ROOT} from '../../scripts/repoRoot';

const BASE = '/redocusaurus/';
const API_PAGE = getExample('using-single-yaml').route;

/**
 * Runs `docusaurus build` on the site itself into `outDir`; resolves with its exit code and output.
 * It rewrites `.docusaurus/` as `npm run build` does. (A generated-files folder of its own,
 * DOCUSAURUS_GENERATED_FILES_DIR_NAME, is not safe: with webpack's cache from a build in
 * `.docusaurus/`, the server bundle still read the old folder's config and rendered every page as
 * not found, at the old base.)
 */
function buildSite(outDir: string, env: Record<string, string>): Promise<{code: number; output: string}> {
  const args = [path.join(REPO_ROOT, 'scripts/build/docusaurus.mjs'), 'build', '--out-dir', outDir];
  const child = spawn(process.execPath, args, {cwd: REPO_ROOT, env: {...process.env, ...env, FORCE_COLOR: '0'}});
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => child.on('close', (code) => resolve({code: code ?? 1, output})));
}

/** The text of each code block (`<pre>`) of a built page, tags removed and entities decoded. */
function commandsIn(html: string): string[] {
  const decode = (text: string) =>
    text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&');
  return [...html.matchAll(/<pre\b[^>]*>([\s\S]*?)<\/pre>/g)].map((match) =>
    decode(match[1]!.replace(/<br\s*\/?>/g, '\n').replace(/<[^>]+>/g, '')),
  );
}

/** Records every request of `page` that fails or answers with an error status. */
function failedRequests(page: Page): string[] {
  const failed: string[] = [];
  page.on('requestfailed', (request) => failed.push(`${request.url()} (${request.failure()?.errorText})`));
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.url()} (${response.status()})`);
  });
  return failed;
}

test(`the site built under ${BASE}: every URL in its pages resolves there, and an API page and search work there`, async ({
  page,
  request,
}) => {
  // A full production build of the site (about 80 s alone on 2 cores), then a few seconds of checks.
  test.setTimeout(600_000);
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'base-url-'));
  const outDir = path.join(scratch, 'build');
  // Served before it is built, so that the build's SITE_URL is the origin the browser loads it from.
  const server = await startBuildServer({dir: outDir, base: BASE});
  try {
    const build = await buildSite(outDir, {
      BASE_URL: BASE,
      SITE_URL: server.origin,
      // Offline, as scripts/cli/test.sh builds: the remote example falls back to its local copy.
      REMOTE_SPEC_URL: 'http://remote-spec.invalid/openapi.yaml',
    });
    // Docusaurus's own checks (broken links throw) hold under the base too.
    expect(build.code, build.output).toBe(0);

    // Soft expectations from here: one run reports every broken URL and every browser failure.
    await test.step('every internal href and src of every built page resolves under the base, fragments included', async () => {
      const report = await checkBuiltLinks({outDir, siteUrl: server.origin, baseUrl: BASE});
      expect(report.pages).toBeGreaterThan(20);
      expect(report.checked).toBeGreaterThan(1000);
      expect.soft(report.problems, `${report.problems.length} broken URLs:\n${report.problems.join('\n')}`).toEqual([]);
    });

    await test.step('every route of the specification is served under the base', async () => {
      for (const route of siteRoutes) {
        const response = await request.get(`${server.origin}${BASE}${route.slice(1)}`);
        expect.soft(response.status(), route).toBe(200);
      }
    });

    await test.step("the guide's download command names this deployment, and fetches the kit from it", async () => {
      const guide = `${BASE}docs/guides/fast-accessible-reference-pages/`;
      const archive = `${server.origin}${BASE}reference-kit.tar.gz`;
      // The server's HTML, as a reader without JavaScript (or a crawler, or curl) gets it.
      const command = commandsIn(await fs.readFile(path.join(outDir, guide.slice(BASE.length), 'index.html'), 'utf8')).find((text) =>
        text.includes('reference-kit.tar.gz'),
      );
      expect(command, 'a code block downloads the kit').toBeDefined();
      expect(command).toContain(`curl -fsSL ${archive} | tar -xz`);
      // Run as the guide says, in a reader's site (npm's lockfile is what the command checks for).
      const reader = await fs.mkdtemp(path.join(os.tmpdir(), 'base-url-reader-'));
      try {
        await fs.writeFile(path.join(reader, 'package-lock.json'), '{}\n');
        const run = spawnSync('bash', ['-e', '-o', 'pipefail', '-c', command!], {cwd: reader, encoding: 'utf8'});
        expect(run.status, run.stderr).toBe(0);
        const kit = JSON.parse(await fs.readFile(path.join(reader, 'reference-kit/package.json'), 'utf8')) as {version: string};
        expect(kit.version).toMatch(/^\d+\.\d+\.\d+$/);
      } finally {
        await fs.rm(reader, {recursive: true, force: true});
      }
      // In the browser, the command names the origin the page was loaded from: the same build served on
      // another host name (localhost for 127.0.0.1) shows that one.
      const elsewhere = server.origin.replace('127.0.0.1', 'localhost');
      await page.goto(`${elsewhere}${guide}`);
      await waitForHydration(page);
      await expect(page.locator('pre', {hasText: 'reference-kit.tar.gz'}).first()).toContainText(`curl -fsSL ${elsewhere}${BASE}reference-kit.tar.gz`);
    });

    const failed = failedRequests(page);
    await page.goto(`${server.origin}${BASE}${API_PAGE.slice(1)}`);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');

    await test.step('every image on the API page (the site and spec logos) is loaded', async () => {
      const images = await page.locator('img').evaluateAll((elements) =>
        elements.map((element) => {
          const image = element as HTMLImageElement;
          return {src: image.currentSrc, loaded: image.complete && image.naturalWidth > 0};
        }),
      );
      // The navbar's logo and the spec's x-logo. (Redoc adds its own mark beside "API docs by Redocly"
      // only once its menu is rendered by React, which a page that loads with the server's HTML
      // does not do: reference-kit/reference/browser/liveMenu.ts.)
      expect.soft(images.length, images.map((image) => image.src).join(', ')).toBeGreaterThanOrEqual(2);
      for (const image of images) {
        const url = new URL(image.src);
        if (url.protocol !== 'data:') expect.soft(url.pathname.startsWith(BASE), `${image.src} under ${BASE}`).toBe(true);
        expect.soft(image.loaded, `${image.src} loaded`).toBe(true);
      }
    });

    await test.step('the download button returns the spec', async () => {
      const href = await page.locator('.redocusaurus a[download]').getAttribute('href');
      const url = new URL(href!, page.url());
      expect.soft(url.pathname.startsWith(BASE), `${url.href} under ${BASE}`).toBe(true);
      const response = await request.get(url.href);
      expect.soft(response.status(), url.href).toBe(200);
      expect.soft(await response.text()).toMatch(/^openapi: 3/m);
    });

    await test.step('search results link under the base and open their target', async () => {
      const searchBox = page.locator('.navbar').getByLabel('Search', {exact: true});
      await searchBox.click();
      await expect(page.locator('.navbar [data-search-placeholder]')).toHaveCount(0);
      const options = page.locator('.navbar [role="listbox"] [role="option"]');
      const operation = 'tag/pet/operation/findPetsByStatus';
      for (const [query, target] of [
        ['themeId', `${BASE}docs/getting-started/plugin-options`],
        ['findByStatus', `${BASE}${API_PAGE.slice(1)}#${operation}`],
      ] as const) {
        await searchBox.fill(query);
        await expect(options.first()).toBeVisible();
        const hrefs = await options.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
        for (const href of hrefs) expect.soft(href.startsWith(BASE), `${href} under ${BASE}`).toBe(true);
        expect.soft(hrefs.some((href) => href.startsWith(target)), `${target} among ${hrefs.join(', ')}`).toBe(true);
      }
      // The operation's result, followed in the browser.
      await options.and(page.locator(`[href$="#${operation}"]`)).click();
      await expect.soft(page).toHaveURL(`${server.origin}${BASE}${API_PAGE.slice(1)}#${operation}`);
      await expect.soft(page.locator(`[id="${operation}"]`)).toBeInViewport();
    });

    await page.waitForLoadState('networkidle');
    expect(failed, 'failed requests').toEqual([]);
  } finally {
    server.close();
    await fs.rm(scratch, {recursive: true, force: true});
  }
});
