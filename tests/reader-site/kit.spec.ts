/**
 * The reference kit in a reader's site: the guide (docs/guides/fast-accessible-reference-pages.mdx)
 * followed as it is written, on a copy of the stock reader site, next to a copy left stock
 * (scripts/sites/kitSite.ts). The kit site also gets a large real spec, the corpus's 572 operations
 * of GitHub's API, as a second API page; the hostile spec (tests/fixtures/hostile-spec.yaml) from a
 * URL as a third; the hostile structure and clobbering specs (tests/fixtures/hostile-spec-structure.yaml,
 * hostile-spec-clobbering.yaml) as files; a page of the reader's with `<Redoc url>` and no spec; and
 * Redoc theme colours of the reader's own in `redocly.yaml`.
 *
 * Each check runs on the stock site too, where it records what the kit changes, and must find the
 * problem the kit removes: so the check can fail.
 */
import fs from 'node:fs';
import path from 'node:path';
import {expect, test, type Browser, type Locator, type Page} from '@playwright/test';
import {documentOperations, operationSummaries} from '../../scripts/sites/openapiOperations';
import {singleYamlSpec} from '../docs/helpers';
import {seriousFindingCount} from '../../bench/axe';
import {expectNoSeriousViolations, expectNoSeriousViolationsOnLoad} from '../support/accessibility';
import {entryScriptAttributes} from '../support/entryScripts';
import {collectPageProblems, waitForHydration} from '../support/pageErrors';
import {
  HOSTILE_CLOBBERING_SPEC,
  HOSTILE_PAGE_TEXT,
  HOSTILE_SPEC,
  HOSTILE_STRUCTURE_SPEC,
  HOSTILE_STRUCTURE_TEXT,
  checkHostilePage,
  expectInert,
  payloadsThatRan,
  scriptingMarkup,
  takeoverMarkup,
} from '../support/hostileSpec';
import {startSpecServer, type SpecServer} from '../support/specServer';
import {NOTES_API_KEY, NOTES_CLIENT_ID, notesSpec, startNotesApi, type NotesApi} from '../support/notesApi';
import {parseYaml} from '@redocly/openapi-core';
import {contrast} from '../../reference-kit/reference/shared/palettes';
import {REPO_ROOT} from '../../scripts/repoRoot';
import {API_ROUTE as API, LARGE_ROUTE as LARGE, LARGE_SPEC, addLargeSpec, applyGuide} from '../../scripts/sites/kitSite';
import {
  buildReaderSite,
  copyReaderSite,
  removeReaderSite,
  serveReaderBuild,
  startReaderSite,
  typecheckReaderSite,
  type RunningServer,
} from '../../scripts/sites/readerSite';

const petSummaries = operationSummaries(singleYamlSpec());
const largeOperations = () => documentOperations(JSON.parse(fs.readFileSync(path.join(REPO_ROOT, LARGE_SPEC.file), 'utf8')));

test.describe.configure({mode: 'serial'});

let stock: string;
let kit: string;
let stockServer: RunningServer;
let kitServer: RunningServer;
/** Serves the hostile spec, which the kit site's build and `npm start` fetch as a URL spec. */
let hostileServer: SpecServer;
/** The API the console sends real requests to: with CORS, and without. */
let notesApi: NotesApi;
let notesApiWithoutCors: NotesApi;
const NOTES_ROUTE = '/api/notes/';
/** A local address where nothing answers. */
const NOTHING_THERE = 'http://127.0.0.1:9';

const HOSTILE_ROUTE = '/api/hostile/';
/**
 * The hostile structure spec and the clobbering one, as files of the reader's: the structure spec's
 * id is the one its SVG script names (its own download, `/redocusaurus/hostile-structure.yaml`).
 */
const HOSTILE_FILES = [
  {id: 'hostile-structure', fixture: HOSTILE_STRUCTURE_SPEC, route: '/api/hostile-structure/', link: 'The hostile structure', text: HOSTILE_STRUCTURE_TEXT},
  {id: 'hostile-clobbering', fixture: HOSTILE_CLOBBERING_SPEC, route: '/api/hostile-clobbering/', link: 'The hostile clobbering', text: ['Clobbering payloads follow.']},
] as const;
/** A page of the reader's with one schema of the hostile spec (`<ApiSchema>`). */
const HOSTILE_SCHEMA_ROUTE = '/hostile-schema/';
const FETCHED_ROUTE = '/fetched/';
/** A page of the reader's with one schema of the large spec, whose pieces the browser fetches. */
const LARGE_SCHEMA_ROUTE = '/large-schema/';
/** The reader's own inline-code colour (redocly.yaml): 6.3:1 on the light page, 2.7:1 on the dark one. */
const READER_CODE_COLOUR = '#0b6e4f';

/**
 * Two more shapes of spec, small files written for the tests: a recursive tree of nested `oneOf`
 * with a discriminator (tests/fixtures/recursive-tree.yaml), and operations without any tag
 * (tests/fixtures/untagged.yaml). A docs page of the reader's links to them, as a site does.
 */
const SHAPES = [
  {id: 'tree', fixture: 'recursive-tree.yaml', route: '/api/tree/', link: 'The scene graph', deepLink: {text: 'Replace a node', id: 'operation/replaceNode'}},
  {id: 'untagged', fixture: 'untagged.yaml', route: '/api/untagged/', link: 'The notebook', deepLink: {text: 'Delete a comment', id: 'operation/deleteComment'}},
] as const;
/**
 * The untagged spec again, as pages (`pages: 'tag'`): a page per first segment of its paths, and a
 * link of the reader's written for the one-page reference.
 */
const AS_PAGES = {id: 'notebook-pages', fixture: 'untagged.yaml', route: '/api/notebook/', deepLink: {text: 'Delete a comment, on its page', id: 'operation/deleteComment'}} as const;
const LINKS_PAGE = '/docs/api-links';
const LARGE_LINK = "GitHub's REST API, in part";
const shapeSpec = (fixture: string) => parseYaml(fs.readFileSync(path.join(REPO_ROOT, 'tests/fixtures', fixture), 'utf8')) as Parameters<typeof documentOperations>[0];

/** A page of the reader's (`src/pages/<name>.js`) with one schema of a spec, in `<ApiSchema>`. */
function writeSchemaPage(site: string, name: string, {id, pointer}: {id: string; pointer: string}): void {
  fs.writeFileSync(
    path.join(site, `src/pages/${name}.js`),
    [
      "import React from 'react';",
      "import Layout from '@theme/Layout';",
      "import ApiSchema from '@theme/ApiSchema';",
      '',
      'export default function SchemaPage() {',
      '  return (',
      '    <Layout title="A schema">',
      `      <ApiSchema id="${id}" pointer="${pointer}" />`,
      '    </Layout>',
      '  );',
      '}',
      '',
    ].join('\n'),
  );
}

