import fs from 'node:fs/promises';
import path from 'node:path';
import {test as base, expect, type Page, type Route} from '@playwright/test';
import {pluginRoutes} from '../../src/data/examples';
import {apiSearchDocument} from '../../plugins/api-search/apiDocument';
import {REPO_ROOT} from '../support/miniSite';
import {collectPageProblems, waitForHydration} from '../support/pageErrors';

/** How long an API page may take to render after a client-side navigation on a loaded 2-core machine. */
const API_PAGE_TIMEOUT = 15_000;

const BUILD_DIR = path.resolve(REPO_ROOT, process.env.BUILD_DIR ?? 'build');

/** Every browser test here also fails on a page error or a console error. */
const test = base.extend<{pageProblems: void}>({
  pageProblems: [
    async ({page}, use) => {
      const problems = collectPageProblems(page);
      await use();
      expect(problems.pageErrors, 'page errors').toEqual([]);
      expect(problems.consoleErrors, 'console errors').toEqual([]);
    },
    {auto: true},
  ],
});

test.use({viewport: {width: 1280, height: 800}});

const searchBox = (page: Page) => page.locator('.navbar').getByLabel('Search', {exact: true});
/** The lightweight search box that stands in until the real one has loaded (src/theme/SearchBar). */
const placeholder = (page: Page) => page.locator('.navbar [data-search-placeholder]');
const options = (page: Page) => page.locator('.navbar [role="listbox"] [role="option"]');
const optionTitle = (page: Page, title: string) =>
  options(page).filter({has: page.locator('[class*="hitTitle"]', {hasText: new RegExp(`^${escapeRegExp(title)}$`)})});

/** Focuses the search box, waits for the real search bar, and types `query`. */
async function search(page: Page, query: string): Promise<void> {
  await searchBox(page).click();
  await expect(placeholder(page)).toHaveCount(0);
  await searchBox(page).fill(query);
}

/** Holds back the search bar's chunk until `release()` is called. */
async function holdSearchBarChunk(page: Page): Promise<{release: () => void}> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/js/search-bar.*.js', async (route: Route) => {
    await released;
    await route.continue();
  });
  return {release};
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test.describe('the navbar search box', () => {
  test('is server-rendered in the navbar and swapped for the real one without a visible change', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/docs/')).text();
    expect(html).toMatch(/<nav[^>]*navbar[\s\S]*<input[^>]*aria-label="Search"[\s\S]*<\/nav>/);

    const requested: string[] = [];
    page.on('request', (request) => {
      if (/\/search-bar\.[^/]*\.js$/.test(request.url())) requested.push(request.url());
    });
    await page.goto('/docs/');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    await expect(searchBox(page)).toBeVisible();
    await expect(page.locator('.navbar__items--right')).toContainText('ctrl');
    await expect(placeholder(page)).toHaveCount(1);
    // Nothing of the search code is loaded until the reader reaches for it.
    expect(requested).toEqual([]);
    const before = await page.locator('.navbar').screenshot();

    // Pointing at the box is enough to load the real search bar.
    await searchBox(page).hover();
    await expect(placeholder(page)).toHaveCount(0);
    expect(requested).toHaveLength(1);
    // The plugin's own search bar has taken over (its container class comes from its CSS module).
    await expect(page.locator('.navbar .navbar__search[class*="searchBarContainer"]')).toHaveCount(1);
    expect(Buffer.compare(await page.locator('.navbar').screenshot(), before), 'navbar pixels changed').toBe(0);
  });

  test('keeps the focus and every keystroke typed while the real one loads', async ({page}) => {
    const chunk = await holdSearchBarChunk(page);
    await page.goto('/docs/');
    await waitForHydration(page);
    await page.keyboard.press('Control+k');
    await expect(searchBox(page)).toBeFocused();
    await page.keyboard.type('findBy');

    chunk.release();
    // Keep typing through the swap.
    for (const key of 'Status') await page.keyboard.type(key, {delay: 40});
    await expect(placeholder(page)).toHaveCount(0);
    await expect(searchBox(page)).toBeFocused();
    await expect(searchBox(page)).toHaveValue('findByStatus');
    await expect(options(page).first()).toContainText('Find pets by status');
  });

  test('can be reached with Tab from the colour mode switch', async ({page}) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.locator('.navbar').getByRole('button', {name: /dark and light mode/}).focus();
    await page.keyboard.press('Tab');
    await expect(searchBox(page)).toBeFocused();
    await page.keyboard.type('themeId');
    await expect(searchBox(page)).toHaveValue('themeId');
    await expect(optionTitle(page, 'themeId')).toBeVisible();
  });

  test('at 375 px it is in the mobile navbar and usable', async ({page}) => {
    await page.setViewportSize({width: 375, height: 740});
    await page.goto('/');
    await waitForHydration(page);
    const box = searchBox(page);
    await expect(box).toBeVisible();
    await expect(box).toBeInViewport({ratio: 1});

    // Collapsed to its icon until focused, so it fits beside the site title.
    expect((await box.boundingBox())!.width).toBeLessThan(50);
    await box.click();
    await expect(box).toBeFocused();
    // Polled: focusing swaps the placeholder for the real box, which then widens.
    await expect.poll(async () => (await box.boundingBox())?.width ?? 0).toBeGreaterThan(100);
    await search(page, 'themeId');
    const hit = optionTitle(page, 'themeId');
    await expect(hit).toBeInViewport({ratio: 1});
    await hit.click();
    await expect(page).toHaveURL(/\/docs\/getting-started\/plugin-options#themeid$/);
    await expect(page.locator('[id="themeid"]')).toBeInViewport();
  });
});

