/**
 * The pet store as pages (the kit's `pages: 'tag'`, reference-kit/lib/referencePages.js): an
 * overview with the API's description, its authentication and the list of pages, and a page per tag
 * with that tag's operations alone, each a route of its own. Links written for the one-page
 * reference land on the page that holds their section; the pages link to each other in the order
 * of the spec's menu, with and without JavaScript. (The first visit of each, with axe and the
 * site's policy, is in routes.spec.ts.)
 */
import fs from 'node:fs';
import path from 'node:path';
import {parseYaml} from '@redocly/openapi-core';
import {expect, test, type Page} from '@playwright/test';
import {collectPageProblems, waitForHydration} from '../support/pageErrors';
import {expectNoSeriousViolations, scanTimeout} from '../support/accessibility';
import {referencePagesRoutes} from '../support/routes';

const [OVERVIEW, ...TAG_PAGES] = referencePagesRoutes;
const SPEC = parseYaml(fs.readFileSync(path.join(__dirname, '../../openapi/single-file/openapi.yaml'), 'utf8')) as {
  info: {title: string};
  paths: Record<string, Record<string, {operationId?: string; tags?: string[]}>>;
};

/** The operation ids of each tag, in the spec's order. */
function operationsByTag(): Map<string, string[]> {
  const byTag = new Map<string, string[]>();
  for (const item of Object.values(SPEC.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!['get', 'put', 'post', 'delete', 'patch', 'head', 'options'].includes(method)) continue;
      for (const tag of operation.tags ?? []) byTag.set(tag, [...(byTag.get(tag) ?? []), String(operation.operationId)]);
    }
  }
  return byTag;
}

const sectionIds = (page: Page) => page.locator('.api-content > [data-section-id]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-section-id')!));

test.use({viewport: {width: 1280, height: 900}});

test('the overview: the API’s description and authentication, and a link to each page with its count of operations, in the menu’s order', async ({page}) => {
  await page.goto(OVERVIEW!);
  const reference = page.locator('.redocusaurus');
  await expect(reference.locator('h1').first()).toContainText(SPEC.info.title);
  await expect(reference.locator('[data-section-id="section/Authentication"]')).toBeAttached();
  expect((await sectionIds(page)).filter((id) => id.includes('/operation/'))).toEqual([]);
  const byTag = operationsByTag();
  const links = reference.locator('[data-section-id="section/Pages"] li a');
  await expect(links).toHaveText([...byTag.keys()]);
  expect(await links.evaluateAll((nodes) => nodes.map((node) => new URL((node as HTMLAnchorElement).href).pathname))).toEqual(TAG_PAGES);
  for (const [tag, ids] of byTag) await expect(reference.locator('[data-section-id="section/Pages"] li').filter({hasText: tag})).toContainText(`${ids.length} operations`);
  // Redoc's menu has the list too.
  await expect(reference.locator('.menu-content li[data-item-id="section/Pages"]')).toBeAttached();
});