/** What a reader adds to the kit site beyond the guide: the pages and settings of the checks below. */
function addReaderExtras(site: string, hostileUrl: string): void {
  const config = path.join(site, 'docusaurus.config.js');
  const source = fs.readFileSync(config, 'utf8');
  const hostileFiles = HOSTILE_FILES.map(({id, route}) => `          {id: '${id}', spec: 'openapi/${id}.yaml', route: '${route}'},\n`).join('');
  const notes = notesSpec([
    {url: `${notesApi.origin}/v1`, description: 'Local'},
    {url: `${notesApiWithoutCors.origin}/v1`, description: 'Without CORS'},
    {url: `${NOTHING_THERE}/v1`, description: 'Nothing there'},
  ], {provider: notesApi.origin});
  fs.writeFileSync(path.join(site, 'openapi/notes.json'), JSON.stringify(notes, null, 2));
  const notesEntry = `          {id: 'notes', spec: 'openapi/notes.json', route: '${NOTES_ROUTE}'},\n`;
  const withEntry = source.replace(/(\n\s*specs: \[\n)/, `$1          {id: 'hostile', spec: '${hostileUrl}', route: '${HOSTILE_ROUTE}'},\n${hostileFiles}${notesEntry}`);
  if (withEntry === source) throw new Error(`${config}: no \`specs: [\` to add the hostile spec to`);
  fs.writeFileSync(config, withEntry);
  fs.writeFileSync(
    path.join(site, 'redocly.yaml'),
    `theme:\n  openapi:\n    theme:\n      typography:\n        code:\n          color: '${READER_CODE_COLOUR}'\n`,
  );
  for (const {id, fixture} of HOSTILE_FILES) fs.copyFileSync(fixture, path.join(site, 'openapi', `${id}.yaml`));
  let withShapes = fs.readFileSync(config, 'utf8');
  for (const shape of SHAPES) {
    fs.copyFileSync(path.join(REPO_ROOT, 'tests/fixtures', shape.fixture), path.join(site, 'openapi', shape.fixture));
    withShapes = withShapes.replace(/(\n\s*specs: \[\n)/, `$1          {id: '${shape.id}', spec: 'openapi/${shape.fixture}', route: '${shape.route}'},\n`);
  }
  withShapes = withShapes.replace(/(\n\s*specs: \[\n)/, `$1          {id: '${AS_PAGES.id}', spec: 'openapi/${AS_PAGES.fixture}', route: '${AS_PAGES.route}', pages: 'tag'},\n`);
  fs.writeFileSync(config, withShapes);
  fs.writeFileSync(
    path.join(site, 'docs/api-links.md'),
    [
      '# Our APIs',
      '',
      ...SHAPES.flatMap((shape) => [`- [${shape.link}](${shape.route})`, `- [${shape.deepLink.text}](${shape.route}#${shape.deepLink.id})`]),
      `- [${AS_PAGES.deepLink.text}](${AS_PAGES.route}#${AS_PAGES.deepLink.id})`,
      `- [${LARGE_LINK}](${LARGE})`,
      ...HOSTILE_FILES.map(({link, route}) => `- [${link}](${route})`),
      '',
    ].join('\n'),
  );
  fs.copyFileSync(path.join(site, 'openapi/petstore.yaml'), path.join(site, 'static/petstore-copy.yaml'));
  writeSchemaPage(site, 'hostile-schema', {id: 'hostile', pointer: '#/components/schemas/Item'});
  writeSchemaPage(site, 'large-schema', {id: 'github', pointer: '#/components/schemas/simple-user'});
  fs.writeFileSync(
    path.join(site, 'src/pages/fetched.js'),
    [
      "import React from 'react';",
      "import Layout from '@theme/Layout';",
      "import Redoc from '@theme/Redoc';",
      '',
      '// A spec given by URL only: the browser fetches it.',
      'export default function Fetched() {',
      '  return (',
      '    <Layout title="Fetched API">',
      '      <Redoc url="/petstore-copy.yaml" />',
      '    </Layout>',
      '  );',
      '}',
      '',
    ].join('\n'),
  );
}

test.beforeAll(async () => {
  test.setTimeout(10 * 60_000);
  hostileServer = await startSpecServer({body: fs.readFileSync(HOSTILE_SPEC, 'utf8')});
  [notesApi, notesApiWithoutCors] = await Promise.all([startNotesApi(), startNotesApi({cors: false})]);
  [stock, kit] = await Promise.all([copyReaderSite('kit-before'), copyReaderSite('kit-after')]);
  await applyGuide(kit);
  addLargeSpec(kit);
  addReaderExtras(kit, hostileServer.url);
});

test.afterAll(async () => {
  await Promise.all([stockServer?.close(), kitServer?.close(), hostileServer?.close(), notesApi?.close(), notesApiWithoutCors?.close()]);
  await Promise.all([removeReaderSite(stock), removeReaderSite(kit)]);
});

test('after the guide, the site type-checks with the reader tsconfig, the kit folder included, and builds', async () => {
  test.setTimeout(15 * 60_000);
  expect(fs.existsSync(path.join(kit, 'reference-kit/README.md'))).toBe(true);
  // Before building: the template's tsconfig would check the built scripts too.
  await typecheckReaderSite(kit);
  for (const [name, site] of [
    ['stock', stock],
    ['kit', kit],
  ] as const) {
    const {ms} = await buildReaderSite(site);
    console.log(`${name} site built in ${ms} ms`);
  }
  [stockServer, kitServer] = await Promise.all([serveReaderBuild(stock), serveReaderBuild(kit)]);
});

/** The JavaScript files a first visit of `url` loads, with their text. */
async function loadedScripts(browser: Browser, url: string): Promise<{url: string; text: string}[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts: Promise<{url: string; text: string}>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().then((text) => ({url: response.url(), text})));
  });
  await page.goto(url);
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  const loaded = await Promise.all(scripts);
  await context.close();
  return loaded;
}

