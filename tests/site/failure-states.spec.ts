import {expect, test, type Page} from '@playwright/test';
import {colourModeToggle} from '../support/colourMode';
import {collectPageProblems, waitForHydration} from '../support/pageErrors';

test.use({viewport: {width: 1280, height: 800}});

const sidebarLink = (page: Page, name: string) =>
  page.locator('.theme-doc-sidebar-container').getByRole('link', {name, exact: true});

/**
 * Makes the next script request for a JavaScript chunk fail (once), after `arm()` is called.
 * Only scripts: Docusaurus prefetches the chunks of links in view with `<link rel="prefetch">` in
 * idle time, which can fall after the page looks idle; failing such a prefetch instead of the
 * navigation's own chunk would test nothing (CI once did just that).
 * Routing also turns off the HTTP cache, so prefetched chunks are requested again.
 */
async function failNextChunk(page: Page) {
  const state = {armed: false, failed: [] as string[]};
  await page.route('**/assets/js/*.js', async (route) => {
    if (state.armed && state.failed.length === 0 && route.request().resourceType() === 'script') {
      state.failed.push(route.request().url());
      await route.fulfill({status: 500, body: 'chunk unavailable'});
      return;
    }
    await route.continue();
  });
  return {
    arm: () => (state.armed = true),
    failed: state.failed,
  };
}

test.describe('a route chunk that fails to load', () => {
  test('client-side navigation recovers with a full reload and only warns', async ({page}) => {
    const problems = collectPageProblems(page);
    const chunks = await failNextChunk(page);
    await page.goto('/docs/');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    const documentLoads: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documentLoads.push(request.url());
    });
    chunks.arm();
    // Keyboard activation: no hover, so the first load of the route is the navigation's own.
    await sidebarLink(page, 'Theme options').focus();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/docs\/getting-started\/theme-options\/$/);
    await expect(page.locator('article h1').first()).toHaveText(/theme options/i);
    expect(chunks.failed).toHaveLength(1);
    // Docusaurus 2.4 reloads the page when a route's chunk fails (it may be an old deployment).
    expect(documentLoads).toEqual([expect.stringMatching(/\/docs\/getting-started\/theme-options\/$/)]);
    await waitForHydration(page);
    expect(problems.consoleWarnings.some((warning) => /ChunkLoadError|Loading chunk/.test(warning))).toBe(true);
    expect(problems.pageErrors).toEqual([]);
  });

  // §2: "A failure to preload a route is only logged as a console warning."
  // @docusaurus/core 2.4.3's <Link> preloads on mouseenter without a catch;
  // src/clientModules/routePreloadWarnings.ts turns that rejection into a warning.
  test('a failed preload on hover only logs a warning', async ({page}) => {
    const problems = collectPageProblems(page);
    const chunks = await failNextChunk(page);
    await page.goto('/docs/');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    chunks.arm();
    await sidebarLink(page, 'Theme options').hover();
    await expect.poll(() => chunks.failed.length).toBe(1);
    await expect.poll(() => problems.consoleWarnings.filter((w) => /Preloading a page failed/.test(w)).length).toBe(1);
    // The page is unaffected: still the same document, still interactive.
    await expect(page.locator('article h1').first()).toHaveText('Introduction');
    expect(problems.pageErrors).toEqual([]);
  });
});

test.describe('a chunk that fails on the first visit', () => {
  // §2 names a Retry button for lazy pages that fail to load. In a production build of
  // Docusaurus 2.4.3 the page's chunks are preloaded before React starts, so that state is
  // never rendered: a failed first load leaves the server-built page in place, readable and
  // navigable by plain links, and the next visit hydrates as usual.
  test('the server-built page stays readable and the next load hydrates', async ({page}) => {
    const problems = collectPageProblems(page);
    const chunks = await failNextChunk(page);
    chunks.arm();
    await page.goto('/docs/getting-started/theme-options');
    await expect.poll(() => chunks.failed.length).toBe(1);
    await expect(page.locator('article h1').first()).toHaveText(/theme options/i);
    await expect(page.locator('.theme-doc-sidebar-container')).toBeVisible();
    await expect(page.getByText('This page crashed.')).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'false');

    // A plain link still works, and that next page load hydrates.
    await page.locator('.theme-doc-sidebar-container').getByRole('link', {name: 'Plugin options', exact: true}).click();
    await expect(page).toHaveURL(/\/docs\/getting-started\/plugin-options\/$/);
    await waitForHydration(page);
    await expect(page.locator('article h1').first()).toHaveText(/plugin options/i);
    expect(problems.pageErrors).toEqual([]);
  });
});

