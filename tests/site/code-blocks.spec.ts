/**
 * Code blocks come with the pages that show code (plugins/lean-prism/codeBlocks.ts): a docs page
 * without one loads neither the code block component nor Prism, and Markdown code blocks still
 * render as the theme's code blocks, on a first visit and after client-side navigation. The home
 * page's snippet is highlighted at build time (plugins/lean-prism/StaticCodeBlock.tsx).
 */
import {expect, test} from '@playwright/test';
import {measureFirstLoad} from '../../bench/firstLoad';
import {collectPageProblems, waitForHydration} from '../support/pageErrors';
import {switchToDark} from '../support/colourMode';

/** Text of the built code: the code block's translation ids, and Prism core's API. */
const CODE_BLOCK_MARKER = 'theme.CodeBlock.copyButtonAriaLabel';
const PRISM_MARKER = 'tokenize';

const WITHOUT_CODE = ['/docs', '/docs/guides/build-time-rendering', '/docs/who-is-using-redocusaurus'];
/** Fenced blocks only: the page gets the code block from the remark plugin's import, not its own. */
const FENCED_ONLY = '/docs/guides/schema-imports';

test.use({viewport: {width: 1280, height: 900}});

async function scriptsOfFirstLoad(page: import('@playwright/test').Page, route: string): Promise<string> {
  const load = await measureFirstLoad(page, route);
  expect(load.status).toBe(200);
  return load.files
    .filter((file) => file.kind === 'script')
    .map((file) => file.body)
    .join('\n');
}

for (const route of WITHOUT_CODE) {
  test(`${route} loads neither the code block nor Prism`, async ({page}) => {
    const scripts = await scriptsOfFirstLoad(page, route);
    await expect(page.locator('.theme-code-block')).toHaveCount(0);
    expect(scripts.includes(CODE_BLOCK_MARKER), 'code block component').toBe(false);
    expect(scripts.includes(PRISM_MARKER), 'Prism').toBe(false);
  });
}

test('a page with fenced code blocks loads the code block and renders each fence as one', async ({page}) => {
  const problems = collectPageProblems(page);
  const scripts = await scriptsOfFirstLoad(page, FENCED_ONLY);
  // The markers are there when they should be, so their absence above means something.
  expect(scripts.includes(CODE_BLOCK_MARKER)).toBe(true);
  expect(scripts.includes(PRISM_MARKER)).toBe(true);
  await waitForHydration(page);
  const blocks = page.locator('article .theme-code-block');
  await expect(blocks).toHaveCount(5);
  await expect(blocks.first().getByRole('button', {name: 'Copy code to clipboard'})).toBeAttached();
  expect(problems.pageErrors).toEqual([]);
  expect(problems.consoleErrors).toEqual([]);
});

test('code blocks are highlighted after client-side navigation from a page without any', async ({page}) => {
  const problems = collectPageProblems(page);
  await page.goto('/docs');
  await waitForHydration(page);
  await page.locator('.theme-doc-sidebar-container').getByRole('link', {name: 'Installation'}).click();
  await expect(page).toHaveURL(/\/docs\/getting-started\/Installation\/$/);
  const bash = page.locator('article .theme-code-block.language-bash').first();
  await expect(bash).toBeVisible();
  // Prism's tokens: the block was highlighted, not shown as plain text.
  await expect(bash.locator('.token').first()).toBeAttached();
  expect(problems.pageErrors).toEqual([]);
  expect(problems.consoleErrors).toEqual([]);
});

test("the home page's snippet is highlighted in both colour modes without Prism", async ({page}) => {
  const problems = collectPageProblems(page);
  const scripts = await scriptsOfFirstLoad(page, '/');
  expect(scripts.includes(PRISM_MARKER), 'Prism').toBe(false);
  const block = page.locator('.theme-code-block.language-ts');
  const string = block.locator('.token.string').first();
  await expect(string).toHaveText("'classic'");
  await expect(block.getByRole('button', {name: 'Copy code to clipboard'})).toBeAttached();
  const colour = () => string.evaluate((element) => getComputedStyle(element).color);
  const background = () => block.evaluate((element) => getComputedStyle(element).getPropertyValue('--prism-background-color'));
  const light = {colour: await colour(), background: await background()};
  await switchToDark(page);
  await expect.poll(colour).not.toBe(light.colour);
  expect(await background()).not.toBe(light.background);
  expect(problems.pageErrors).toEqual([]);
  expect(problems.consoleErrors).toEqual([]);
});