test('no spec in the JavaScript of a page without a reference', async ({browser}) => {
  const holdsSpec = (scripts: {url: string; text: string}[]) => scripts.filter(({text}) => petSummaries.some((summary) => text.includes(summary)));
  // Before: the preset's global data puts the spec in the bundle every page loads.
  expect(holdsSpec(await loadedScripts(browser, `${stockServer.url}/`)).length).toBeGreaterThan(0);
  const home = await loadedScripts(browser, `${kitServer.url}/`);
  expect(holdsSpec(home).map(({url}) => url)).toEqual([]);
  // Nor the large spec's text (a summary far down its list).
  const largeSummary = String(largeOperations().at(-1)!.operation.summary);
  expect(home.filter(({text}) => text.includes(largeSummary)).map(({url}) => url)).toEqual([]);
});

test("the API pages load Docusaurus's entry scripts deferred, the home page as Docusaurus writes them", async () => {
  const entryScripts = async (route: string) => entryScriptAttributes(await (await fetch(kitServer.url + route)).text());
  for (const route of [API, LARGE]) expect(await entryScripts(route), route).toEqual(['defer', 'defer']);
  expect(await entryScripts('/')).toEqual(['', '']);
});

test("a large spec's pieces are text files, not its JavaScript, fetched as the sections that read them near the viewport; <ApiSchema> of it renders as it hydrates", async ({browser}) => {
  // A sentence of the last operation's description: in its piece only (the menu has its summary).
  const last = largeOperations().at(-1)!;
  const pieceText = String(last.operation.description).split('.')[0]!;
  const scripts = await loadedScripts(browser, kitServer.url + LARGE);
  expect(scripts.filter(({text}) => text.includes(pieceText)).map(({url}) => url)).toEqual([]);
  const allFiles = fs.readdirSync(path.join(kit, 'build/assets/spec')).filter((name) => /^spec-pieces-github-\d+\.[0-9a-f]+\.txt$/.test(name));

  const context = await browser.newContext({viewport: {width: 1280, height: 900}});
  const page = await context.newPage();
  const problems = collectPageProblems(page);
  const pieceFiles: Promise<string>[] = [];
  page.on('response', (response) => {
    if (/\/spec-pieces-github-\d+\.[0-9a-f]+\.txt$/.test(new URL(response.url()).pathname)) pieceFiles.push(response.text());
  });
  await page.goto(kitServer.url + LARGE);
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  const atLoad = await Promise.all(pieceFiles);
  expect(atLoad.length, 'the sections at the top fetch their files').toBeGreaterThan(0);
  expect(atLoad.length, 'and not the others').toBeLessThan(allFiles.length);
  expect(atLoad.filter((text) => text.includes(pieceText))).toEqual([]);
  // The first operation comes to life from them: its response opens (or closes) on a click.
  const first = page.locator('.redocusaurus [data-section-id^="operation/"]').first();
  const fields = first.locator('.property-name');
  const before = await fields.count();
  await expect(async () => {
    await first.getByRole('button', {name: /^200 /}).click();
    await expect(fields).not.toHaveCount(before, {timeout: 1_000});
  }).toPass({timeout: 30_000});
  // The last operation, scrolled to: its file comes in once, and it comes to life (Redoc's heading link).
  const lastSection = page.locator(`.redocusaurus [id="operation/${last.operationId}"]`);
  await lastSection.scrollIntoViewIfNeeded();
  await expect(lastSection.locator('h2 a[href^="#"]')).toHaveCount(1, {timeout: 30_000});
  expect((await Promise.all(pieceFiles)).filter((text) => text.includes(pieceText))).toHaveLength(1);

  // A schema of the spec, rendered while the page hydrates, before the files are in: the kit reads
  // them there and then, and React keeps the server's schema.
  await page.goto(kitServer.url + LARGE_SCHEMA_ROUTE);
  await waitForHydration(page);
  const schema = page.locator('.redocusaurus-schema');
  for (const field of ['login', 'node_id', 'avatar_url']) await expect(schema.getByText(field, {exact: true})).toBeVisible();
  await schema.getByText('login', {exact: true}).click();
  expect(problems.pageErrors).toEqual([]);
  await context.close();
});

test('whole API pages: no serious or critical axe findings, light and dark, at 1280 and 375 px', async ({page, browser}) => {
  test.setTimeout(10 * 60_000);
  await page.setViewportSize({width: 1280, height: 900});
  await page.goto(stockServer.url + API);
  await waitForHydration(page);
  const before = await seriousFindingCount(page);
  console.log(`stock /api/ at 1280 px, light: ${before} serious or critical axe findings`);
  expect(before, 'the stock page has findings for the kit to remove').toBeGreaterThan(0);

  const untagged = SHAPES.find((shape) => shape.id === 'untagged')!.route;
  for (const [route, widths] of [
    [API, [1280, 375]],
    [LARGE, [1280]],
    // Every section rendered by React: a deprecated field, a link in an operation's description.
    [untagged, [1280]],
  ] as const) {
    for (const width of widths) {
      // A new context each time: the scan ends in dark mode, which the site remembers.
      const context = await browser.newContext({viewport: {width, height: width > 500 ? 900 : 800}});
      const scanned = await context.newPage();
      await scanned.goto(kitServer.url + route);
      await waitForHydration(scanned);
      if (route === untagged) {
        await renderEverySection(scanned);
        // axe cannot tell the colours of what the browser skips off screen (content-visibility):
        // every section is painted for the scan.
        await scanned.addStyleTag({content: '.api-content > [data-section-id] {content-visibility: visible !important}'});
      }
      await expectNoSeriousViolations(scanned, route);
      if (route === untagged) {
        // The scan ended in dark mode: a deprecated field's name, struck through, reads on the page,
        // and so do the buttons of a oneOf's alternatives, the selected one on its own fill.
        const colours = await scanned.evaluate(() => {
          const style = (element: Element) => getComputedStyle(element);
          const page = style(document.documentElement).backgroundColor;
          const fillOf = (element: Element) => (/^rgba\(.*, 0\)$/.test(style(element).backgroundColor) ? page : style(element).backgroundColor);
          const alternatives = Array.from(document.querySelectorAll('[id="operation/createNote"] button')).filter((button) =>
            ['Item', 'FromNote'].includes(button.textContent ?? ''),
          );
          return [
            {what: 'deprecated name', text: style(document.querySelector('.redocusaurus .deprecated > .property-name')!).color, fill: page},
            ...alternatives.map((button) => ({what: `oneOf button ${button.textContent}`, text: style(button).color, fill: fillOf(button)})),
          ];
        });
        expect(colours.map(({what}) => what)).toEqual(['deprecated name', 'oneOf button Item', 'oneOf button FromNote']);
        for (const {what, text, fill} of colours) expect(contrast(rgb(text), rgb(fill)), `${what}: ${text} on ${fill}`).toBeGreaterThanOrEqual(4.5);
      }
      await context.close();
    }
  }
});