test.describe('a crash while rendering', () => {
  test('shows "This page crashed." and "Try again" brings the page back', async ({page}) => {
    // Docusaurus links watch themselves with an IntersectionObserver to prefetch their page.
    // Make that fail once for a link inside the article, as a broken browser API or an
    // extension could: the error is thrown while React mounts the page's content.
    await page.addInitScript(() => {
      const observe = IntersectionObserver.prototype.observe;
      let failed = false;
      IntersectionObserver.prototype.observe = function (this: IntersectionObserver, target: Element) {
        if (!failed && target.closest('article')) {
          failed = true;
          throw new Error('IntersectionObserver failed (test)');
        }
        return observe.call(this, target);
      };
    });
    await page.goto('/docs/');
    // The theme's error boundary around the content: the message, the error, and the navbar kept.
    await expect(page.getByText('This page crashed.')).toBeVisible();
    await expect(page.getByText('IntersectionObserver failed (test)')).toBeVisible();
    await expect(page.locator('.navbar').getByRole('link', {name: 'Docs', exact: true})).toBeVisible();
    await page.getByRole('button', {name: 'Try again'}).click();
    await expect(page.getByText('This page crashed.')).toHaveCount(0);
    await expect(page.locator('article h1').first()).toHaveText('Introduction');
    await expect(page.locator('.navbar').getByRole('link', {name: 'Docs', exact: true})).toBeVisible();
  });
});

test.describe('browser storage', () => {
  test('unavailable storage (a SecurityError on access) leaves the site working, with one warning', async ({page}) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        configurable: true,
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    });
    const problems = collectPageProblems(page);
    await page.goto('/docs/');
    await waitForHydration(page);
    await expect(page.locator('article h1').first()).toHaveText('Introduction');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await colourModeToggle(page).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await sidebarLink(page, 'Installation').click();
    await expect(page.locator('article h1').first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    // The API pages too.
    await page.goto('/examples/using-single-yaml/');
    await waitForHydration(page);
    await expect(page.locator('.redocusaurus h1').first()).toBeVisible();

    expect(problems.pageErrors).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
    expect(problems.consoleWarnings.filter((warning) => /storage is not available/.test(warning)).length).toBeGreaterThan(0);
  });

  test('storage calls that throw leave the site working, with no page errors', async ({page}) => {
    await page.addInitScript(() => {
      const fail = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
      Storage.prototype.getItem = fail;
      Storage.prototype.setItem = fail;
      Storage.prototype.removeItem = fail;
    });
    const problems = collectPageProblems(page);
    await page.goto('/docs/');
    await waitForHydration(page);
    await expect(page.locator('article h1').first()).toHaveText('Introduction');
    await colourModeToggle(page).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await colourModeToggle(page).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    // The announcement bar can still be closed for this visit.
    const bar = page.locator('[role="banner"][class*="announcementBar"]');
    await bar.getByRole('button', {name: 'Close'}).click();
    await expect(bar).toHaveCount(0);
    await sidebarLink(page, 'Installation').click();
    await expect(page.locator('article h1').first()).toBeVisible();

    expect(problems.pageErrors).toEqual([]);
    // Docusaurus reports each failed call on the console and carries on; nothing else complains.
    expect(problems.consoleErrors.length).toBeGreaterThan(0);
    expect(problems.consoleErrors.filter((message) => !/^Docusaurus storage error/.test(message))).toEqual([]);
  });
});

test.describe('prefetching', () => {
  const prefetchLinks = (page: Page) => page.locator('head link[rel="prefetch"]');

  test('visible links prefetch their route’s chunks', async ({page}) => {
    await page.goto('/docs/');
    await waitForHydration(page);
    await expect.poll(() => prefetchLinks(page).count()).toBeGreaterThan(0);
  });

  test('a chunk that several visible links need is prefetched once', async ({page}) => {
    // At phone width the docs sidebar's links, which share the docs layout's chunks, are in the page too.
    await page.setViewportSize({width: 412, height: 823});
    await page.goto('/docs/nested/nested-1');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    const hrefs = await prefetchLinks(page).evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThan(5);
    expect(hrefs.filter((href, index) => hrefs.indexOf(href) !== index), 'asked for twice').toEqual([]);
    // Each is a chunk's script.
    expect(hrefs.every((href) => /^\/assets\/js\/[\w~.-]+\.js$/.test(href!))).toBe(true);
  });

  for (const connection of [{effectiveType: '2g', saveData: false}, {effectiveType: '4g', saveData: true}]) {
    test(`is skipped on ${connection.saveData ? 'data saver' : 'a 2g connection'}`, async ({page}) => {
      await page.addInitScript((value) => {
        Object.defineProperty(Navigator.prototype, 'connection', {configurable: true, get: () => value});
      }, connection);
      const requests: string[] = [];
      await page.goto('/docs/');
      await waitForHydration(page);
      page.on('request', (request) => requests.push(request.url()));
      await page.waitForLoadState('networkidle');
      // Scroll the sidebar and footer links into view, which is what triggers prefetching.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForLoadState('networkidle');
      expect(await prefetchLinks(page).count()).toBe(0);
      // Still navigable: the chunks load on demand.
      await sidebarLink(page, 'Installation').click();
      await expect(page.locator('article h1').first()).toBeVisible();
      expect(requests.some((url) => /\/assets\/js\//.test(url))).toBe(true);
    });
  }
});
