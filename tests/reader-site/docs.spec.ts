/**
 * The code blocks of the plugin options, theme options, multiple APIs and schema imports pages,
 * applied in that order to one copy of the stock reader site, as the pages write them; then the
 * site is type-checked, built and served, and what the pages say each block does is checked in
 * the browser. The theme's site-wide changes are checked with a probe page of the test's own.
 */
import fs from 'node:fs';
import path from 'node:path';
import {expect, test, type Page} from '@playwright/test';
import {
  applyScenarios,
  bashInSite,
  buildReaderSite,
  copyReaderSite,
  removeReaderSite,
  serveReaderBuild,
  typecheckReaderSite,
  type RunningServer,
} from '../../scripts/sites/readerSite';
import {readBlocks} from '../../scripts/sites/docSnippets';
import {READER_BUILDS} from './scenarios';

test.describe.configure({mode: 'serial'});

let site: string;
let server: RunningServer;
let buildOutput: string;

/**
 * A page of the test's own (not a doc block): what the theme's webpack configuration and client
 * modules do to every page, read while the build renders it and again in the browser.
 */
const PROBE_PAGE = `import React from 'react';
import {isatty} from 'tty';

export default function ThemeProbe() {
  const prism = typeof window === 'undefined' ? 'server' : String(window.Prism && window.Prism.manual);
  return (
    <main>
      <p id="home">{String(process.env.HOME)}</p>
      <p id="node-env">{String(process.env.NODE_ENV)}</p>
      <p id="isatty">{String(isatty(1))}</p>
      <p id="prism-manual">{prism}</p>
    </main>
  );
}
`;

test.beforeAll(async () => {
  test.setTimeout(15 * 60_000);
  site = await copyReaderSite('docs');
  await applyScenarios(site, READER_BUILDS.docs);
  fs.writeFileSync(path.join(site, 'src/pages/theme-probe.js'), PROBE_PAGE);
  await typecheckReaderSite(site);
  const build = await buildReaderSite(site);
  buildOutput = build.output;
  console.log(`docs: build ${build.ms} ms`);
  server = await serveReaderBuild(site);
});

test.afterAll(async () => {
  await server?.close();
  await removeReaderSite(site);
});

/** The colour Redoc gives the links of a reference: its primary colour. */
function primaryColour(page: Page): Promise<string> {
  return page.locator('.redocusaurus .api-content a').first().evaluate((link) => getComputedStyle(link).color);
}

async function toggleDark(page: Page): Promise<void> {
  await page.getByRole('button', {name: /dark and light mode/}).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
}

test('plugin options: id, url, route, layout, debug, config and themeId', async ({page}) => {
  await page.goto(`${server.url}/api/`);
  await test.step('layout: title, description and wrapper class', async () => {
    await expect(page).toHaveTitle('Pet Store API | My Site');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      'Every endpoint of the Pet Store API, with request and response samples.',
    );
    await expect(page.locator('.main-wrapper.petstore-api-page .redocusaurus')).toBeVisible();
  });
  await test.step('url: the download button links to it, and no copy is written', async () => {
    await expect(page.locator('.redocusaurus a[download]')).toHaveAttribute('href', 'https://example.com/downloads/petstore.yaml');
    expect(fs.existsSync(path.join(site, 'build/redocusaurus/petstore.yaml'))).toBe(false);
  });
  await test.step('route: an entry without one has no page, but its copy is written', async () => {
    expect(fs.existsSync(path.join(site, 'build/redocusaurus/petstore-models.yaml'))).toBe(true);
    expect((await page.request.get(`${server.url}/petstore-models/`)).status()).toBe(404);
  });
  await test.step('config: the page with its own Redocly file', async () => {
    await page.goto(`${server.url}/public/api/`);
    await expect(page.locator('.redocusaurus [id="operation/addPet"]')).toBeVisible();
    expect(fs.existsSync(path.join(site, 'build/redocusaurus/public-api.yaml'))).toBe(true);
  });
  await test.step('debug: quiet unless DEBUG_REDOCUSAURUS=1', () => {
    expect(buildOutput).not.toContain('[REDOCUSAURUS_PLUGIN]');
  });
  await test.step('themeId: the plugin registered alone takes its theme colour', async () => {
    await page.goto(`${server.url}/brand/api/`);
    await expect.poll(() => primaryColour(page)).toBe('rgb(111, 66, 193)');
  });
});