test('API pages as they load, not scrolled: no serious or critical axe findings and no held section over another, light and dark, at 375 and 1280 px', async ({page}) => {
  test.setTimeout(10 * 60_000);
  const untagged = SHAPES.find((shape) => shape.id === 'untagged')!.route;
  // The large page is held section by section; the untagged spec has no tags, so Redoc lays out every operation at one level.
  for (const [route, width] of [[LARGE, 375], [LARGE, 1280], [untagged, 375]] as const) {
    await expectNoSeriousViolationsOnLoad(page, kitServer.url + route, width);
  }
});

/** Colours of parts of the reference: the menu, a heading, text, the samples' panel. */
async function referenceColours(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const style = (selector: string, property: string) => {
      const element = document.querySelector(selector);
      return element ? getComputedStyle(element).getPropertyValue(property) : 'missing';
    };
    return {
      menu: style('.redocusaurus .menu-content', 'background-color'),
      menuText: style('.redocusaurus .menu-content li label', 'color'),
      operation: style('.redocusaurus [id="operation/addPet"] h2', 'color'),
      text: style('.redocusaurus [id="operation/addPet"] p', 'color'),
      samples: style('.redocusaurus [id="operation/addPet"] > div:last-child', 'background-color'),
    };
  });
}

/** The reference's colours in dark mode before its scripts run, and once the page has hydrated. */
async function darkBeforeAndAfter(browser: Browser, url: string) {
  const context = await browser.newContext({viewport: {width: 1280, height: 900}});
  await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
  const page = await context.newPage();
  // Scripts held back: what a reader sees until the JavaScript has come (Docusaurus's inline
  // script, which sets the colour mode, is part of the HTML and still runs).
  await page.route('**/*.js', (route) => route.abort());
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const before = await referenceColours(page);
  await page.unroute('**/*.js');
  await page.goto(url);
  await waitForHydration(page);
  await scrollIntoView(page.locator('[id="operation/addPet"] h2'));
  // Once React has rendered the reference, its colours stop changing: two readings half a second apart agree.
  let after = await referenceColours(page);
  await expect
    .poll(async () => {
      const previous = after;
      await page.waitForTimeout(500);
      after = await referenceColours(page);
      return JSON.stringify(after) === JSON.stringify(previous);
    })
    .toBe(true);
  await context.close();
  return {before, after};
}

test('dark mode: the reference is styled before hydration as after it', async ({browser}) => {
  const stockColours = await darkBeforeAndAfter(browser, stockServer.url + API);
  expect(stockColours.before, 'the stock page changes colour when its scripts run').not.toEqual(stockColours.after);
  const kitColours = await darkBeforeAndAfter(browser, kitServer.url + API);
  expect(Object.values(kitColours.before)).not.toContain('missing');
  expect(kitColours.before).toEqual(kitColours.after);
});

test('readable without JavaScript: every operation of both pages is in the HTML', async ({browser}) => {
  const context = await browser.newContext({javaScriptEnabled: false});
  const page = await context.newPage();
  await page.goto(kitServer.url + API);
  for (const summary of petSummaries) await expect(page.locator('.redocusaurus'), summary).toContainText(summary);
  await page.goto(kitServer.url + LARGE);
  // Sections in full, then in short form, those in the content column's noscript element, which a
  // browser without scripts shows: a title, a method and a path for each operation.
  await expect(page.locator('.redocusaurus .api-content > noscript > [data-kit-stub]').first()).toBeVisible();
  const endpoints = await page
    .locator('.redocusaurus .api-content > :is([data-section-id], noscript) .http-verb')
    .evaluateAll((badges) => badges.map((badge) => `${badge.textContent!.trim().toUpperCase()} ${badge.nextElementSibling?.textContent?.trim()}`));
  const operations = largeOperations();
  expect(new Set(endpoints)).toEqual(new Set(operations.map((operation) => `${operation.method} ${operation.path}`)));
  await context.close();
});

test("request samples with the kit's defaults: every language after the spec's own, and the reader's pick kept across operations", async ({browser}) => {
  const operation = (page: Page, id: string) => page.locator(`.api-content [data-section-id$="operation/${id}"]`).first();
  const tabs = (page: Page, id: string) => operation(page, id).locator('[role="tablist"]').first().locator('[role="tab"]');
  const noScript = await browser.newContext({javaScriptEnabled: false});
  const html = await noScript.newPage();
  await html.goto(kitServer.url + API);
  // The server writes the payload and the first sample: without scripts, tabs do not switch.
  await expect(tabs(html, 'deletePet')).toHaveText(['curl']);
  await expect(tabs(html, 'addPet')).toHaveText(['Payload', 'curl']);
  await expect(operation(html, 'deletePet').locator('.react-tabs__tab-panel--selected')).toContainText('curl --request DELETE');
  await noScript.close();

  const context = await browser.newContext({viewport: {width: 1280, height: 900}});
  const page = await context.newPage();
  await page.goto(kitServer.url + API);
  await waitForHydration(page);
  await operation(page, 'deletePet').scrollIntoViewIfNeeded();
  await expect(tabs(page, 'deletePet')).toHaveText(['curl', 'JavaScript', 'Node.js', 'Python', 'Go', 'Java', 'C#', 'PHP', 'Ruby'], {timeout: 15_000});
  await operation(page, 'addPet').scrollIntoViewIfNeeded();
  await expect(tabs(page, 'addPet')).toHaveText(['Payload', 'curl', 'fetch', 'requests', 'Go', 'Java', 'C#', 'PHP', 'Ruby'], {timeout: 15_000});
  const ruby = tabs(page, 'deletePet').filter({hasText: /^\s*Ruby\s*$/});
  await ruby.scrollIntoViewIfNeeded();
  // A tab answers once its section has come to life.
  await expect(async () => {
    await ruby.click();
    await expect(ruby).toHaveAttribute('aria-selected', 'true', {timeout: 500});
  }).toPass({timeout: 15_000});
  await expect(operation(page, 'deletePet').locator('.react-tabs__tab-panel--selected')).toContainText("require 'net/http'");
  await operation(page, 'getInventory').scrollIntoViewIfNeeded();
  await expect(tabs(page, 'getInventory').and(page.locator('[aria-selected="true"]'))).toHaveText('Ruby', {timeout: 15_000});
  await context.close();
});

const createNoteButton = (page: Page) => page.locator('.api-content [data-section-id$="operation/createNote"]').first().getByRole('button', {name: 'Try it'});

/**
 * Opens the console of the notes API's createNote. The section comes to life as it nears the
 * viewport and its button is then React's, so the scroll and the click are tried again together.
 */
