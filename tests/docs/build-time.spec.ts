/** What the build-time rendering guide says about the built pages holds for this site's build. */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {expect, test, type Page} from '@playwright/test';
import React from 'react';
import {operationSummaries} from '../../scripts/sites/openapiOperations';
import {singleYamlSpec} from './helpers';
import {loadPresets, render, themeComponents} from './themeComponents';

const BUILD = path.resolve(process.env.BUILD_DIR ?? 'build');
const API_PAGE = '/examples/using-single-yaml/';
const summaries = operationSummaries(singleYamlSpec());

function kilobytes(file: string): number {
  return fs.statSync(path.join(BUILD, file)).size / 1000;
}

test('without JavaScript, an API page has its operations and the pre-rendered style sheets', async ({browser}) => {
  const context = await browser.newContext({javaScriptEnabled: false});
  const page = await context.newPage();
  await page.goto(API_PAGE);
  const reference = page.locator('.redocusaurus');
  for (const summary of summaries) await expect(reference, summary).toContainText(summary);
  // Light, dark, the menu's states (reference-kit/reference/server/stateCss.ts) and the sections' shared
  // height estimates (reference-kit/reference/server/sectionEstimates.ts); a noscript style hides the
  // "Try it" buttons, which need scripts (reference-kit/reference/shared/TryIt.tsx).
  await expect(page.locator('.redocusaurus-styles > style')).toHaveCount(4);
  await expect(page.locator('#operation\\/addPet')).toHaveCount(1);
  await expect(page.getByRole('button', {name: 'Try it'})).toHaveCount(0);
  await context.close();
});

test('this site keeps the pre-rendered style sheets after hydration, and the page is styled', async ({page}) => {
  await page.goto(API_PAGE);
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  await expect(page.locator('.redocusaurus-styles style')).toHaveCount(4);
  const menuWidth = await page.locator('.redocusaurus .menu-content').evaluate((node) => node.getBoundingClientRect().width);
  expect(menuWidth).toBeGreaterThan(200);
});

test('the size comparisons of the trade-offs section hold for this build, whose figures it prints', () => {
  const mainBundle = fs.readdirSync(path.join(BUILD, 'assets/js')).find((file) => /^main\.[0-9a-f]+\.js$/.test(file));
  expect(mainBundle).toBeDefined();
  const apiHtml = fs.readFileSync(path.join(BUILD, 'examples/using-single-yaml/index.html'));
  const styleSheets = (apiHtml.toString('utf8').match(/<style[^>]*>[\s\S]*?<\/style>/g) ?? []).join('').length / 1000;
  const figures = {
    'introduction (docs/index.html)': kilobytes('docs/index.html'),
    'API page (examples/using-single-yaml/index.html)': kilobytes('examples/using-single-yaml/index.html'),
    '…of which the pre-rendered style sheets': styleSheets,
    'API page, gzipped': zlib.gzipSync(apiHtml).length / 1000,
    [`main bundle (assets/js/${mainBundle})`]: kilobytes(`assets/js/${mainBundle}`),
  };
  // The figures belong to this build, not to the docs: print them for whoever measures.
  const report = Object.entries(figures).map(([what, size]) => `${what}: ${size.toFixed(0)} KB`);
  console.log(report.join('\n'));
  test.info().annotations.push(...report.map((description) => ({type: 'size', description})));

  const [intro, api, styles, gzipped] = Object.values(figures);
  expect(api, 'more than ten times the introduction').toBeGreaterThan(10 * intro);
  expect(styles / api, 'style sheets: about a quarter of the API page').toBeGreaterThan(0.18);
  expect(styles / api, 'style sheets: about a quarter of the API page').toBeLessThan(0.32);
  expect(gzipped, 'gzipped: less than a fifth').toBeLessThan(api / 5);
  const main = fs.readFileSync(path.join(BUILD, 'assets/js', mainBundle!), 'utf8');
  for (const summary of summaries) expect(main, `main bundle holds no spec (${summary})`).not.toContain(summary);
});

/** The rules of the light and the dark pre-rendered style sheets, as the CSSOM has them. */
async function readSheets(page: Page) {
  return page.locator('.redocusaurus-styles style').evaluateAll((styles) =>
    styles.map((style) => {
      const rules = Array.from((style as HTMLStyleElement).sheet?.cssRules ?? []);
      return {
        selectors: rules.filter((rule) => rule instanceof CSSStyleRule).map((rule) => (rule as CSSStyleRule).selectorText),
        media: rules
          .filter((rule) => rule instanceof CSSMediaRule)
          .map((rule) => ({
            query: (rule as CSSMediaRule).media.mediaText,
            selectors: Array.from((rule as CSSMediaRule).cssRules).map((inner) => (inner as CSSStyleRule).selectorText),
          })),
      };
    }),
  );
}

