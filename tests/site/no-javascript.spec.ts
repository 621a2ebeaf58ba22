import fs from 'node:fs/promises';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {parseYaml} from '@redocly/openapi-core';
import {examples} from '../../src/data/examples';
import {REPO_ROOT} from '../../scripts/repoRoot';
import {apiRoutes} from '../support/routes';

/** The site URL the build wrote into absolute links (docusaurus.config.ts `url`). */
const SITE_URL = (process.env.SITE_URL ?? 'https://redocusaurus.vercel.app').replace(/\/$/, '');

// A spec rendered as pages has no whole reference (tests/site/reference-pages.spec.ts checks it).
const pluginRouted = examples.filter((example) => example.kind === 'plugin-route' && !example.pages);

/**
 * One visit per API page without JavaScript: what the server built is what every reader gets
 * first, and React 17 keeps server-rendered attributes on hydration, so the download link
 * checked here is also the one a reader with JavaScript clicks.
 */
test.describe('build-time rendering: API pages without JavaScript', () => {
  test.use({javaScriptEnabled: false, viewport: {width: 1280, height: 900}});

  for (const route of apiRoutes) {
    test(route, async ({page, request}) => {
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      const redoc = page.locator('.redocusaurus');
      await expect(redoc.locator('h1').first()).toBeVisible();
      await expect(redoc.locator('h1').first()).toContainText('Petstore');

      // Operations: one section per operation, each with a visible heading.
      const operations = redoc.locator('[id*="/operation/"]');
      expect(await operations.count()).toBeGreaterThanOrEqual(15);
      const addPet = redoc.locator('[id$="/operation/addPet"]').first();
      await expect(addPet.locator('h2').first()).toBeVisible();
      await expect(addPet.locator('h2').first()).toHaveText(/\S/);
      await expect(redoc.locator('[id$="/operation/loginUser"] h2').first()).toBeVisible();

      // Schemas: request body schema headings and their property tables.
      await expect(addPet.getByText('Request Body schema', {exact: false}).first()).toBeVisible();
      const propertyNames = await addPet.locator('.property-name').allTextContents();
      expect(propertyNames.map((name) => name.trim())).toEqual(expect.arrayContaining(['name', 'photoUrls']));
      await expect(addPet.locator('.property-name').filter({hasText: 'photoUrls'}).first()).toBeVisible();

      // The side menu lists the operations too.
      await expect(redoc.locator('.menu-content li').filter({hasText: /Add a new pet/i}).first()).toBeAttached();

      // Nothing ran: React never hydrated this page.
      await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'false');

      const example = pluginRouted.find((candidate) => candidate.route === route);
      if (example) {
        await test.step('the download link returns the spec this page renders', async () => {
          const download = redoc.locator('a[download]');
          await expect(download).toHaveCount(1);
          await expect(download).toBeVisible();
          const url = new URL((await download.getAttribute('href'))!, page.url());

          // The bundled copy the plugin writes into static output. For the remote example,
          // the test build cannot reach REMOTE_SPEC_URL, so it links the local fallback as well
          // (a build that reaches the URL links the URL itself; see remote-spec.spec.ts).
          expect(url.href).toBe(`${SITE_URL}/redocusaurus/${example.specId}.yaml`);

          // Served by this build under the same path, as a parseable spec.
          const specResponse = await request.get(url.pathname);
          expect(specResponse.status()).toBe(200);
          const document = parseYaml(await specResponse.text()) as {openapi?: string; swagger?: string; info?: {title?: string}};
          expect(document.openapi ?? document.swagger).toMatch(/^(3\.|2\.0)/);

          // And it is the spec this example renders.
          const source = parseYaml(await fs.readFile(path.join(REPO_ROOT, example.specFile), 'utf8')) as {info: {title: string}};
          expect(document.info?.title).toBe(source.info.title);
          await expect(redoc.locator('h1').first()).toContainText(source.info.title);
        });
      }
    });
  }

  test('docs pages and the navbar render too', async ({page}) => {
    await page.goto('/docs/guides/build-time-rendering');
    await expect(page.locator('article h1').first()).toBeVisible();
    await expect(page.locator('.theme-doc-sidebar-container')).toBeVisible();
    await expect(page.locator('.navbar').getByRole('link', {name: 'Docs', exact: true})).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'false');
  });
});

test('every plugin-routed example is among the API pages above, so its download link is checked', () => {
  expect(pluginRouted.length).toBeGreaterThan(0);
  expect([...apiRoutes]).toEqual(expect.arrayContaining(pluginRouted.map((example) => example.route)));
});