async function openCreateNoteConsole(page: Page): Promise<Locator> {
  const button = createNoteButton(page);
  const dialog = page.getByRole('dialog', {name: /^Try POST/});
  await expect(async () => {
    await button.scrollIntoViewIfNeeded({timeout: 1_000});
    await button.click({timeout: 1_000});
    await expect(dialog).toBeVisible({timeout: 1_000});
  }).toPass({timeout: 15_000});
  return dialog;
}

test("Try it, with the kit's defaults: a request with parameters, a body and a key reaches a real server and its answer is shown; CORS and a silent server are told apart; the mock answers without one", async ({page}) => {
  const problems = collectPageProblems(page);
  await page.setViewportSize({width: 1280, height: 900});
  await page.goto(kitServer.url + NOTES_ROUTE);
  await waitForHydration(page);
  const dialog = await openCreateNoteConsole(page);
  const response = dialog.getByRole('region', {name: 'Response'});
  const send = () => dialog.getByRole('button', {name: 'Send'}).click();

  // The spec's first server, its examples in the fields; the key typed by the reader.
  await expect(dialog.getByLabel('Server')).toHaveValue('0');
  await dialog.getByLabel(/^API key/).fill(NOTES_API_KEY);
  await dialog.getByLabel(/^board/).fill('garden');
  await dialog.getByLabel(/^Body/).fill(JSON.stringify({text: 'Water the roses'}));
  await send();
  await expect(response).toContainText('201');
  await expect(response.getByLabel('Response body')).toContainText('"board": "garden"');
  expect(notesApi.received.at(-1)).toMatchObject({method: 'POST', url: '/v1/boards/garden/notes?notify=true', key: NOTES_API_KEY, body: {text: 'Water the roses'}});

  await dialog.getByLabel(/^API key/).fill('wrong');
  await send();
  await expect(response).toContainText('401');

  await dialog.getByLabel('Server').selectOption({label: `${notesApiWithoutCors.origin}/v1: Without CORS`});
  await dialog.getByLabel(/^API key/).fill(NOTES_API_KEY);
  await send();
  await expect(response.getByRole('alert')).toContainText('CORS');
  expect(notesApiWithoutCors.received.length, 'the request reached the server, whose answer the browser withheld').toBeGreaterThan(0);

  await dialog.getByLabel('Server').selectOption({label: `${NOTHING_THERE}/v1: Nothing there`});
  await send();
  await expect(response.getByRole('alert')).toContainText('could not be reached');

  await dialog.getByLabel('Server').selectOption({label: 'Mock server: answers in this page, from the spec'});
  await dialog.getByLabel(/^Body/).fill(JSON.stringify({text: ''}));
  await send();
  await expect(response).toContainText('400');
  await expect(response).toContainText('body.text needs at least 1 character.');

  // Credentials stay in the page unless the reader asks: nothing of the key in the site's storage.
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(NOTES_API_KEY);
  await page.keyboard.press('Escape');
  await expect(createNoteButton(page)).toBeFocused();
  expect(problems.pageErrors).toEqual([]);
  // The browser reports the refused and failed requests as console errors; nothing else.
  expect(problems.consoleErrors.filter((error) => !/127\.0\.0\.1|CORS|Failed to load resource/.test(error))).toEqual([]);
  expect(problems.cspViolations).toEqual([]);
});

test('Try it signs in with OAuth 2 (authorization code with PKCE) in a window of its own, and sends the token; a refused sign-in says why', async ({page}) => {
  const problems = collectPageProblems(page);
  await page.setViewportSize({width: 1280, height: 900});
  await page.goto(kitServer.url + NOTES_ROUTE);
  await waitForHydration(page);
  const dialog = await openCreateNoteConsole(page);
  await dialog.getByLabel('Authenticate with').selectOption({label: 'oauth'});
  await dialog.getByText('Sign in with OAuth 2 to get a token').click();
  // The scope the operation asks for is ticked; the page's own address is the redirect URI to register.
  await expect(dialog.getByLabel(/notes:write/)).toBeChecked();
  await expect(dialog.getByLabel(/notes:read/)).not.toBeChecked();
  await expect(dialog.getByText(`${kitServer.url}${NOTES_ROUTE}`)).toBeVisible();

  // A client the provider does not know: it sends the reader back with an error, which the console says.
  await dialog.getByLabel('Client ID').fill('someone-else');
  const refused = page.waitForEvent('popup');
  await dialog.getByRole('button', {name: 'Sign in'}).click();
  await (await refused).waitForEvent('close');
  await expect(dialog.getByRole('alert')).toContainText('The provider did not sign you in: this client may not sign in here.');

  await dialog.getByLabel('Client ID').fill(NOTES_CLIENT_ID);
  const signInWindow = page.waitForEvent('popup');
  await dialog.getByRole('button', {name: 'Sign in'}).click();
  await (await signInWindow).waitForEvent('close');
  await expect(dialog.getByText('Signed in: the access token is in the field above.')).toBeVisible();
  expect(notesApi.tokens).toHaveLength(1);
  await expect(dialog.getByLabel(/^Access token/)).toHaveValue(notesApi.tokens[0]!);
  await dialog.getByRole('button', {name: 'Send'}).click();
  await expect(dialog.getByRole('region', {name: 'Response'})).toContainText('201');
  expect(notesApi.received.at(-1)).toMatchObject({method: 'POST', authorization: `Bearer ${notesApi.tokens[0]}`});
  expect(problems.pageErrors).toEqual([]);
  expect(problems.cspViolations).toEqual([]);
});

test('links to #operation/… land in view, near the top and far down a large spec', async ({page}) => {
  await page.setViewportSize({width: 1280, height: 900});
  const far = largeOperations().at(-2)!;
  for (const [route, id] of [
    [API, 'operation/addPet'],
    [API, 'operation/deleteUser'],
    [LARGE, `operation/${far.operationId}`],
  ] as const) {
    await page.goto(`${kitServer.url}${route}#${id}`);
    await waitForHydration(page);
    const target = page.locator(`[id="${id}"]`);
    await expect(target).toBeInViewport();
    // Rendered by React once there: Redoc's heading with its link to the section.
    await expect(target.locator('h2 a[href^="#"]')).toHaveCount(1);
  }
});

test('npm start renders the API pages', async ({page}) => {
  test.setTimeout(8 * 60_000);
  const server = await startReaderSite(kit);
  try {
    await page.goto(server.url + API);
    for (const summary of petSummaries) await expect(page.locator('.redocusaurus h2', {hasText: summary}).first()).toBeVisible({timeout: 60_000});
  } finally {
    await server.close();
  }
});

