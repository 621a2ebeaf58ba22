import fs from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {test as base, expect, type Page, type Route} from '@playwright/test';
import {getExample, pluginRoutes} from '../../src/data/examples';
import {apiPageDocument, apiSearchDocument, apiSections} from '../../plugins/api-search/apiDocument';
import type {IndexedDocument} from '../../plugins/api-search';
import {switchToDark} from '../support/colourMode';
import {REPO_ROOT} from '../../scripts/repoRoot';
import {MODEL_TAGS} from '../openapi/expectations';
import {referencePagesRoutes} from '../support/routes';
import {collectPageProblems, waitForHydration} from '../support/pageErrors';

/** How long an API page may take to render after a client-side navigation on a loaded 2-core machine. */
const API_PAGE_TIMEOUT = 15_000;

const BUILD_DIR = path.resolve(REPO_ROOT, process.env.BUILD_DIR ?? 'build');

/** The one API page whose operations are indexed (docusaurus.config.ts, indexedApiRoutes). */
const CANONICAL = getExample('using-single-yaml').route;

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
const hitContext = (option: ReturnType<typeof options>) => option.locator('[class*="hitContext"]');

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
    // The real search box has taken over.
    await expect(page.locator('.navbar [data-search-box]')).toHaveCount(1);
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
    await expect(page).toHaveURL(/\/docs\/getting-started\/plugin-options\/#themeid$/);
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
    await expect(page).toHaveURL(/\/docs\/getting-started\/plugin-options\/#themeid$/);
    await expect(page.locator('[id="themeid"]')).toBeInViewport();
  });

  test('an option name opens the docs section that documents it', async ({page}) => {
    await page.goto('/');
    await waitForHydration(page);
    await search(page, 'specs');
    const hit = optionTitle(page, 'specs');
    await expect(hit).toContainText('Plugin options');
    await hit.click();
    await expect(page).toHaveURL(/\/docs\/getting-started\/plugin-options\/#preset-specs$/);
    await expect(page.locator('[id="preset-specs"]')).toBeInViewport();
  });

  test('a path segment finds the operation once, as method, path and summary, and opens it at its anchor', async ({
    page,
  }) => {
    await page.goto('/docs/');
    await waitForHydration(page);
    await search(page, 'findByStatus');
    const hit = optionTitle(page, 'GET /pet/findByStatus — Find pets by status');
    await expect(hit).toHaveCount(1);
    await expect(hitContext(hit)).toHaveText('pet');
    await expect(options(page).filter({hasText: 'Find pets by status'})).toHaveCount(1);
    // The other example pages render the same API: none of their operations is a hit.
    for (const option of await options(page).all()) {
      expect(await option.getAttribute('href')).not.toMatch(/^\/examples\/(?!using-single-yaml\/).*#/);
    }

    // The best hit is selected: Enter opens it.
    await expect(options(page).first()).toHaveAttribute('aria-selected', 'true');
    await expect(options(page).first()).toHaveAttribute('href', `${CANONICAL}#tag/pet/operation/findPetsByStatus`);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(CANONICAL)}#tag/pet/operation/findPetsByStatus$`));
    const heading = page.locator('[id="tag/pet/operation/findPetsByStatus"] h2').first();
    // The URL changes before the API page's chunks (Redoc, about 1 MB) have loaded and run.
    await expect(heading).toHaveText(/Find pets by status/, {timeout: API_PAGE_TIMEOUT});
    await expect(heading).toBeInViewport();
  });

  test('a hit is named by its title and its context, kept apart', async ({page}) => {
    await page.goto('/docs/');
    await waitForHydration(page);
    await search(page, 'findByStatus');
    const hit = optionTitle(page, 'GET /pet/findByStatus — Find pets by status');
    // What a screen reader announces for the option; its two lines ran together ("…statuspet").
    await expect(hit).toHaveAccessibleName('GET /pet/findByStatus — Find pets by status, pet');
    await expect(
      page.getByRole('option', {name: 'GET /pet/findByStatus — Find pets by status, pet', exact: true}),
    ).toHaveCount(1);
  });

  test('words of an operation summary find it once', async ({page}) => {
    await page.goto('/');
    await waitForHydration(page);
    await search(page, 'Find pets by status');
    await expect(options(page).filter({hasText: 'Find pets by status'})).toHaveCount(1);

    await searchBox(page).fill('upload an image');
    const hit = optionTitle(page, 'POST /pet/{petId}/uploadImage — Upload an image of a pet');
    await expect(hit).toHaveCount(1);
    await expect(options(page).filter({hasText: 'Upload an image of a pet'})).toHaveCount(1);
    await expect(hitContext(hit)).toHaveText('pet');
    await hit.click();
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(CANONICAL)}#tag/pet/operation/uploadFile$`));
    await expect(page.locator('[id="tag/pet/operation/uploadFile"] h2').first()).toBeInViewport({timeout: API_PAGE_TIMEOUT});
  });

  // Redoc 2 renders a schema as a section only through a model tag (openapi/README.md); its id is the tag's.
  for (const [schema, section] of [
    ['Pet', 'tag/pet_model'],
    ['HoneyBee', 'tag/honey_bee_model'],
    ['ApiResponse', 'tag/api_response_model'],
  ] as const) {
    test(`a schema name (${schema}) finds its schema section and opens it below the navbar`, async ({page}) => {
      await page.goto('/docs/');
      await waitForHydration(page);
      await search(page, schema);
      const hit = optionTitle(page, schema);
      await expect(hit).toHaveCount(1);
      await expect(hitContext(hit)).toHaveText('Schemas');
      await expect(hit).toHaveAttribute('href', `${CANONICAL}#${section}`);
      await hit.click();
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(CANONICAL)}#${escapeRegExp(section)}$`));
      // The section's own title: a tag's heading (h2 since Redoc 2.1, h1 before).
      const heading = page.locator(`[id="${section}"]`).getByRole('heading').first();
      await expect(heading).toHaveText(schema, {timeout: API_PAGE_TIMEOUT});
      await expect(heading).toBeInViewport();
      // Scrolled clear of the navbar, which stays fixed at the top.
      const navbar = (await page.locator('.navbar').boundingBox())!;
      await expect.poll(async () => (await heading.boundingBox())!.y).toBeGreaterThanOrEqual(navbar.y + navbar.height);
    });
  }

  test('the other example pages are found as pages, by title and description', async ({page}) => {
    await page.goto('/');
    await waitForHydration(page);
    await search(page, 'Swagger 2.0 JSON');
    const hit = optionTitle(page, 'Swagger 2.0 JSON');
    await expect(hit).toHaveCount(1);
    await expect(hit).toHaveAttribute('href', getExample('using-swagger-json').route);
  });

  test('a result opens in a new tab on Ctrl-click and on a middle click, and leaves this page as it is', async ({
    page,
    context,
  }) => {
    await page.goto('/docs/');
    await waitForHydration(page);
    await search(page, 'findByStatus');
    const hit = optionTitle(page, 'GET /pet/findByStatus — Find pets by status');
    const target = `${CANONICAL}#tag/pet/operation/findPetsByStatus`;
    // A link to its target, which is what assistive technology and the browser read.
    await expect(hit).toHaveJSProperty('tagName', 'A');
    await expect(hit).toHaveAttribute('href', target);

    for (const click of [{modifiers: ['Control' as const]}, {button: 'middle' as const}]) {
      const opened = context.waitForEvent('page');
      await hit.click(click);
      const tab = await opened;
      await tab.waitForURL(new RegExp(`${escapeRegExp(target)}$`));
      await tab.close();
      await expect(page).toHaveURL(/\/docs\/$/);
      await expect(hit).toBeVisible();
    }
  });

  test('Escape closes the results and keeps the focus in the box', async ({page}) => {
    await page.goto('/');
    await waitForHydration(page);
    await search(page, 'themeId');
    await expect(options(page).first()).toBeVisible();
    await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(options(page).first()).toBeHidden();
    await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(searchBox(page)).toBeFocused();
    // The arrows open them again.
    await page.keyboard.press('ArrowDown');
    await expect(options(page).first()).toBeVisible();
  });

  test('the open results pass axe in light and dark mode', async ({page}) => {
    await page.goto('/docs/');
    await waitForHydration(page);
    for (const mode of ['light', 'dark']) {
      if (mode === 'dark') {
        await switchToDark(page);
        // A new query, so the selection starts again at the first hit.
        await searchBox(page).fill('');
      }
      await search(page, 'pet');
      await expect(options(page).nth(1)).toBeVisible();
      await expect(options(page).first()).toHaveAttribute('aria-selected', 'true');
      // A hit other than the first selected, so both looks are measured.
      await page.keyboard.press('ArrowDown');
      await expect(options(page).nth(1)).toHaveAttribute('aria-selected', 'true');
      const results = await new AxeBuilder({page: page as unknown as ConstructorParameters<typeof AxeBuilder>[0]['page']})
        .include('.navbar [data-search-box]')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
      expect(serious, `${mode} mode`).toEqual([]);
    }
  });

  test('nonsense finds nothing and says so', async ({page}) => {
    await page.goto('/');
    await waitForHydration(page);
    await search(page, 'qwxzvbnm');
    await expect(page.locator('.navbar [data-search-box] [role="status"]')).toHaveText('No results');
    await expect(options(page)).toHaveCount(0);
  });
});