test('each page holds its tag’s operations alone, under its own title, with the trail to the overview and the pages before and after it', async ({page}) => {
  const byTag = [...operationsByTag()];
  const problems = collectPageProblems(page);
  for (const [index, route] of TAG_PAGES.entries()) {
    const [tag, ids] = byTag[index]!;
    await page.goto(route);
    await expect(page).toHaveTitle(`${tag} · ${SPEC.info.title} | Redocusaurus`);
    const sections = await sectionIds(page);
    expect(sections.filter((id) => id.includes('/operation/'))).toEqual(ids.map((id) => `tag/${tag}/operation/${id}`));
    expect(sections.every((id) => id.startsWith(`tag/${tag}`)), sections.join(', ')).toBe(true);
    // The API's description is the overview's: here, its name alone.
    await expect(page.locator('.redocusaurus [data-section-id="section/Authentication"]')).toHaveCount(0);
    const trail = page.getByRole('navigation', {name: 'Breadcrumbs'});
    await expect(trail.getByRole('link')).toHaveAttribute('href', OVERVIEW!);
    await expect(trail.locator('[aria-current="page"]')).toHaveText(tag);
    const pagination = page.getByRole('navigation', {name: 'API reference pages'});
    const expected = [index === 0 ? OVERVIEW : TAG_PAGES[index - 1], TAG_PAGES[index + 1]].filter((href) => href !== undefined);
    expect(await pagination.getByRole('link').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href')))).toEqual(expected);
  }
  expect(problems.pageErrors).toEqual([]);
  expect(problems.consoleErrors).toEqual([]);
});

test('a link written for the one-page reference lands on the page that holds its section, from the overview and from another page', async ({page}) => {
  await page.goto(`${OVERVIEW}#tag/store/operation/getInventory`);
  await expect(page).toHaveURL(/\/examples\/using-pages\/store\/#tag\/store\/operation\/getInventory$/);
  await expect(page.locator('[data-section-id="tag/store/operation/getInventory"] h2').first()).toBeInViewport();
  await page.goto(`${TAG_PAGES[0]}#tag/user/operation/loginUser`);
  await expect(page).toHaveURL(/\/examples\/using-pages\/user\/#tag\/user\/operation\/loginUser$/);
  await expect(page.locator('[data-section-id="tag/user/operation/loginUser"] h2').first()).toBeInViewport();
  // A section of the page itself stays where it is.
  await page.goto(`${TAG_PAGES[0]}#tag/pet/operation/findPetsByTags`);
  await waitForHydration(page);
  await expect(page).toHaveURL(/\/examples\/using-pages\/pet\/#tag\/pet\/operation\/findPetsByTags$/);
  await expect(page.locator('[data-section-id="tag/pet/operation/findPetsByTags"] h2').first()).toBeInViewport();
});

test('Next goes to the following page without loading a document, and its sections come to life as on a load', async ({page}) => {
  const problems = collectPageProblems(page);
  await page.goto(TAG_PAGES[0]!);
  await waitForHydration(page);
  await page.evaluate(() => ((window as unknown as {sameDocument: boolean}).sameDocument = true));
  await page.getByRole('navigation', {name: 'API reference pages'}).getByRole('link', {name: /Next/}).click();
  // No hash of the page left behind (Redoc's menu wrote its active item's a task late, onto the new address); the new page's own may come.
  await expect(page).toHaveURL(new RegExp(`${TAG_PAGES[1]}(#tag/store(/.*)?)?$`));
  expect(await page.evaluate(() => (window as unknown as {sameDocument?: boolean}).sameDocument)).toBe(true);
  const first = page.locator('.api-content > [data-section-id^="tag/store/operation/"]').first();
  await expect(first.locator('h2')).toBeVisible();
  await expect(first).not.toHaveAttribute('data-kit-pending', /.*/, {timeout: 30_000});
  expect(problems.pageErrors).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({javaScriptEnabled: false});

  test('the overview’s links reach every page, each with its operations in the HTML', async ({page}) => {
    const byTag = [...operationsByTag()];
    for (const [index, [tag, ids]] of byTag.entries()) {
      await page.goto(OVERVIEW!);
      await page.locator('[data-section-id="section/Pages"] li a').getByText(tag, {exact: true}).click();
      await expect(page).toHaveURL(new RegExp(`${TAG_PAGES[index]}$`));
      for (const id of ids) await expect(page.locator(`[id="tag/${tag}/operation/${id}"] h2`).first()).toBeAttached();
      await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'false');
    }
  });
});

test.describe('on a phone', () => {
  test.use({viewport: {width: 375, height: 800}});

  for (const route of [OVERVIEW!, TAG_PAGES[0]!]) {
    test(`${route}: no serious or critical axe findings, light and dark`, async ({page}) => {
      test.setTimeout(scanTimeout(route));
      await page.goto(route);
      await waitForHydration(page);
      await expectNoSeriousViolations(page, route);
    });
  }
});

test('the sitemap lists the overview and every page', async ({request}) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const route of referencePagesRoutes) expect(sitemap).toContain(`${route}</loc>`);
});