test('a hostile spec from a URL, in an API page and in <ApiSchema>: nothing of its scripting markup in the HTML, and no payload runs', async ({browser}) => {
  for (const [route, text] of [
    [HOSTILE_ROUTE, HOSTILE_PAGE_TEXT],
    [HOSTILE_SCHEMA_ROUTE, ['Its name.']],
  ] as const) {
    const context = await browser.newContext({javaScriptEnabled: false});
    const noScript = await context.newPage();
    const response = await noScript.goto(kitServer.url + route);
    const html = await response!.text();
    for (const shown of text) expect(html, route).toContain(shown);
    expect(scriptingMarkup(html), route).toEqual([]);
    await context.close();

    const live = await browser.newContext({viewport: {width: 1280, height: 900}});
    const page = await live.newPage();
    await page.goto(kitServer.url + route);
    await waitForHydration(page);
    expect(await payloadsThatRan(page), route).toEqual([]);
    await expect(page.getByText(text[0]).first()).toBeVisible();
    expect(scriptingMarkup(await page.content()), route).toEqual([]);
    await live.close();
  }
});

test('the hostile structure spec as a file: no scripting or takeover markup in the HTML, and the page inert on a load and after a click, with and without JavaScript', async ({browser}) => {
  test.setTimeout(10 * 60_000);
  const {route, link, text} = HOSTILE_FILES[0];
  const html = await (await fetch(kitServer.url + route)).text();
  expect(html, 'the kit’s policy').toContain('http-equiv="Content-Security-Policy"');
  expect(html, 'the far payloads are in short sections').toContain('data-kit-stub');
  expect(scriptingMarkup(html)).toEqual([]);
  // Another site's images stay in the HTML (the profile keeps http(s) images), for the policy to block.
  expect(takeoverMarkup(html, kitServer.url).filter((finding) => !finding.startsWith('a resource of another origin'))).toEqual([]);
  // Without JavaScript a click is a load.
  for (const [javaScript, way] of [[true, 'load'], [true, 'click'], [false, 'load']] as const) {
    const label = `${route}: ${way === 'load' ? 'a load' : 'a click'}, ${javaScript ? 'with' : 'without'} JavaScript`;
    expectInert(await checkHostilePage(browser, {origin: kitServer.url, route, way, from: {route: LINKS_PAGE, linkText: link}, javaScript, width: 1280, text}), label);
  }
  // A phone's width, as a reader comes to it.
  expectInert(await checkHostilePage(browser, {origin: kitServer.url, route, way: 'click', from: {route: LINKS_PAGE, linkText: link}, javaScript: true, width: 375, text}), `${route}: a click at 375 px`);
});

test("the hostile clobbering spec: the page's scripts run, and it is inert", async ({browser}) => {
  const {route, link, text} = HOSTILE_FILES[1];
  for (const way of ['load', 'click'] as const) {
    expectInert(await checkHostilePage(browser, {origin: kitServer.url, route, way, from: {route: LINKS_PAGE, linkText: link}, javaScript: true, width: 1280, text}), `${route}: ${way}`);
  }
});

test('<Redoc url> without a spec fetches and renders it in a production build, with the spec loader on that page only', async ({page}) => {
  const problems = collectPageProblems(page);
  const loaderRequests: string[] = [];
  page.on('request', (request) => {
    if (/redoc-spec-loader/.test(request.url())) loaderRequests.push(new URL(request.url()).pathname);
  });
  await page.goto(kitServer.url + API);
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  expect(loaderRequests, 'an API page from a build-time spec loads no spec loader').toEqual([]);

  await page.goto(kitServer.url + FETCHED_ROUTE);
  for (const summary of petSummaries.slice(0, 3)) await expect(page.locator('.redocusaurus h2', {hasText: summary}).first()).toBeVisible();
  expect(loaderRequests.length, 'the fetching page loads the spec loader').toBeGreaterThan(0);
  expect(problems.pageErrors).toEqual([]);
});

test("the reader's own Redoc colours win over the kit's palette, lifted to 4.5:1 where they fall short", async ({browser}) => {
  const codeColour = async (mode: 'light' | 'dark') => {
    const context = await browser.newContext({viewport: {width: 1280, height: 900}});
    await context.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
    const page = await context.newPage();
    await page.goto(kitServer.url + API);
    await waitForHydration(page);
    const code = page.locator('.redocusaurus .redoc-markdown code').first();
    // The section may come to life (Redoc loads after hydration) while it is read: read it again then.
    let colour = '';
    await expect(async () => {
      await code.scrollIntoViewIfNeeded({timeout: 2_000});
      colour = await code.evaluate((element) => (element.isConnected ? getComputedStyle(element).color : ''));
      expect(colour).not.toBe('');
    }).toPass();
    await context.close();
    return rgb(colour);
  };
  // Light: the reader's colour reads on white, and is used as it is (the kit's palette has #b3261e).
  expect(await codeColour('light')).toEqual([0x0b, 0x6e, 0x4f]);
  // Dark: too dark for Infima's dark page, so lifted toward white (the palette's own is #ff8a80), still green.
  const dark = await codeColour('dark');
  expect(dark).not.toEqual([0xff, 0x8a, 0x80]);
  expect(contrast(dark, [0x1b, 0x1b, 0x1d])).toBeGreaterThanOrEqual(4.5);
  expect(dark[1]).toBeGreaterThan(dark[0]);
});

test('the recursive tree and the untagged spec build, and every operation of each is in the HTML', async ({browser}) => {
  const context = await browser.newContext({javaScriptEnabled: false});
  const page = await context.newPage();
  for (const shape of SHAPES) {
    await page.goto(kitServer.url + shape.route);
    const summaries = operationSummaries(shapeSpec(shape.fixture));
    expect(summaries.length).toBeGreaterThan(2);
    for (const summary of summaries) await expect(page.locator('.redocusaurus'), `${shape.id}: ${summary}`).toContainText(summary);
  }
  await context.close();
});