/** The index file the build wrote: one, named by its cache key. */
async function indexFile(): Promise<string> {
  const files = (await fs.readdir(BUILD_DIR)).filter((name) => /^search-index.*\.json$/.test(name));
  expect(files).toHaveLength(1);
  expect(files[0]).toMatch(/^search-index-[0-9a-f]{8}\.json$/);
  return files[0]!;
}

/** The documents of the written search index, each with its type (0 title … 4 content). */
async function readSearchIndex(): Promise<(IndexedDocument & {type: number})[]> {
  const index = JSON.parse(await fs.readFile(path.join(BUILD_DIR, await indexFile()), 'utf8')) as {
    documents: IndexedDocument[];
  }[];
  return index.flatMap((part, type) => part.documents.map((document) => ({...document, type})));
}

base.describe('the built search files (Node)', () => {
  base('indexes every operation of the canonical API page once, titled by method, path and summary', async () => {
    const documents = await readSearchIndex();
    const operations = documents.filter((doc) => doc.u === CANONICAL && /^#tag\/[^/]+\/operation\/\w+$/.test(doc.h ?? ''));
    const anchors = new Set(operations.map((doc) => doc.h));
    expect(anchors.size).toBeGreaterThanOrEqual(15);
    expect([...anchors]).toEqual(
      expect.arrayContaining(['#tag/pet/operation/findPetsByStatus', '#tag/pet/operation/uploadFile']),
    );
    const findByStatus = operations.filter((doc) => doc.h === '#tag/pet/operation/findPetsByStatus');
    expect(findByStatus.find((doc) => doc.type === 1)?.t).toBe('GET /pet/findByStatus — Find pets by status');
    const text = findByStatus.find((doc) => doc.type === 4);
    expect(text?.t).toContain('findPetsByStatus');
    // The path's segments as words of their own, not only inside `/pet/findByStatus`.
    expect(text?.t).toMatch(/(?:^|\s)findByStatus\b/);
    // Every operation hit carries its tag as its context.
    for (const doc of operations) expect(doc.b, doc.h).toEqual([doc.h!.split('/')[1]]);
  });

  base('indexes each schema section of the canonical API page once, titled by the schema name', async () => {
    const documents = await readSearchIndex();
    for (const [tag, schema] of MODEL_TAGS) {
      const headings = documents.filter((doc) => doc.type === 1 && doc.u === CANONICAL && doc.h === `#tag/${tag}`);
      expect(headings.map((doc) => [doc.t, doc.b]), schema).toEqual([[schema, ['Schemas']]]);
    }
  });

  base('indexes the other API pages as pages: title and description, no sections', async () => {
    const documents = await readSearchIndex();
    for (const route of pluginRoutes.filter((route) => route !== CANONICAL)) {
      const page = documents.filter((doc) => doc.u === route);
      // Title and description (and keywords, where the page has them): no headings, no text sections.
      expect(page.filter((doc) => doc.type === 0), route).toHaveLength(1);
      expect(page.filter((doc) => doc.type === 1 || doc.type === 4), route).toEqual([]);
      expect(page.every((doc) => !doc.h), route).toBe(true);
    }
  });

  base('indexes the pages of the spec rendered as pages by their titles and descriptions, as plain text', async () => {
    const documents = await readSearchIndex();
    for (const route of referencePagesRoutes) {
      const titles = documents.filter((doc) => doc.u === route && doc.type === 0).map((doc) => doc.t);
      expect(titles, route).toHaveLength(1);
      const descriptions = documents.filter((doc) => doc.u === route && doc.type === 2).map((doc) => doc.t);
      expect(descriptions.length, route).toBeGreaterThan(0);
      expect(descriptions.join(' '), route).not.toMatch(/[*`]/);
    }
    expect(documents.find((doc) => doc.u === referencePagesRoutes[1] && doc.type === 0)?.t).toMatch(/^pet · /);
  });

  base('the search code asks for the index file by its cache key', async () => {
    const name = await indexFile();
    const jsDir = path.join(BUILD_DIR, 'assets/js');
    const referencing = [];
    for (const file of await fs.readdir(jsDir)) {
      if ((await fs.readFile(path.join(jsDir, file), 'utf8')).includes(name.replace('search-index', 'search-index{dir}'))) {
        referencing.push(file);
      }
    }
    expect(referencing.length).toBeGreaterThan(0);
  });

  base('leaves out the debug pages and the Redoc output embedded in other pages', async () => {
    const documents = await readSearchIndex();
    expect(documents.filter((doc) => doc.u.startsWith('/__docusaurus'))).toEqual([]);
    const embedded = documents.filter((doc) => doc.u !== CANONICAL && (doc.h ?? '').includes('operation/'));
    expect(embedded).toEqual([]);
    // Their own prose is still indexed.
    expect(documents.some((doc) => doc.u === '/docs/guides/schema-imports/')).toBe(true);
  });

  base('lunr and the search box stay out of the main bundle', async () => {
    const jsDir = path.join(BUILD_DIR, 'assets/js');
    const files = await fs.readdir(jsDir);
    const main = files.filter((name) => /^main\.[\w]+\.js$/.test(name));
    expect(main).toHaveLength(1);
    const contents = new Map(
      await Promise.all(files.map(async (name) => [name, await fs.readFile(path.join(jsDir, name), 'utf8')] as const)),
    );
    // A message of lunr's own, and the search box's mark on its container.
    for (const marker of ['Version mismatch when loading serialised index', 'data-search-box']) {
      expect(contents.get(main[0]!), marker).not.toContain(marker);
      expect([...contents.values()].some((text) => text.includes(marker)), marker).toBe(true);
    }
  });

  base('an API page without operations stops the build, naming the page', async () => {
    const docsPage = await fs.readFile(path.join(BUILD_DIR, 'docs/index.html'), 'utf8');
    expect(() => apiSearchDocument(docsPage, '/examples/broken/')).toThrow(/\/examples\/broken\/ has no API operations/);
    expect(() => apiPageDocument(docsPage, '/examples/other/')).toThrow(/\/examples\/other\/ has no API operations/);
  });

  base('reads sections by their Redoc ids, whatever their heading levels', async () => {
    // Redoc's markup reduced to what the indexer reads, with other heading levels than Redoc 2.0's.
    const html = `<div class="redocusaurus"><div class="api-content">
      <div id="tag/pet" data-section-id="tag/pet"><h1>pet</h1><p>Pets on sale.</p>
        <div id="tag/pet/operation/findPetsByStatus" data-section-id="tag/pet/operation/findPetsByStatus">
          <h3>Find pets by status</h3><p>Lists the pets.</p>
          <div><span class="http-verb get">get</span><span>/pet/findByStatus</span></div>
        </div>
      </div>
      <div id="schema/HoneyBee" data-section-id="schema/HoneyBee"><h4>HoneyBee</h4><p>A bee.</p></div>
      <div id="tag/order_model" data-section-id="tag/order_model"><h2>Order</h2>
        <table><tr><td kind="field" title="id"><span class="property-name">id</span></td><td>integer</td></tr></table>
      </div>
      <div id="tag/notes" data-section-id="tag/notes"><h2>notes</h2>
        <table><tr><td>A Markdown table</td></tr></table>
      </div>
    </div></div>`;
    expect(apiSections(html).map(({id, kind, title, context}) => ({id, kind, title, context}))).toEqual([
      {id: 'tag/pet', kind: 'tag', title: 'pet', context: ''},
      {
        id: 'tag/pet/operation/findPetsByStatus',
        kind: 'operation',
        title: 'GET /pet/findByStatus — Find pets by status',
        context: 'pet',
      },
      {id: 'schema/HoneyBee', kind: 'schema', title: 'HoneyBee', context: 'Schemas'},
      // A model tag: a tag whose content is a schema's property table.
      {id: 'tag/order_model', kind: 'schema', title: 'Order', context: 'Schemas'},
      {id: 'tag/notes', kind: 'tag', title: 'notes', context: ''},
    ]);
  });
});
