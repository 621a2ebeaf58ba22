import {expect, test} from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {DOC_PAGES, REPO, frontMatter} from './helpers';

// Everything checked here is in the HTML the server built, which is what readers and
// crawlers get first; without JavaScript the pages with an embedded Redoc load in a blink.
test.use({javaScriptEnabled: false});

/**
 * One visit per docs page, without JavaScript: page loads cost seconds on a 2-core machine,
 * so every check of a page's server-built content runs on the same visit, each as a step.
 */
test.describe('every docs page, as the server built it', () => {
  for (const {route, file} of DOC_PAGES) {
    test(route, async ({page, request}) => {
      const {title, description, hide_table_of_contents: hideToc} = frontMatter(file);
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);

      await test.step('its title as h1, in the page title and its own meta description', async () => {
        expect(description.length, `${file} needs a real description`).toBeGreaterThan(80);
        await expect(page.locator('article header h1')).toHaveText(title);
        await expect(page).toHaveTitle(`${title} | Redocusaurus`);
        await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', description);
        await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', description);
      });

      // Headings of the page's own Markdown: Redoc draws its own inside .redocusaurus.
      const headings = await page.locator('article .theme-doc-markdown').evaluate((markdown) =>
        Array.from(markdown.querySelectorAll('h2, h3, h4, h5, h6'))
          .filter((heading) => !heading.closest('.redocusaurus'))
          .map((heading) => ({level: Number(heading.tagName[1]), id: heading.id, text: heading.textContent})),
      );

      await test.step('written headings stay at levels 2 and 3', async () => {
        expect(headings.filter((heading) => heading.level >= 4).map((heading) => heading.text)).toEqual([]);
        if (!hideToc) expect(headings.filter((heading) => heading.level === 2).length, `${route} has sections`).toBeGreaterThan(0);
      });

      await test.step('the table of contents lists h2 and h3 only (§2)', async () => {
        const tocLinks = page.locator('.theme-doc-toc-desktop a.table-of-contents__link');
        const targets = (await tocLinks.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))).map(
          (href) => decodeURIComponent(href.replace(/^#/, '')),
        );
        const expected = hideToc ? [] : headings.filter((heading) => heading.level <= 3).map((heading) => heading.id);
        expect(targets).toEqual(expected);
        for (const heading of headings.filter((candidate) => candidate.level >= 4)) {
          expect(targets, `h${heading.level} #${heading.id} must not be in the TOC`).not.toContain(heading.id);
        }
        // Docusaurus renders no TOC at all for a page without h2/h3 or with the TOC hidden.
        if (expected.length === 0) await expect(page.locator('.theme-doc-toc-desktop')).toHaveCount(0);
      });

      await test.step('links on to pages that exist', async () => {
        // Relative Markdown links and site-absolute links in the source must all reach the page, and resolve.
        const source = fs.readFileSync(path.join(REPO, file), 'utf8');
        const writtenLinks = source.match(/\]\((?:\.{1,2}\/|\/)[^)]*\)/g)?.length ?? 0;
        const hrefs = await page
          .locator('article .markdown a[href^="/"]')
          .evaluateAll((links) => [...new Set(links.map((link) => (link as HTMLAnchorElement).pathname))]);
        expect(hrefs.length > 0, `${route} links to other pages`).toBe(writtenLinks > 0);
        for (const href of hrefs) {
          const linked = await request.get(href);
          expect(linked.status(), `${route} links to ${href}`).toBe(200);
        }
      });
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