test.describe('search results', () => {
  test('arrow keys move through the suggestions and Enter opens one', async ({page}) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.keyboard.press('Control+k');
    await expect(searchBox(page)).toBeFocused();
    await page.keyboard.type('themeId');
    await expect(options(page).nth(1)).toBeVisible();
    // The first suggestion is selected from the start; the arrows move the selection.
    await expect(options(page).first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(options(page).nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(options(page).first()).not.toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowUp');
    await expect(options(page).first()).toHaveAttribute('aria-selected', 'true');
    await expect(options(page).first().locator('[class*="hitTitle"]')).toHaveText('themeId');

    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/docs\/getting-started\/plugin-options#themeid$/);
    await expect(page.locator('[id="themeid"]')).toBeInViewport();
  });

  test('an option name opens the docs section that documents it', async ({page}) => {
    await page.goto('/');
    await waitForHydration(page);
    await search(page, 'specs');
    const hit = optionTitle(page, 'specs');
    await expect(hit).toContainText('Plugin options');
    await hit.click();
    await expect(page).toHaveURL(/\/docs\/getting-started\/plugin-options#preset-specs$/);
    await expect(page.locator('[id="preset-specs"]')).toBeInViewport();
  });

  test('a path segment finds the operation, one hit per API page, and opens it at its anchor', async ({page}) => {
    await page.goto('/docs/');
    await waitForHydration(page);
    await search(page, 'findByStatus');
    await expect(options(page)).toHaveCount(pluginRoutes.length);
    for (const option of await options(page).all()) await expect(option).toContainText('Find pets by status');

    await page.keyboard.press('Enter');
    const routes = pluginRoutes.map(escapeRegExp).join('|');
    await expect(page).toHaveURL(new RegExp(`(${routes})#tag/pet/operation/findPetsByStatus$`));
    const heading = page.locator('[id="tag/pet/operation/findPetsByStatus"] h2').first();
    // The URL changes before the API page's chunks (Redoc, about 1 MB) have loaded and run.
    await expect(heading).toHaveText(/Find pets by status/, {timeout: API_PAGE_TIMEOUT});
    await expect(heading).toBeInViewport();
  });

  test('words of an operation summary find it', async ({page}) => {
    await page.goto('/');
    await waitForHydration(page);
    await search(page, 'upload an image');
    const hits = optionTitle(page, 'Upload an image of a pet');
    await expect(hits.first()).toBeVisible();
    await hits.first().click();
    await expect(page).toHaveURL(/\/examples\/[\w-]+\/#tag\/pet\/operation\/uploadFile$/);
    await expect(page.locator('[id="tag/pet/operation/uploadFile"] h2').first()).toBeInViewport({timeout: API_PAGE_TIMEOUT});
  });

  test('nonsense finds nothing and says so', async ({page}) => {
    await page.goto('/');
    await waitForHydration(page);
    await search(page, 'qwxzvbnm');
    await expect(page.locator('.navbar [role="listbox"]')).toContainText('No results');
    await expect(options(page)).toHaveCount(0);
  });
});

/** The documents of the written search index, all types together. */
async function readSearchIndex(): Promise<{u: string; h?: string; t: string}[]> {
  const files = (await fs.readdir(BUILD_DIR)).filter((name) => /^search-index.*\.json$/.test(name));
  expect(files).toEqual(['search-index.json']);
  const index = JSON.parse(await fs.readFile(path.join(BUILD_DIR, files[0]!), 'utf8')) as {
    documents: {u: string; h?: string; t: string}[];
  }[];
  return index.flatMap((part) => part.documents);
}

base.describe('the built search files (Node)', () => {
  base('has a hit on an operation anchor for every operation of each routed API page', async () => {
    const documents = await readSearchIndex();
    for (const route of pluginRoutes) {
      const anchors = new Set(
        documents.filter((doc) => doc.u === route && /^#tag\/[^/]+\/operation\/\w+$/.test(doc.h ?? '')).map((doc) => doc.h),
      );
      expect(anchors.size, route).toBeGreaterThanOrEqual(15);
      expect([...anchors], route).toEqual(
        expect.arrayContaining(['#tag/pet/operation/findPetsByStatus', '#tag/pet/operation/uploadFile']),
      );
      const findByStatus = documents.find(
        (doc) => doc.u === route && doc.h === '#tag/pet/operation/findPetsByStatus' && doc.t.includes('GET'),
      );
      expect(findByStatus?.t, route).toContain('findPetsByStatus');
      // The path's segments as words of their own, not only inside `/pet/findByStatus`.
      expect(findByStatus?.t, route).toMatch(/(?:^|\s)findByStatus\b/);
    }
  });

  base('leaves out the debug pages and the Redoc output embedded in other pages', async () => {
    const documents = await readSearchIndex();
    expect(documents.filter((doc) => doc.u.startsWith('/__docusaurus'))).toEqual([]);
    const embedded = documents.filter((doc) => !pluginRoutes.includes(doc.u) && (doc.h ?? '').includes('operation/'));
    expect(embedded).toEqual([]);
    // Their own prose is still indexed.
    expect(documents.some((doc) => doc.u === '/docs/guides/schema-imports')).toBe(true);
  });

  base('lunr and the search UI stay out of the main bundle', async () => {
    const jsDir = path.join(BUILD_DIR, 'assets/js');
    const files = await fs.readdir(jsDir);
    const main = files.filter((name) => /^main\.[\w]+\.js$/.test(name));
    expect(main).toHaveLength(1);
    const contents = new Map(
      await Promise.all(files.map(async (name) => [name, await fs.readFile(path.join(jsDir, name), 'utf8')] as const)),
    );
    // A message of lunr's own, and the event the search bar's autocomplete fires.
    for (const marker of ['Version mismatch when loading serialised index', 'autocomplete:selected']) {
      expect(contents.get(main[0]!), marker).not.toContain(marker);
      expect([...contents.values()].some((text) => text.includes(marker)), marker).toBe(true);
    }
  });

  base('an API page without operations stops the build, naming the page', async () => {
    const docsPage = await fs.readFile(path.join(BUILD_DIR, 'docs/index.html'), 'utf8');
    expect(() => apiSearchDocument(docsPage, '/examples/broken/')).toThrow(
      /\/examples\/broken\/ has no API operations/,
    );
  });
});
