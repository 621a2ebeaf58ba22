/**
 * The Installation page, followed by a reader: the stock reader site is exactly its blocks applied
 * to an empty Docusaurus 2.4.3 site (scripts/sites/readerSite.ts). Here a copy of it is
 * type-checked, built and served, and run with `npm start`, and what the page says the reader
 * should see is checked in the browser. Under `npm start`, the private spec entry of the plugin
 * options page is added too: what the pages say of URL specs in development is checked there.
 */
import fs from 'node:fs';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import path from 'node:path';
import {expect, test, type Page} from '@playwright/test';
import {parseYaml} from '@redocly/openapi-core';
import {
  buildReaderSite,
  copyReaderSite,
  readerSpecPath,
  removeReaderSite,
  serveReaderBuild,
  startReaderSite,
  typecheckReaderSite,
  type RunningServer,
} from '../../scripts/sites/readerSite';
import {applyDiff, readBlocks} from '../../scripts/sites/docSnippets';

test.describe.configure({mode: 'serial'});

let site: string;
let spec: {info: {title: string; description: string}};

test.beforeAll(async () => {
  test.setTimeout(5 * 60_000);
  site = await copyReaderSite('installation');
  spec = parseYaml(fs.readFileSync(path.join(site, readerSpecPath()), 'utf8')) as typeof spec;
});

test.afterAll(() => removeReaderSite(site));

/** What the page promises on the API page, with a server built or started. */
async function expectReference(page: Page): Promise<void> {
  await expect(page).toHaveTitle(`${spec.info.title} | My Site`);
  // Redoc's three columns: the menu, the operations, the samples.
  await expect(page.locator('.redocusaurus .menu-content')).toBeVisible();
  await expect(page.locator('.redocusaurus [id="operation/addPet"]')).toBeVisible();
  await expect(page.locator('.redocusaurus').getByText('Request samples').first()).toBeVisible();
  // The site's navbar and footer around it, and the navbar link the page adds.
  await expect(page.locator('nav.navbar').getByRole('link', {name: 'API', exact: true})).toHaveAttribute('href', '/api/');
  await expect(page.locator('footer')).toBeVisible();
}

