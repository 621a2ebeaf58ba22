/**
 * The site under `npm start`, as its maintainers preview it: API pages render every section, in a
 * page of their own and in a docs page (`ApiDocMdx`), at a hash, down to the last section and in
 * dark mode; and an edit of a spec reaches the open page. The development server renders pages in
 * the browser from nothing (no server HTML): it runs on a copy of the site, so the edit touches
 * nothing of the repository.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import {expect, test, type Page} from '@playwright/test';
import {getExample} from '../../src/data/examples';
import {operationSummaries} from '../../scripts/sites/openapiOperations';
import {singleYamlSpec} from '../docs/helpers';
import {copySite, startDevServer, type SiteCopy} from '../support/siteCopy';
import type {RunningServer} from '../../scripts/sites/readerSite';
import {switchToDark} from '../support/colourMode';

const singleYaml = getExample('using-single-yaml');
const summaries = operationSummaries(singleYamlSpec());

/** The summaries of the operations rendered in the page's references: their headings' own text, without badges. */
function renderedOperations(page: Page): Promise<string[]> {
  return page.locator('.redocusaurus .api-content > [data-section-id*="/operation/"] h2').evaluateAll((headings) =>
    headings.map((heading) =>
      Array.from(heading.childNodes)
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent)
        .join('')
        .trim(),
    ),
  );
}

test.describe('npm start', () => {
  test.describe.configure({mode: 'serial'});
  let copy: SiteCopy | undefined;
  let server: RunningServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(420_000);
    copy = await copySite();
    // Offline, as the tests build: the remote example falls back to its local copy.
    server = await startDevServer(copy, {REMOTE_SPEC_URL: 'http://remote-spec.invalid/openapi.yaml'});
  });
  test.afterAll(async () => {
    await server?.close();
    await copy?.remove();
  });

  test('an API page renders every operation on load, down to the last one', async ({page}) => {
    await page.goto(server!.url + singleYaml.route);
    await expect.poll(() => renderedOperations(page), {timeout: 60_000}).toEqual(expect.arrayContaining(summaries));
    expect(await renderedOperations(page)).toHaveLength(summaries.length);
    const last = page.locator('.redocusaurus .api-content > [data-section-id]').last();
    await last.scrollIntoViewIfNeeded();
    await expect(last.locator('h1, h2').first()).toBeVisible();
  });

  test('a link to an operation lands on it, rendered', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    await page.goto(`${server!.url}${singleYaml.route}#tag/pet/operation/findPetsByStatus`);
    const section = page.locator('[id="tag/pet/operation/findPetsByStatus"]');
    await expect(section.locator('h2')).toContainText('Find pets by status', {timeout: 60_000});
    await expect(section).toBeInViewport();
  });

  test('the colour switch restyles the reference', async ({page}) => {
    await page.goto(server!.url + singleYaml.route);
    const operation = page.locator('[id="tag/pet/operation/addPet"] h2');
    await expect(operation).toBeVisible({timeout: 60_000});
    const light = await operation.evaluate((node) => getComputedStyle(node).color);
    await switchToDark(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect.poll(() => operation.evaluate((node) => getComputedStyle(node).color)).not.toBe(light);
  });

  test('a docs page with ApiDocMdx renders its reference', async ({page}) => {
    await page.goto(`${server!.url}/docs/nested/nested-1`);
    await expect.poll(() => renderedOperations(page), {timeout: 60_000}).toEqual(expect.arrayContaining(summaries));
  });

  test('an edit of the spec reaches the open page', async ({page}) => {
    test.setTimeout(240_000);
    await page.goto(server!.url + singleYaml.route);
    const title = page.locator('.redocusaurus .api-info h1');
    await expect(title).toBeVisible({timeout: 60_000});
    const specFile = path.join(copy!.dir, singleYaml.specFile);
    const source = await fs.readFile(specFile, 'utf8');
    const edited = source.replace(/^( {2}title: ).*$/m, '$1Edited Pet Store');
    expect(edited).not.toBe(source);
    await fs.writeFile(specFile, edited);
    // The server rebuilds and the page reloads on its own.
    await expect(title).toContainText('Edited Pet Store', {timeout: 180_000});
  });
});
