import {expect, test} from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {DOC_PAGES, REPO, frontMatter} from './helpers';

// Everything checked here is in the HTML the server built, which is what readers and
// crawlers get first; without JavaScript the pages with an embedded Redoc load in a blink.
test.use({javaScriptEnabled: false});

test.describe('every docs page', () => {
  for (const {route, file} of DOC_PAGES) {
    test(`${route} answers 200 with its title as h1 and its own meta description`, async ({page}) => {
      const {title, description} = frontMatter(file);
      expect(description.length, `${file} needs a real description`).toBeGreaterThan(80);

      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      await expect(page.locator('article header h1')).toHaveText(title);
      await expect(page).toHaveTitle(`${title} | Redocusaurus`);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', description);
      await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', description);
    });
  }

  for (const {route, file} of DOC_PAGES) {
    test(`${route} keeps its written headings at levels 2 and 3`, async ({page}) => {
      await page.goto(route);
      // Redoc draws its own headings inside .redocusaurus; only the page's Markdown headings count.
      const deep = await page
        .locator('article .markdown :is(h4, h5, h6)')
        .evaluateAll((nodes) => nodes.filter((node) => !node.closest('.redocusaurus')).map((node) => node.textContent));
      expect(deep).toEqual([]);
      if (!frontMatter(file).hide_table_of_contents) {
        expect(await page.locator('article .markdown > h2').count(), `${route} has sections`).toBeGreaterThan(0);
      }
    });
  }
});

test('the sidebar reads as a path for a newcomer', async ({page}) => {
  await page.goto('/docs');
  const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
  const topLevel = sidebar.locator(
    '.theme-doc-sidebar-menu > li > .menu__link, .theme-doc-sidebar-menu > li > .menu__list-item-collapsible > .menu__link',
  );
  await expect(topLevel).toHaveText([
    'Introduction',
    'Getting Started',
    'Guides',
    'API references in docs pages',
    'Who is using it',
  ]);
  await expect(sidebar.getByRole('link', {name: 'Installation', exact: true})).toBeVisible();
  await expect(sidebar.getByRole('link', {name: 'Plugin options'})).toBeVisible();
  await expect(sidebar.getByRole('link', {name: 'Theme options'})).toBeVisible();
  await expect(sidebar.getByRole('link', {name: 'Multiple APIs'})).toBeVisible();
});

for (const {route, file} of DOC_PAGES) {
  test(`${route} links on to pages that exist`, async ({page, request}) => {
    // Relative Markdown links and site-absolute links in the source must all reach the page, and resolve.
    const source = fs.readFileSync(path.join(REPO, file), 'utf8');
    const writtenLinks = source.match(/\]\((?:\.{1,2}\/|\/)[^)]*\)/g)?.length ?? 0;
    await page.goto(route);
    const hrefs = await page
      .locator('article .markdown a[href^="/"]')
      .evaluateAll((links) => [...new Set(links.map((link) => (link as HTMLAnchorElement).pathname))]);
    expect(hrefs.length > 0, `${route} links to other pages`).toBe(writtenLinks > 0);
    for (const href of hrefs) {
      const response = await request.get(href);
      expect(response.status(), `${route} links to ${href}`).toBe(200);
    }
  });
}