test('theme options: colours, redocly.yaml, the logo, the swizzled Redoc', async ({page}) => {
  await page.goto(`${server.url}/api/`);
  await test.step('redocly.yaml: no search box, a 280px menu', async () => {
    await expect(page.locator('.redocusaurus .menu-content')).toBeVisible();
    await expect(page.locator('.redocusaurus .menu-content input')).toHaveCount(0);
    expect(await page.locator('.redocusaurus .menu-content').evaluate((menu) => menu.getBoundingClientRect().width)).toBe(280);
  });
  await test.step('the x-logo rule of custom.css shows the logo', async () => {
    await expect(page.locator('.redocusaurus-has-logo .menu-content img')).toBeVisible();
  });
  await test.step('the wrapper made by swizzle puts its note above every reference', async () => {
    const note = page.getByRole('note').filter({hasText: 'This reference is generated from the OpenAPI file'});
    await expect(note).toBeVisible();
    expect(fs.existsSync(path.join(site, 'src/theme/Redoc/index.tsx'))).toBe(true);
  });
  await test.step('primaryColor in light mode, primaryColorDark in dark mode', async () => {
    await expect.poll(() => primaryColour(page)).toBe('rgb(31, 122, 140)');
    await toggleDark(page);
    await expect.poll(() => primaryColour(page)).toBe('rgb(127, 209, 224)');
  });
});

test('theme options: what the theme changes in every page', async ({page}) => {
  const html = await (await page.request.get(`${server.url}/theme-probe`)).text();
  // Rendered by the build, in Node: process.env is {} there too.
  expect(html).toContain('<p id="home">undefined</p>');
  expect(html).toContain('<p id="node-env">production</p>');
  expect(html).toContain('<p id="isatty">false</p>');
  await page.goto(`${server.url}/theme-probe`);
  await expect(page.locator('#prism-manual')).toHaveText('true');
  await expect(page.locator('#home')).toHaveText('undefined');
  expect(await page.evaluate(() => document.styleSheets.length)).toBeGreaterThan(0);
});

test('multiple APIs: the dropdown, a reference in a doc, pages of your own, a second preset', async ({page}) => {
  await page.goto(`${server.url}/api/orders/`);
  await test.step('the dropdown links every API of the list', async () => {
    const dropdown = page.locator('.navbar__item.dropdown', {hasText: 'APIs'});
    await dropdown.hover();
    await expect(dropdown.getByRole('link', {name: 'Orders API'})).toHaveAttribute('href', '/api/orders/');
    await expect(dropdown.getByRole('link', {name: 'Billing API'})).toHaveAttribute('href', '/api/billing/');
    await expect(page.locator('.redocusaurus [id="operation/addPet"]')).toBeVisible();
    expect((await page.request.get(`${server.url}/api/billing/`)).status()).toBe(200);
  });
  await test.step('ApiDocMdx in a docs page, beside the docs sidebar', async () => {
    await page.goto(`${server.url}/docs/orders-api`);
    await expect(page.locator('.theme-doc-sidebar-container')).toBeVisible();
    await expect(page.locator('article .redocusaurus [id="operation/addPet"]')).toBeVisible();
  });
  await test.step('ApiDoc in src/pages, with its own title', async () => {
    await page.goto(`${server.url}/partners/`);
    await expect(page).toHaveTitle(/for partners \| My Site$/);
    await expect(page.locator('.redocusaurus [id="operation/addPet"]')).toBeVisible();
  });
  await test.step('Redoc in src/pages, with content of its own and Redoc options of its own', async () => {
    await page.goto(`${server.url}/partners/overview`);
    await expect(page.getByRole('heading', {level: 1, name: 'Partner API'})).toBeVisible();
    await expect(page.locator('.redocusaurus.partner-reference [id="operation/addPet"]')).toBeVisible();
    await expect(page.locator('.partner-reference a[download]')).toHaveCount(0);
  });
  await test.step("the second preset's specs take its colour, the first preset's keep theirs", async () => {
    await page.goto(`${server.url}/partners/billing/`);
    await expect.poll(() => primaryColour(page)).toBe('rgb(140, 31, 90)');
    await page.goto(`${server.url}/api/billing/`);
    await expect.poll(() => primaryColour(page)).toBe('rgb(31, 122, 140)');
  });
});

