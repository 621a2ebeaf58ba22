import {expect, test, type Page} from '@playwright/test';
import {collectPageProblems, waitForHydration} from '../support/pageErrors';

test.use({viewport: {width: 1280, height: 800}});

type MarkedWindow = Window & {__marker?: number};
const setMarker = (page: Page) => page.evaluate(() => ((window as MarkedWindow).__marker = 1));
const marker = (page: Page) => page.evaluate(() => (window as MarkedWindow).__marker);
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
const navbar = (page: Page) => page.locator('.navbar');
/** Docusaurus 2.4 renders the announcement bar as a hashed-class `role="banner"` div. */
const announcementBar = (page: Page) => page.locator('[role="banner"][class*="announcementBar"]');

test.describe('announcement bar', () => {
  test('once closed, stays closed after a reload', async ({page}) => {
    await page.goto('/');
    await waitForHydration(page);
    const bar = announcementBar(page);
    await expect(bar).toBeVisible();
    await expect(bar).toContainText('rendered at build time');
    await bar.getByRole('button', {name: 'Close'}).click();
    await expect(bar).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.dismiss'))).toBe('true');

    await page.reload();
    // Hidden from the first paint (CSS on a data attribute), and not rendered once hydrated.
    await expect(page.locator('html')).toHaveAttribute('data-announcement-bar-initially-dismissed', 'true');
    await expect(bar).toBeHidden();
    await waitForHydration(page);
    await expect(bar).toHaveCount(0);
    await page.goto('/docs');
    await expect(page.locator('article h1').first()).toBeVisible();
    await expect(bar).toBeHidden();
  });

  test('is shown on a first visit', async ({page}) => {
    await page.goto('/docs');
    await waitForHydration(page);
    await expect(announcementBar(page)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-announcement-bar-initially-dismissed', 'false');
  });
});

test.describe('client-side navigation', () => {
  test('clicking navbar links keeps the app (no full page load)', async ({page}) => {
    const problems = collectPageProblems(page);
    await page.goto('/');
    await waitForHydration(page);
    await setMarker(page);
    let documentLoads = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documentLoads += 1;
    });

    await navbar(page).getByRole('link', {name: 'Docs', exact: true}).click();
    await expect(page).toHaveURL(/\/docs\/$/);
    await expect(page.locator('article h1').first()).toHaveText('Introduction');
    expect(await marker(page)).toBe(1);

    // The Examples dropdown's own label links to the examples index.
    await navbar(page).getByRole('button', {name: 'Examples', exact: true}).click();
    await expect(page).toHaveURL(/\/examples\/$/);
    await expect(page.getByRole('heading', {level: 1})).toContainText('Examples');
    expect(await marker(page)).toBe(1);

    await page.locator('main').getByRole('link', {name: 'Single YAML file', exact: true}).click();
    await expect(page).toHaveURL(/\/examples\/using-single-yaml\/$/);
    await expect(page.locator('.redocusaurus h1').first()).toBeVisible();
    expect(await marker(page)).toBe(1);

    // Back and forward are client-side too.
    await page.goBack();
    await expect(page).toHaveURL(/\/examples\/$/);
    await expect(page.getByRole('heading', {level: 1})).toContainText('Examples');
    expect(await marker(page)).toBe(1);
    expect(documentLoads).toBe(0);
    expect(problems.pageErrors).toEqual([]);
  });

  test('without a hash, the new page starts at the top', async ({page}) => {
    await page.goto('/docs/getting-started/plugin-options');
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => scrollY(page)).toBeGreaterThan(300);
    await setMarker(page);
    await page.locator('.theme-doc-sidebar-container').getByRole('link', {name: 'Theme options'}).click();
    await expect(page).toHaveURL(/\/docs\/getting-started\/theme-options\/$/);
    await expect(page.locator('article h1').first()).toHaveText(/theme options/i);
    await expect.poll(() => scrollY(page)).toBe(0);
    expect(await marker(page)).toBe(1);
  });

  test('with a hash, the new page scrolls to the target', async ({page}) => {
    await page.goto('/docs/getting-started/Installation');
    await waitForHydration(page);
    await setMarker(page);
    // A link in the article to a heading on another docs page.
    const links = page.locator('article .theme-doc-markdown a[href*="#"]');
    const hrefs = await links.evaluateAll((anchors) =>
      anchors.map((anchor) => (anchor as HTMLAnchorElement).href).filter((href) => {
        const url = new URL(href);
        return url.origin === location.origin && url.pathname !== location.pathname && url.pathname.startsWith('/docs/');
      }),
    );
    expect(hrefs.length, 'Installation links to a heading on another docs page').toBeGreaterThan(0);
    const target = new URL(hrefs[hrefs.length - 1]);
    const id = decodeURIComponent(target.hash.slice(1));
    await links.and(page.locator(`[href="${target.pathname}${target.hash}"]`)).first().click();
    await expect(page).toHaveURL(target.href);
    const heading = page.locator(`[id="${id}"]`);
    await expect(heading).toBeAttached();
    expect(await marker(page)).toBe(1);
    // Scrolled so that the target sits at the top of the viewport (just below the navbar's scroll
    // margin), unless the page is too short below it, in which case it is scrolled to the end.
    await expect
      .poll(() =>
        heading.evaluate((element) => {
          const top = element.getBoundingClientRect().top;
          const atEnd = Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1;
          return (top >= 0 && top < 150) || (atEnd && top >= 0 && top < window.innerHeight);
        }),
      )
      .toBe(true);
    expect(await scrollY(page)).toBeGreaterThan(0);
  });

  test('a link to a heading on the same page scrolls to it', async ({page}) => {
    await page.goto('/docs/getting-started/plugin-options');
    await waitForHydration(page);
    const tocLinks = page.locator('.theme-doc-toc-desktop a.table-of-contents__link');
    const last = tocLinks.last();
    const href = (await last.getAttribute('href'))!;
    await last.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    const heading = page.locator(`[id="${decodeURIComponent(href.slice(1))}"]`);
    await expect(heading).toBeInViewport();
    expect(await scrollY(page)).toBeGreaterThan(0);
  });
});

