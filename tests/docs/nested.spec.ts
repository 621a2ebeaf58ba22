/** Full references inside docs pages: operations rendered, docs sidebar kept, no table of contents. */
import {expect, test, type Page} from '@playwright/test';
import {operationSummaries} from '../../scripts/sites/openapiOperations';
import {frontMatter, singleYamlSpec, swaggerSpec} from './helpers';

const NESTED = [
  {route: '/docs/nested/nested-1', file: 'docs/nested/nested-1.mdx', spec: singleYamlSpec()},
  {route: '/docs/nested/nested-2', file: 'docs/nested/nested-2.mdx', spec: swaggerSpec()},
];

test('the two nested pages show two different specs', () => {
  expect(NESTED[0].spec.info.title).not.toEqual(NESTED[1].spec.info.title);
});

for (const {route, file, spec} of NESTED) {
  const {title, sidebar_label: label, hide_table_of_contents: hideToc} = frontMatter(file);
  const summaries = operationSummaries(spec);

  test(`${route} renders the spec with all its operations, in the docs layout without a table of contents`, async ({page}) => {
    expect(summaries.length).toBeGreaterThan(5);
    expect(hideToc).toBe(true);
    await page.goto(route);
    await expect(page.locator('article header h1')).toHaveText(title);
    const reference = page.locator('article .redocusaurus');
    await expect(reference.locator('h1').first()).toContainText(spec.info.title);
    for (const summary of summaries) {
      await expect(reference.locator('h2').filter({hasText: summary}).first(), summary).toBeAttached();
    }
    const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
    await expect(sidebar).toBeVisible();
    await expect(sidebar.locator('.menu__link--active', {hasText: label})).toBeVisible();
    await expect(sidebar.getByText('API references in docs pages', {exact: true})).toBeVisible();
    await expect(page.locator('.theme-doc-toc-desktop, .theme-doc-toc-mobile, .table-of-contents')).toHaveCount(0);

    const first = reference.locator('h2').filter({hasText: summaries[0]}).first();
    await first.scrollIntoViewIfNeeded();
    await expect(first).toBeVisible();
  });

  test(`${route} has its operations in the HTML built by the server`, async ({browser}) => {
    const context = await browser.newContext({javaScriptEnabled: false});
    const page = await context.newPage();
    await page.goto(route);
    const reference = page.locator('article .redocusaurus');
    for (const summary of summaries) await expect(reference, summary).toContainText(summary);
    await context.close();
  });
}

/** Left edges of an operation's two panels: equal when Redoc stacks them in one column. */
async function operationPanelsLeft(page: Page): Promise<number[]> {
  return page
    .locator('[id="operation/addPet"] > div')
    .evaluateAll((panels) => panels.slice(0, 2).map((panel) => Math.round(panel.getBoundingClientRect().left)));
}

// multiple-apis.mdx: the published component merges optionsOverrides.theme into the theme data
// every page shares, so ApiDocMdx's wider breakpoints followed the reader to the next API page.
// The site's swizzled Redoc merges into a copy: the API page keeps its two columns.
test("ApiDocMdx's breakpoints stay on its page: an API page reached by a link shows two columns", async ({page}) => {
  await page.setViewportSize({width: 1400, height: 900});
  await page.goto('/docs/nested/nested-1');
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  const [docsMiddle, docsSamples] = await operationPanelsLeft(page);
  expect(docsSamples, 'ApiDocMdx stacks the samples below the operation at 1400 px').toBe(docsMiddle);

  await page.locator('article .markdown').getByRole('link', {name: 'its own page'}).click();
  await expect(page).toHaveURL(/\/examples\/using-single-yaml\/$/);
  await expect(page.locator('[id="operation/addPet"]')).toBeAttached();
  // One reading per poll: the section's server HTML is replaced when it comes to life, so two
  // separate readings can straddle that and find no panels in the second.
  await expect
    .poll(async () => {
      const [middle, samples] = await operationPanelsLeft(page);
      return middle !== undefined && samples !== undefined ? samples - middle : undefined;
    }, {message: 'samples beside the operation, more than 300 px to the right of it'})
    .toBeGreaterThan(300);
});