test("a spec as pages: a page per segment of the untagged spec's paths, each operation on one of them in its HTML, and a one-page link lands on its page", async ({browser, page}) => {
  const operations = documentOperations(shapeSpec(AS_PAGES.fixture));
  const segments = [...new Set(operations.map(({path: where}) => where.split('/')[1]))];
  expect(segments.length).toBeGreaterThan(2);
  const context = await browser.newContext({javaScriptEnabled: false});
  const noScript = await context.newPage();
  await noScript.goto(kitServer.url + AS_PAGES.route);
  const links = noScript.locator('.redocusaurus [data-section-id="section/Pages"] li a');
  await expect(links).toHaveText(segments.map((segment) => `/${segment}`));
  const found: string[] = [];
  for (const [index, segment] of segments.entries()) {
    await noScript.goto(kitServer.url + AS_PAGES.route);
    await links.nth(index).click();
    await expect(noScript).toHaveURL(`${kitServer.url}${AS_PAGES.route}${segment}/`);
    const ids = await noScript.locator('.redocusaurus .api-content > [data-section-id^="operation/"]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-section-id')!));
    expect(ids.length, segment).toBeGreaterThan(0);
    found.push(...ids);
  }
  expect(found.sort()).toEqual(operations.map(({operation}) => `operation/${String(operation.operationId)}`).sort());
  await context.close();

  await page.setViewportSize({width: 1280, height: 900});
  const problems = collectPageProblems(page);
  await clickThrough(page, AS_PAGES.deepLink.text);
  await expect(page).toHaveURL(new RegExp(`${AS_PAGES.route}comments/#${AS_PAGES.deepLink.id}$`));
  await expect(page.locator(`[id="${AS_PAGES.deepLink.id}"] h2`).last()).toBeInViewport();
  await expectNoSeriousViolations(page, `${AS_PAGES.route}comments/`);
  expect(problems.pageErrors).toEqual([]);
});

/** Follows a link of the reader's docs page: a client-side navigation, checked to be one (no new document). */
async function clickThrough(page: Page, linkText: string): Promise<void> {
  await page.goto(kitServer.url + LINKS_PAGE);
  await waitForHydration(page);
  await page.evaluate(() => ((window as unknown as {sameDocument: boolean}).sameDocument = true));
  await page.locator('article').getByRole('link', {name: linkText, exact: true}).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as {sameDocument?: boolean}).sameDocument)).toBe(true);
}

test('a click to each renders every operation as the reader scrolls, and a click to an #operation/… link lands on it', async ({page}) => {
  await page.setViewportSize({width: 1280, height: 900});
  const problems = collectPageProblems(page);
  for (const shape of SHAPES) {
    await clickThrough(page, shape.link);
    await expect(page).toHaveURL(kitServer.url + shape.route);
    const operations = documentOperations(shapeSpec(shape.fixture));
    for (const {operation} of operations) {
      // An operation outside any tag is a section of its own, and Redoc gives both the section and
      // the operation inside it the operation's id (as stock Redoc does): the operation is the last.
      const section = page.locator(`[id="operation/${String(operation.operationId)}"]`).last();
      await scrollIntoView(section);
      await expect(section.locator('h2'), `${shape.id}: ${String(operation.operationId)}`).toContainText(String(operation.summary));
      await expect(section, `${shape.id}: ${String(operation.operationId)}`).toContainText('Responses');
    }
    await clickThrough(page, shape.deepLink.text);
    // The link's own id, or the operation's full one under its tag: Redoc's menu writes the active
    // item's id into the address once the page scrolls (as stock Redoc does), which a landing may do.
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    await expect(page).toHaveURL(new RegExp(`^${escape(`${kitServer.url}${shape.route}`)}#(tag/[^/]+/)?${escape(shape.deepLink.id)}$`));
    await expect(page.locator(`[id="${shape.deepLink.id}"] h2`).last()).toBeInViewport();
  }
  expect(problems.pageErrors).toEqual([]);
});

test('a menu click to a section of the large page that is not in the page yet lands on it once it is, on a load and after a click', async ({page}) => {
  await page.setViewportSize({width: 1280, height: 900});
  const problems = collectPageProblems(page);
  // The moment the live menu moves the sticky menu below the navbar (the server rendered it at the
  // top), the last tag is clicked: its section is still on its way, as the sections go into the
  // page over the next frames (on a phone, seconds). Installed in every document the page loads: the
  // links page's watches on through the click to the large page.
  await page.addInitScript(() => {
    (window as unknown as {kitClick: Promise<{id: string; inPage: boolean}>}).kitClick = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        const menu = document.querySelector<HTMLElement>('.menu-content');
        if (!menu || !/^[1-9]/.test(menu.style.top)) return;
        observer.disconnect();
        const tag = Array.from(menu.querySelectorAll<HTMLElement>('li[data-item-id^="tag/"]')).at(-1)!;
        const id = tag.dataset.itemId!;
        const inPage = document.querySelector(`.api-content > [data-section-id="${CSS.escape(id)}"]`) !== null;
        tag.querySelector<HTMLElement>(':scope > label')!.click();
        resolve({id, inPage});
      });
      observer.observe(document, {subtree: true, attributes: true, attributeFilter: ['style']});
    });
  });
  for (const way of ['load', 'click'] as const) {
    if (way === 'load') await page.goto(kitServer.url + LARGE);
    else await clickThrough(page, LARGE_LINK);
    const {id, inPage} = await page.evaluate(() => (window as unknown as {kitClick: Promise<{id: string; inPage: boolean}>}).kitClick);
    expect(inPage, `${way}: the section of ${id} was still on its way at the click`).toBe(false);
    await expect(page.locator(`[id="${id}"]`), `${way}: ${id}`).toBeInViewport({timeout: 30_000});
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe(`#${decodeURIComponent(id)}`);
  }
  expect(problems.pageErrors).toEqual([]);
});

test("the recursive tree after a click: the discriminator's active kind renders and switches, and a recursive field expands", async ({page}) => {
  await page.setViewportSize({width: 1280, height: 900});
  const problems = collectPageProblems(page);
  await clickThrough(page, SHAPES[0].link);
  const section = page.locator('[id="operation/getNode"]');
  await scrollIntoView(section);
  const shown = (name: string) => section.locator('.property-name', {hasText: new RegExp(`^${name}$`)});
  // Redoc shows a response's schema once the reader opens the response.
  await expect(shown('clipsContent')).toHaveCount(0);
  await section.getByRole('button', {name: /^200 /}).click();
  await expect(shown('clipsContent')).toHaveCount(1);
  await expect(shown('vertexCount')).toHaveCount(0);
  // A GROUP's children are nodes whose first kind is GROUP again: expanded, the repeated path is
  // marked Recursive, and not expanded further.
  await expect(section.getByText('Recursive', {exact: true})).toHaveCount(0);
  await section.getByRole('button', {name: 'expand children'}).first().click();
  await expect(section.getByText('Recursive', {exact: true}).first()).toBeVisible();
  // The kit mounts Redoc's <select> once the section has come to life; the first is the response's.
  await section.locator('select').first().selectOption('MESH');
  await expect(shown('vertexCount')).toHaveCount(1);
  await expect(shown('clipsContent')).toHaveCount(0);
  expect(problems.pageErrors).toEqual([]);
});