/** Where the samples panel of `addPet` sits against its description: beside it, or below. */
async function samplesPlacement(page: Page): Promise<'beside' | 'below'> {
  const [description, samples] = await page
    .locator('[id="operation/addPet"] > div')
    .evaluateAll((panels) => panels.slice(0, 2).map((panel) => panel.getBoundingClientRect().toJSON() as DOMRect));
  if (samples.left >= description.right - 1 && Math.abs(samples.top - description.top) < 5) return 'beside';
  expect(samples.top).toBeGreaterThanOrEqual(description.bottom - 1);
  return 'below';
}

test.describe("the theme's pre-rendered style sheets (1.6.4), as a browser reads them without JavaScript", () => {
  test.use({javaScriptEnabled: false});

  /** The published theme's server render of the single YAML example, as a page of its own. */
  async function openThemeRender(page: Page): Promise<void> {
    await loadPresets([{specs: [{id: 'using-single-yaml', spec: 'openapi/single-file/openapi.yaml'}]}]);
    const {Redoc, useSpecData} = themeComponents();
    function SingleYamlReference(): JSX.Element {
      return React.createElement(Redoc, useSpecData('using-single-yaml')!);
    }
    const html = render(React.createElement(SingleYamlReference));
    await page.setContent(`<!doctype html><html><head><meta charset="utf-8"></head><body>${html}</body></html>`);
  }

  test('print media queries become print-only; the first dark rule has no prefix', async ({page}) => {
    await openThemeRender(page);
    const source = await page.locator('.redocusaurus-styles style').first().textContent();
    // Redoc's medium breakpoint switch, as the theme writes it into the HTML.
    expect(source).toContain("@media print,html:not([data-theme='dark']) screen and (max-width:75rem)");
    const [light, dark] = await readSheets(page);

    const printQueries = light.media.filter((rule) => rule.query.startsWith('print,'));
    expect(printQueries.length).toBeGreaterThan(0);
    for (const rule of printQueries) expect(rule.query).toBe('print, not all');
    const screenQueries = light.media.filter((rule) => rule.query.startsWith('screen'));
    expect(screenQueries.length).toBeGreaterThan(0);
    for (const rule of screenQueries) {
      for (const selector of rule.selectors) expect(selector).toMatch(/^html:not\(\[data-theme="dark"\]\) /);
    }

    expect(light.selectors.length).toBeGreaterThan(10);
    for (const selector of light.selectors) expect(selector).toMatch(/^html:not\(\[data-theme="dark"\]\) /);
    // Every dark rule but the first has an invalid selector and is dropped.
    expect(dark.selectors).toHaveLength(1);
    expect(dark.selectors[0]).not.toMatch(/^html/);
  });

  test('below 75rem the API page keeps its samples beside the operations', async ({page}) => {
    await page.setViewportSize({width: 1000, height: 900});
    await openThemeRender(page);
    expect(await samplesPlacement(page)).toBe('beside');
  });

  test('in the browser the theme renders the styles element empty, so hydration removes the style sheets', () => {
    const {BrowserStyles} = themeComponents();
    expect(render(React.createElement(BrowserStyles))).toMatch(/^<div class="redocusaurus-styles"[^>]*><\/div>$/);
  });
});

test.describe("this site's pre-rendered style sheets", () => {
  test.use({javaScriptEnabled: false});

  test('every rule is scoped to its colour mode, inside media queries too, and print queries stay print-and-screen', async ({page}) => {
    await page.goto(API_PAGE);
    const [light, dark] = await readSheets(page);
    for (const [sheet, scope] of [
      [light, ':where(html:not([data-theme="dark"])) '],
      [dark, ':where(html[data-theme="dark"]) '],
    ] as const) {
      expect(sheet.selectors.length).toBeGreaterThan(100);
      for (const selector of sheet.selectors) expect(selector.startsWith(scope), selector).toBe(true);
      const printAndScreen = sheet.media.filter((rule) => rule.query.startsWith('print, screen'));
      expect(printAndScreen.length).toBeGreaterThan(0);
      for (const rule of sheet.media) {
        for (const selector of rule.selectors) expect(selector.startsWith(scope), selector).toBe(true);
      }
    }
  });

  test('below 75rem the samples go below the operations, as Redoc puts them with JavaScript', async ({page}) => {
    await page.setViewportSize({width: 1000, height: 900});
    await page.goto(API_PAGE);
    expect(await samplesPlacement(page)).toBe('below');
  });
});