test('the site type-checks and builds; the API page is the reference in the site', async ({page}) => {
  test.setTimeout(8 * 60_000);
  await test.step('npm run typecheck', () => typecheckReaderSite(site));
  await test.step('npm run typecheck, without what the page explains each line is for', async () => {
    const config = path.join(site, 'docusaurus.config.js');
    const tsconfig = path.join(site, 'tsconfig.json');
    const [configText, tsconfigText] = [fs.readFileSync(config, 'utf8'), fs.readFileSync(tsconfig, 'utf8')];
    try {
      fs.writeFileSync(config, configText.replace("@satisfies {import('redocusaurus').PresetOptions}", "@type {import('redocusaurus').PresetOptions}"));
      await expect(typecheckReaderSite(site)).rejects.toThrow(
        "Type 'PresetOptions' is not assignable to type 'string | DeepPartial<{ [key: string]: unknown; }>'",
      );
      fs.writeFileSync(config, configText);
      const {compilerOptions, ...rest} = JSON.parse(tsconfigText) as {compilerOptions: Record<string, unknown>};
      fs.writeFileSync(tsconfig, JSON.stringify({...rest, compilerOptions: {...compilerOptions, module: undefined}}));
      await expect(typecheckReaderSite(site)).rejects.toThrow(
        "TS5110: Option 'module' must be set to 'Node16' when option 'moduleResolution' is set to 'Node16'.",
      );
    } finally {
      fs.writeFileSync(config, configText);
      fs.writeFileSync(tsconfig, tsconfigText);
    }
  });
  const build = await test.step('npm run build', () => buildReaderSite(site));
  console.log(`installation: build ${build.ms} ms`);
  const server = await serveReaderBuild(site);
  try {
    await page.goto(`${server.url}/api/`);
    await expectReference(page);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.trim()).toBe(spec.info.description.trim());

    await test.step('the download button links to the copy the build wrote', async () => {
      const href = await page.locator('.redocusaurus a[download]').getAttribute('href');
      // Made absolute with the site's url (the template's placeholder address).
      expect(href).toBe('https://your-docusaurus-test-site.com/redocusaurus/plugin-redoc-0.yaml');
      expect(fs.existsSync(path.join(site, 'build/redocusaurus/plugin-redoc-0.yaml'))).toBe(true);
    });

    await test.step("the primary colours given to the theme are the template's, in each mode", async () => {
      const css = fs.readFileSync(path.join(site, 'src/css/custom.css'), 'utf8');
      expect(/:root \{[^}]*--ifm-color-primary: (#\w+);/.exec(css)?.[1]).toBe('#2e8555');
      expect(/\[data-theme='dark'\] \{[^}]*--ifm-color-primary: (#\w+);/.exec(css)?.[1]).toBe('#25c2a0');
      const colour = () => page.locator('.redocusaurus .api-content a').first().evaluate((link) => getComputedStyle(link).color);
      await expect.poll(colour).toBe('rgb(46, 133, 85)');
      await page.getByRole('button', {name: /dark and light mode/}).click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expect.poll(colour).toBe('rgb(37, 194, 160)');
    });

    await test.step("the spec's x-logo is in the menu, hidden by the theme's CSS", async () => {
      const logo = page.locator('.redocusaurus-has-logo .menu-content img');
      await expect(logo).toHaveAttribute('src', '/img/logo.svg');
      await expect(logo).toBeHidden();
    });

    await test.step('the theme sets Prism to manual on every page, the home page included', async () => {
      await page.goto(`${server.url}/`);
      await expect(page.locator('.hero__title')).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as {Prism?: {manual?: boolean}}).Prism?.manual)).toBe(true);
    });
  } finally {
    await server.close();
  }
});

test('npm start serves the same reference, rendered in the browser; a URL spec is downloaded again there, without its config', async ({page}) => {
  test.setTimeout(6 * 60_000);
  // The private spec entry of the plugin options page, its host replaced by one on 127.0.0.1 that
  // answers only with the token (and lets any origin read its answers).
  const sample = fs.readFileSync(path.join(site, readerSpecPath()));
  const seen: (string | undefined)[] = [];
  const host = http.createServer((request, response) => {
    seen.push(request.headers.authorization);
    const allowed = request.headers.authorization === 'Bearer docs-token';
    response.writeHead(allowed ? 200 : 401, {'Access-Control-Allow-Origin': '*', 'Content-Type': 'application/yaml'});
    response.end(allowed ? sample : 'unauthorized');
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  const entry = readBlocks('docs/getting-started/plugin-options.mdx').find((block) => block.code.includes("id: 'private-api'"));
  expect(entry?.noapply).toBeTruthy();
  const lines = entry!.code.replaceAll('https://api.example.com', origin).trimEnd().split('\n');
  const config = path.join(site, 'docusaurus.config.js');
  const insertion = ['        specs: [', ...lines.map((line, index) => `+          ${line}${index === lines.length - 1 ? ',' : ''}`)];
  fs.writeFileSync(config, applyDiff(fs.readFileSync(config, 'utf8'), ` ${insertion[0]}\n${insertion.slice(1).join('\n')}\n`));

  let server: RunningServer | undefined;
  try {
    server = await startReaderSite(site, {env: {API_DOCS_TOKEN: 'Bearer docs-token'}});
    await page.goto(`${server.url}/api/`);
    await expectReference(page);

    // The plugin downloaded the spec with the header when the server started...
    expect(seen).toContain('Bearer docs-token');
    await page.goto(`${server.url}/private/api/`);
    // ...but the page asks for it again, from the browser, without it.
    await expect(page.getByText('Something went wrong...')).toBeVisible();
    expect(seen.filter((header) => header === undefined).length).toBeGreaterThan(0);
  } finally {
    await server?.close();
    host.close();
  }
});