test('schema imports: the page the guide builds', async ({page}) => {
  await page.goto(`${server.url}/docs/pet`);
  const schemas = page.locator('article .redocusaurus-schema');
  await expect(schemas).toHaveCount(4);
  await expect(schemas.nth(0).locator('td', {hasText: 'photoUrls'}).first()).toBeVisible();
  // `example`: the sample panel beside the fields; without it, hidden.
  await expect(schemas.nth(1).locator(':scope > div > div > div:nth-child(2)')).toBeVisible();
  await expect(schemas.nth(0).locator(':scope > div > div > div:nth-child(2)')).toBeHidden();
  // `showWriteOnly`: the write-only requestId is listed only there.
  await expect(schemas.nth(2).locator('td', {hasText: 'requestId'})).toHaveCount(1);
  await expect(schemas.nth(1).locator('td', {hasText: 'requestId'})).toHaveCount(0);
  // No id: the first spec of the site, here a copy of the same file.
  await expect(schemas.nth(3).locator('td', {hasText: 'photoUrls'}).first()).toBeVisible();
});

test("without the theme's types entry, the pages of your own fail the type check", async () => {
  const tsconfig = path.join(site, 'tsconfig.json');
  const text = fs.readFileSync(tsconfig, 'utf8');
  const parsed = JSON.parse(text) as {compilerOptions: {types: string[]}};
  parsed.compilerOptions.types = parsed.compilerOptions.types.filter((types) => !types.startsWith('docusaurus-theme-redoc'));
  fs.writeFileSync(tsconfig, JSON.stringify(parsed));
  try {
    await expect(typecheckReaderSite(site)).rejects.toThrow(
      "src/pages/partners/index.tsx(3,20): error TS2307: Cannot find module '@theme/ApiDoc' or its corresponding type declarations.",
    );
  } finally {
    fs.writeFileSync(tsconfig, text);
  }
});

test('swizzling: an ejected Redoc imports files the site does not have', async () => {
  test.setTimeout(5 * 60_000);
  const copy = await copyReaderSite('eject');
  try {
    const eject = readBlocks('docs/getting-started/theme-options.mdx').find((block) => block.code.includes('-- --eject'));
    expect(eject?.noapply).toBeTruthy();
    await bashInSite(copy, eject!.code);
    const folder = path.join(copy, 'src/theme/Redoc');
    const missing = fs
      .readdirSync(folder)
      .flatMap((file) => [...fs.readFileSync(path.join(folder, file), 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'|import '(\.{1,2}\/[^']+)'/g)])
      .map((match) => match[1] ?? match[2])
      .filter((request) => !['', '.js', '.jsx', '.css'].some((ext) => fs.existsSync(path.join(folder, request + ext))));
    expect([...new Set(missing)].sort()).toEqual(['../../global', '../../utils/useSpec', '../../utils/useSpecOptions']);

    // A swizzled useSpecData reaches ApiDocMdx (through @theme/useSpecData), not the stock ApiSchema.
    const theme = path.join(copy, 'node_modules/docusaurus-theme-redoc/dist-jsx/theme');
    expect(fs.readFileSync(path.join(theme, 'ApiSchema/ApiSchema.jsx'), 'utf8')).toContain("from '../useSpecData'");
    expect(fs.readFileSync(path.join(theme, 'ApiDocMdx/ApiDocMdx.jsx'), 'utf8')).toContain("from '@theme/useSpecData'");
  } finally {
    await removeReaderSite(copy);
  }
});
