/** What the build-time rendering guide says about the built pages holds for this site's build. */
import fs from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {operationSummaries, singleYamlSpec} from './helpers';

const BUILD = path.resolve(process.env.BUILD_DIR ?? 'build');
const API_PAGE = '/examples/using-single-yaml/';
const summaries = operationSummaries(singleYamlSpec());

function kilobytes(file: string): number {
  return fs.statSync(path.join(BUILD, file)).size / 1000;
}

test('without JavaScript, an API page has its operations and the two pre-rendered style sheets', async ({browser}) => {
  const context = await browser.newContext({javaScriptEnabled: false});
  const page = await context.newPage();
  await page.goto(API_PAGE);
  const reference = page.locator('.redocusaurus');
  for (const summary of summaries) await expect(reference, summary).toContainText(summary);
  const styles = page.locator('.redocusaurus-styles style');
  await expect(styles).toHaveCount(2);
  expect(await styles.first().textContent()).toMatch(/^html:not\(\[data-theme='dark'\]\) /);
  await expect(page.locator('#operation\\/addPet')).toHaveCount(1);
  await context.close();
});

test('after hydration the pre-rendered style sheets are gone and the page is still styled', async ({page}) => {
  await page.goto(API_PAGE);
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  await expect(page.locator('.redocusaurus-styles style')).toHaveCount(0);
  const menuWidth = await page.locator('.redocusaurus .menu-content').evaluate((node) => node.getBoundingClientRect().width);
  expect(menuWidth).toBeGreaterThan(200);
});

test('the sizes in the trade-offs table match this build (within 35%)', async ({page}) => {
  await page.goto('/docs/guides/build-time-rendering');
  const table = page.locator('article .markdown table', {hasText: 'Gzipped'});
  const mainBundle = fs.readdirSync(path.join(BUILD, 'assets/js')).find((file) => /^main\.[0-9a-f]+\.js$/.test(file));
  expect(mainBundle).toBeDefined();
  const apiHtml = fs.readFileSync(path.join(BUILD, 'examples/using-single-yaml/index.html'), 'utf8');
  const styleSheets = (apiHtml.match(/<style>[\s\S]*?<\/style>/g) ?? []).join('').length / 1000;
  const measured: [RegExp, number][] = [
    [/plain docs page/, kilobytes('docs/index.html')],
    [/An API reference page/, kilobytes('examples/using-single-yaml/index.html')],
    [/pre-rendered light and dark style sheets/, styleSheets],
    [/main JavaScript bundle/, kilobytes(`assets/js/${mainBundle}`)],
  ];
  for (const [label, actual] of measured) {
    const row = table.locator('tbody tr').filter({hasText: label});
    await expect(row, String(label)).toHaveCount(1);
    const documented = Number(/(\d+) KB/.exec(await row.locator('td').nth(1).innerText())?.[1]);
    expect(documented, String(label)).toBeGreaterThan(0);
    expect(Math.abs(actual - documented) / documented, `${label}: documented ${documented} KB, built ${actual.toFixed(0)} KB`).toBeLessThan(0.35);
  }
});