test.describe('paths ending in .html are normalised', () => {
  const cases = [
    {path: '/docs/getting-started/plugin-options.html', title: /^Plugin options \| Redocusaurus$/, h1: /plugin options/i},
    {path: '/examples/index.html', title: /^Examples \| Redocusaurus$/, h1: /Examples/},
    {path: '/docs/index.html', title: /^Introduction \| Redocusaurus$/, h1: /Introduction/},
  ];
  for (const {path, title, h1} of cases) {
    test(path, async ({page}) => {
      const problems = collectPageProblems(page);
      await page.goto(path);
      await waitForHydration(page);
      // The app renders the page the path names once the extension is dropped.
      await expect(page.getByRole('heading', {level: 1}).first()).toHaveText(h1);
      await expect(page).toHaveTitle(title);
      await expect(page.getByText('Page Not Found')).toHaveCount(0);
      // Links keep working client-side from there.
      await setMarker(page);
      await navbar(page).getByRole('link', {name: 'Redocusaurus', exact: false}).first().click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', {level: 1})).toHaveText('Redocusaurus');
      expect(await marker(page)).toBe(1);
      expect(problems.pageErrors).toEqual([]);
    });
  }
});

test.describe('route-change progress bar', () => {
  /** Records whether #nprogress was ever added to the page. */
  async function watchProgressBar(page: Page) {
    await page.evaluate(() => {
      const w = window as Window & {__progressSeen?: boolean};
      w.__progressSeen = false;
      new MutationObserver(() => {
        if (document.getElementById('nprogress')) w.__progressSeen = true;
      }).observe(document.documentElement, {childList: true, subtree: true});
    });
  }
  const progressSeen = (page: Page) => page.evaluate(() => (window as Window & {__progressSeen?: boolean}).__progressSeen);

  test('shows while a slow route loads, then goes away', async ({page}) => {
    // The route's chunks are held until the test has seen the bar: slow, but deterministic.
    let slow = false;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/js/**', async (route) => {
      if (slow) await released;
      await route.continue();
    });
    await page.goto('/');
    await waitForHydration(page);
    await watchProgressBar(page);
    slow = true;
    await navbar(page).getByRole('link', {name: 'Docs', exact: true}).click();
    // While the route's chunks load, the old page stays and the bar shows.
    await expect(page.locator('#nprogress')).toBeAttached({timeout: 5_000});
    await expect(page.locator('#nprogress .bar')).toBeVisible();
    await expect(page.getByRole('heading', {level: 1}).first()).toHaveText('Redocusaurus');
    // Then the page arrives and the bar is removed.
    release();
    await expect(page.locator('article h1').first()).toHaveText('Introduction', {timeout: 15_000});
    await expect(page.locator('#nprogress')).toHaveCount(0, {timeout: 5_000});
  });

  test('does not show for a fast navigation', async ({page}) => {
    await page.goto('/');
    await waitForHydration(page);
    // Load the route's code first, as hovering a link does, so the change is immediate.
    await page.evaluate(() => (window as unknown as {docusaurus: {preload: (path: string) => Promise<unknown>}}).docusaurus.preload('/docs/'));
    await watchProgressBar(page);
    await navbar(page).getByRole('link', {name: 'Docs', exact: true}).click();
    await expect(page.locator('article h1').first()).toHaveText('Introduction');
    // Give a bar that would have been scheduled (200 ms) time to appear.
    await page.waitForTimeout(600);
    expect(await progressSeen(page)).toBe(false);
  });
});