test('on a load of the large page, its short sections go into the page a few dozen at a time, into the room held for them', async ({browser}) => {
  const html = await (await fetch(kitServer.url + LARGE)).text();
  // In noscript elements of about 50 KB, one after the other: the HTML parser cannot yield inside one.
  const noscripts = Array.from(html.matchAll(/<noscript data-kit-ahead="[^"]*">([\s\S]*?)<\/noscript>/g), (match) => match[1]!);
  expect(noscripts.length, 'the short sections are in noscript elements').toBeGreaterThan(1);
  for (const noscript of noscripts) expect(noscript.length).toBeLessThan(60_000);
  const ahead = (noscripts.join('').match(/ data-kit-stub=""/g) ?? []).length;
  expect(ahead).toBeGreaterThan(400);
  for (const width of [412, 1280]) {
    const context = await browser.newContext({viewport: {width, height: 900}});
    const page = await context.newPage();
    // Each addition of sections to the content column: their height, and the room the column stopped
    // holding for them (its bottom padding with the room's numbers before the addition, less its
    // padding after), both read at once, with the same fit of the estimates.
    await page.addInitScript(() => {
      const steps: {added: number; height: number; room: number}[] = [];
      (window as unknown as {kitSteps: typeof steps}).kitSteps = steps;
      const padding = (column: HTMLElement) => parseFloat(getComputedStyle(column).paddingBottom);
      const watch = new MutationObserver((records) => {
        const column = records[0]!.target as HTMLElement;
        const added = records.flatMap((record) => Array.from(record.addedNodes)).filter((node): node is HTMLElement => node instanceof HTMLElement && Boolean(node.dataset.sectionId));
        const styled = records.find((record) => record.attributeName === 'style');
        if (added.length === 0 || !styled) return;
        const after = padding(column);
        const [style, ahead] = [column.getAttribute('style'), column.hasAttribute('data-kit-ahead')];
        watch.disconnect();
        column.setAttribute('style', styled.oldValue ?? '');
        column.setAttribute('data-kit-ahead', '');
        const before = padding(column);
        column.setAttribute('style', style ?? '');
        if (!ahead) column.removeAttribute('data-kit-ahead');
        watch.observe(column, {childList: true, attributes: true, attributeOldValue: true, attributeFilter: ['style']});
        steps.push({added: added.length, height: added.reduce((sum, section) => sum + section.getBoundingClientRect().height, 0), room: before - after});
      });
      document.addEventListener('DOMContentLoaded', () => {
        const column = document.querySelector('.api-content');
        if (column) watch.observe(column, {childList: true, attributes: true, attributeOldValue: true, attributeFilter: ['style']});
      });
    });
    await page.goto(kitServer.url + LARGE);
    await expect(page.locator('.api-content[data-kit-ahead]')).toHaveCount(0, {timeout: 30_000});
    const steps = await page.evaluate(() => (window as unknown as {kitSteps: {added: number; height: number; room: number}[]}).kitSteps);
    expect(steps.reduce((sum, step) => sum + step.added, 0), `${width} px: every short section went in`).toBe(ahead);
    expect(Math.max(...steps.map((step) => step.added)), `${width} px: a few dozen sections a frame`).toBeLessThanOrEqual(32);
    // The room is the sum of the sections' estimates, to the rounding of the numbers: in two columns,
    // of each one's taller panel at a laptop's width, which a few sections may change at another.
    const error = Math.max(...steps.map((step) => Math.abs(step.room - step.height) / step.height));
    expect(error, `${width} px: the largest gap between the room given up and the sections put in`).toBeLessThanOrEqual(width < 1000 ? 0.01 : 0.02);
    const ids = await page.locator('.api-content > [data-section-id]').evaluateAll((sections) => sections.map((section) => section.getAttribute('data-section-id')));
    expect(new Set(ids).size).toBe(ids.length);
    await expect(page.locator('.api-content noscript')).toHaveCount(0);
    await context.close();
  }
});

test('on load, each page is as tall as once every section has rendered, within 25 %, at 412 and 1280 px', async ({browser}) => {
  test.setTimeout(8 * 60_000);
  for (const route of [API, LARGE, ...SHAPES.map((shape) => shape.route)]) {
    for (const width of [412, 1280]) {
      const context = await browser.newContext({viewport: {width, height: 900}});
      const page = await context.newPage();
      await page.goto(kitServer.url + route);
      await waitForHydration(page);
      await page.waitForTimeout(500);
      const onLoad = await page.evaluate(() => document.documentElement.scrollHeight);
      // The browser keeps the size each section had once shown.
      await renderEverySection(page);
      const rendered = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(Math.abs(onLoad - rendered) / rendered, `${route} at ${width} px: ${onLoad} px on load, ${rendered} px rendered`).toBeLessThanOrEqual(0.25);
      await context.close();
    }
  }
});

/** A computed colour, `rgb(…)` or `rgba(…)`, as its red, green and blue. */
function rgb(colour: string): [number, number, number] {
  return colour.match(/\d+/g)!.slice(0, 3).map(Number) as [number, number, number];
}

/** Brings each section into view until React has rendered every one (a section comes to life near the viewport). */
async function renderEverySection(page: Page): Promise<void> {
  // The short sections of a large page go into the page after it loads (the column holds their room meanwhile).
  await expect(page.locator('.api-content[data-kit-ahead]')).toHaveCount(0, {timeout: 30_000});
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const byReact = (section: Element) =>
      section.firstElementChild !== null && Object.keys(section.firstElementChild).some((key) => key.startsWith('__reactFiber$'));
    const sections = Array.from(document.querySelectorAll('.api-content > [data-section-id]'));
    for (let pass = 0; pass < 5; pass++) {
      const left = sections.filter((section) => !byReact(section));
      if (left.length === 0) return;
      for (const section of left) {
        // A section brought into view brings its neighbours within a screen to life too.
        if (byReact(section)) continue;
        section.scrollIntoView();
        await frame();
        await frame();
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`${sections.filter((section) => !byReact(section)).length} of ${sections.length} sections never rendered`);
  });
}

/**
 * Scrolls the element into view, again if it was replaced meanwhile: a section the server rendered
 * comes to life near the viewport (Redoc loads after the page), and React's elements take its place.
 */
async function scrollIntoView(locator: Locator): Promise<void> {
  await expect(async () => {
    await locator.scrollIntoViewIfNeeded({timeout: 2_000});
  }).toPass();
}
