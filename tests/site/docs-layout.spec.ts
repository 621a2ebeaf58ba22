import {expect, test, type APIRequestContext, type Page} from '@playwright/test';
import {debugRoutes, siteRoutes} from '../support/routes';
import {waitForHydration} from '../support/pageErrors';

/** The site URL the build wrote into canonical links (docusaurus.config.ts `url`). */
const SITE_URL = (process.env.SITE_URL ?? 'https://redocusaurus.vercel.app').replace(/\/$/, '');

test.use({viewport: {width: 1280, height: 900}});

const sidebar = (page: Page) => page.locator('.theme-doc-sidebar-container');
const category = (page: Page, label: string) =>
  sidebar(page).locator('.theme-doc-sidebar-item-category').filter({has: page.locator(`a.menu__link--sublist:text-is("${label}")`)});
const categoryToggle = (page: Page, label: string) => category(page, label).locator('a.menu__link--sublist').first();

test.describe('docs sidebar', () => {
  test('cannot be hidden: no collapse-sidebar button', async ({page}) => {
    await page.goto('/docs/getting-started/Installation');
    await waitForHydration(page);
    await expect(sidebar(page)).toBeVisible();
    await expect(sidebar(page).locator('nav.menu')).toBeVisible();
    await expect(page.getByRole('button', {name: /collapse sidebar/i})).toHaveCount(0);
    await expect(page.locator('[title="Collapse sidebar"], [aria-label="Collapse sidebar"]')).toHaveCount(0);
    // Nothing to click, and the sidebar keeps its width (§9: 300 px).
    const width = await sidebar(page).evaluate((element) => element.getBoundingClientRect().width);
    expect(width).toBe(300);
  });

  test('opening one category does not collapse another', async ({page}) => {
    await page.goto('/docs');
    await waitForHydration(page);
    const gettingStarted = categoryToggle(page, 'Getting Started');
    const guides = categoryToggle(page, 'Guides');
    const nested = categoryToggle(page, 'API references in docs pages');
    await expect(gettingStarted).toHaveAttribute('aria-expanded', 'true');
    await expect(guides).toHaveAttribute('aria-expanded', 'true');
    await expect(nested).toHaveAttribute('aria-expanded', 'false');

    await nested.click();
    await expect(nested).toHaveAttribute('aria-expanded', 'true');
    await expect(category(page, 'API references in docs pages').locator('.menu__list a').first()).toBeVisible();
    await expect(gettingStarted).toHaveAttribute('aria-expanded', 'true');
    await expect(guides).toHaveAttribute('aria-expanded', 'true');
    await expect(category(page, 'Getting Started').locator('.menu__list a').first()).toBeVisible();

    // Collapse one and reopen it: the others stay as they were.
    await gettingStarted.click();
    await expect(gettingStarted).toHaveAttribute('aria-expanded', 'false');
    await gettingStarted.click();
    await expect(gettingStarted).toHaveAttribute('aria-expanded', 'true');
    await expect(nested).toHaveAttribute('aria-expanded', 'true');
    await expect(guides).toHaveAttribute('aria-expanded', 'true');

    // Navigating to a page in another category keeps the opened ones open.
    await category(page, 'API references in docs pages').locator('.menu__list a').first().click();
    await expect(page).toHaveURL(/\/docs\/nested\//);
    await expect(gettingStarted).toHaveAttribute('aria-expanded', 'true');
    await expect(guides).toHaveAttribute('aria-expanded', 'true');
  });
});

// The table of contents (h2 and h3 only) is checked on each docs page's server-built visit in
// tests/docs/pages.spec.ts, with the page's other server-built content.

/** Reads the server-rendered <head> of a route. */
async function headOf(request: APIRequestContext, route: string) {
  const response = await request.get(route);
  expect(response.status(), route).toBe(200);
  const html = await response.text();
  const head = html.slice(0, html.indexOf('</head>'));
  const attribute = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
  const links = [...head.matchAll(/<link\b[^>]*>/g)].map(([tag]) => ({
    rel: attribute(tag, 'rel'),
    href: attribute(tag, 'href'),
    hreflang: attribute(tag, 'hreflang'),
  }));
  const title = /<title[^>]*>([^<]*)<\/title>/.exec(head)?.[1];
  return {links, title};
}

/** trailingSlash: true (docusaurus.config.ts): a page's URL ends with "/", the folder path GitHub Pages serves without a redirect. */
const withTrailingSlash = (path: string) => (path.endsWith('/') ? path : `${path}/`);

test.describe('every page has a site-suffixed title, a canonical URL and hreflang alternates', () => {
  for (const route of siteRoutes) {
    test(route, async ({request}) => {
      const {links, title} = await headOf(request, route);
      // The debug panel (@docusaurus/plugin-debug) sets its own fixed title; every page of ours ends with the site title.
      if (!(debugRoutes as readonly string[]).includes(route)) expect(title).toMatch(/^.+ \| Redocusaurus$/);
      else expect(title).toBeTruthy();
      const canonical = links.filter((link) => link.rel === 'canonical');
      expect(canonical).toHaveLength(1);
      const canonicalUrl = new URL(canonical[0].href!);
      expect(canonicalUrl.origin).toBe(new URL(SITE_URL).origin);
      expect(canonicalUrl.pathname).toBe(withTrailingSlash(route));
      const alternates = links.filter((link) => link.rel === 'alternate' && link.hreflang);
      expect(alternates.map((link) => link.hreflang).sort()).toEqual(['en', 'x-default']);
      for (const alternate of alternates) expect(alternate.href).toBe(canonical[0].href);
    });
  }
});

test('client-side navigation updates the title and the canonical link', async ({page}) => {
  await page.goto('/docs');
  await waitForHydration(page);
  await sidebar(page).getByRole('link', {name: 'Installation'}).click();
  await expect(page).toHaveURL(/\/docs\/getting-started\/Installation\/$/);
  await expect(page).toHaveTitle(/ \| Redocusaurus$/);
  await expect(page).not.toHaveTitle(/^Introduction/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    `${SITE_URL}/docs/getting-started/Installation/`,
  );
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
    'href',
    `${SITE_URL}/docs/getting-started/Installation/`,
  );
});
