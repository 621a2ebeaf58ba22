/**
 * The options pages name every option of the installed packages, and show their code blocks
 * verbatim, titles included.
 */
import {expect, test, type Page} from '@playwright/test';
import {PluginOptionSchema} from 'docusaurus-plugin-redoc/dist/options';
import {getGlobalData} from 'docusaurus-theme-redoc/dist/redocData';
import {readBlocks, where} from '../../scripts/sites/docSnippets';

/** The text of every `### \`name\`` heading of a page, in order. */
async function codeHeadings(page: Page): Promise<string[]> {
  return page.locator('article .markdown h3 > code').allTextContents();
}

/** Code blocks end lines with <br>, which textContent drops: compare without whitespace. */
function squash(text: string): string {
  return text.replace(/\s+/g, '');
}

/**
 * Each fenced code block of the page's source is a code block of the built page, with its title
 * shown: the meta words that tell the tests what to do with a block (scripts/sites/docSnippets.ts)
 * change nothing a reader sees.
 */
async function expectSnippetsShown(page: Page, docFile: string): Promise<void> {
  const snippets = readBlocks(docFile);
  expect(snippets.length).toBeGreaterThan(0);
  const blocks = (await page.locator('article .markdown pre code').allTextContents()).map(squash);
  const titles = await page.locator('article .markdown .theme-code-block [class*="codeBlockTitle"]').allTextContents();
  for (const snippet of snippets) {
    expect(blocks, `${where(snippet)} is shown`).toContain(squash(snippet.code));
    if (snippet.title) expect(titles, `${where(snippet)} shows its title`).toContain(snippet.title);
  }
}

/**
 * One visit per options page, without JavaScript: what is checked here is text the server
 * built, which every reader gets first, and a page load with hydration costs seconds on 2 cores.
 */
test.describe('options pages, as the server built them', () => {
  test.use({javaScriptEnabled: false});

  test('plugin options', async ({page}) => {
    await page.goto('/docs/getting-started/plugin-options');

    await test.step('a heading for every key of the installed plugin option schema', async () => {
      const schemaKeys = Object.keys(PluginOptionSchema.describe().keys ?? {});
      expect(schemaKeys.sort()).toEqual(['config', 'debug', 'id', 'layout', 'route', 'spec', 'themeId', 'url']);
      const headings = await codeHeadings(page);
      for (const key of schemaKeys) expect(headings, `heading for ${key}`).toContain(key);
    });

    await test.step('a heading for every preset option', async () => {
      await expect(page.locator('article .markdown h2', {hasText: 'Preset options'})).toBeVisible();
      const presetHeadings = await page.locator('article .markdown h3[id^="preset-"] > code').allTextContents();
      expect(presetHeadings).toEqual(['id', 'debug', 'config', 'specs', 'theme']);
    });

    await test.step('how specs are loaded and where the download link points', async () => {
      await expect(page.locator('#how-specs-are-loaded')).toBeVisible();
      const download = page.locator('article .markdown table', {hasText: 'Download button links to'});
      await expect(download).toContainText('redocusaurus/<id>.yaml');
      await expect(download.locator('tbody tr')).toHaveCount(4);
    });

    await test.step('the code blocks, verbatim', () => expectSnippetsShown(page, 'docs/getting-started/plugin-options.mdx'));
  });

  test('theme options', async ({page}) => {
    await page.goto('/docs/getting-started/theme-options');

    await test.step('a heading for every theme option', async () => {
      const headings = await codeHeadings(page);
      for (const option of ['primaryColor', 'primaryColorDark', 'options', 'theme']) {
        expect(headings, `heading for ${option}`).toContain(option);
      }
      await expect(page.locator('article .markdown')).toContainText('deprecated');
      await expect(page.locator('article .markdown')).toContainText('theme.openapi');
    });

    await test.step('the Redoc defaults the installed theme really sets', async () => {
      const {options} = await getGlobalData({options: {}});
      const defaults = page.locator('article .markdown table', {hasText: 'Redoc option'});
      for (const [key, value] of Object.entries(options)) {
        const row = defaults.locator('tbody tr', {has: page.locator(`td:first-child code:text-is("${key}")`)});
        await expect(row, `row for ${key}`).toHaveCount(1);
        await expect(row.locator('td').nth(1)).toHaveText(typeof value === 'string' ? `'${value}'` : String(value));
      }
    });

    await test.step('the code blocks, verbatim', () => expectSnippetsShown(page, 'docs/getting-started/theme-options.mdx'));
  });

  test('migration guide and multiple APIs show their snippets verbatim', async ({page}) => {
    for (const [route, file] of [
      ['/docs/guides/migrating-to-v1', 'docs/guides/migrating-to-v1.mdx'],
      ['/docs/guides/multiple-apis', 'docs/guides/multiple-apis.mdx'],
    ] as const) {
      await page.goto(route);
      await expectSnippetsShown(page, file);
    }
  });
});

test('installation shows its code blocks verbatim and both install commands', async ({page}) => {
  await page.goto('/docs/getting-started/Installation');
  await expect(page.locator('article .markdown')).toContainText('npm install --save redocusaurus@1');
  // The webpack pin and the install command have a tab each; one group, so one click switches both.
  await page.getByRole('tab', {name: 'yarn'}).first().click();
  await expect(page.locator('article .markdown').getByText('yarn add redocusaurus@1')).toBeVisible();
  await expect(page.locator('article .markdown').getByText('"resolutions"')).toBeVisible();
  // Tabs hide their inactive panel; the code blocks are in the page either way.
  await expectSnippetsShown(page, 'docs/getting-started/Installation.mdx');
  await expect(page.locator('article .markdown')).toContainText('>=16.14');
});
