/**
 * Real public specs as inputs (tests/fixtures/openapi-corpus/): a mini site with each corpus
 * document as one more example page, built with the site's spec handling and search plugin.
 * Each page must render every operation of its document, the search index must hold each
 * operation once with its method and path, and a link to an operation's anchor must land on it.
 * What counts is read from the documents themselves.
 */
import fs from 'node:fs';
import path from 'node:path';
import {parseYaml} from '@redocly/openapi-core';
import {expect, test, type Browser} from '@playwright/test';
import {corpus, corpusDocument, corpusExample, type CorpusDocument} from '../../scripts/sites/openapiCorpus';
import {documentOperations, type DocumentOperation} from '../../scripts/sites/openapiOperations';
import type {IndexedDocument} from '../../plugins/api-search';
import {buildMiniSite, removeMiniSite, type BuiltSiteServer, type MiniSiteBuild} from '../../scripts/sites/miniSite';
import {REPO_ROOT} from '../../scripts/repoRoot';

const pages = corpus.map((document) => ({
  document,
  example: corpusExample(document),
  // The operations Redoc shows: with `x-tagGroups` (Netlify's), not those whose tags are in no group.
  operations: documentOperations(parseYaml(fs.readFileSync(path.join(REPO_ROOT, document.file), 'utf8'))).filter(
    (operation) => operation.shownUnder.length > 0,
  ),
}));

/** `GET /blocks/{hash}`: how an operation is told apart from the others of its document. */
const endpoint = ({method, path}: Pick<DocumentOperation, 'method' | 'path'>) => `${method} ${path}`;

/** How many times each item occurs. */
function counts(items: readonly string[]): Map<string, number> {
  const tally = new Map<string, number>();
  for (const item of items) tally.set(item, (tally.get(item) ?? 0) + 1);
  return tally;
}

/** What the server-built page shows as each operation's endpoint: Redoc's method badge and the path after it. */
async function renderedEndpoints(browser: Browser, url: string): Promise<string[]> {
  const context = await browser.newContext({javaScriptEnabled: false});
  try {
    const page = await context.newPage();
    await page.goto(url, {timeout: 60_000});
    return await page
      .locator('.redocusaurus .http-verb')
      .evaluateAll((badges) =>
        badges.map((badge) => {
          const path = badge.nextElementSibling?.textContent?.trim() ?? '';
          return `${badge.textContent!.trim().toUpperCase()} ${path}`;
        }),
      );
  } finally {
    await context.close();
  }
}

/** The index's heading entries of one page: one per section, titled `GET /path — summary` for an operation. */
function indexedHeadings(documents: IndexedDocument[], route: string): IndexedDocument[] {
  return documents.filter((document) => document.u === route && document.h);
}

/** The operation a heading of the index stands for, by its title. */
const headingEndpoint = (title: string) =>
  /^((?:GET|PUT|POST|DELETE|OPTIONS|HEAD|PATCH) \/\S*)(?: — |$)/.exec(title)?.[1];

test.describe('the corpus of real public specs', () => {
  // One build for every check, in one worker.
  test.describe.configure({mode: 'serial'});
  let build: MiniSiteBuild | undefined;
  let server: BuiltSiteServer | undefined;
  let headings: IndexedDocument[] = [];

  test.beforeAll(async () => {
    // A webpack build of three API pages, one with more than 500 operations.
    test.setTimeout(600_000);
    build = await buildMiniSite({examples: pages.map((page) => page.example), search: true});
    expect(build.exitCode, build.output).toBe(0);
    server = await build.serve();
    const indexFile = (await build.listBuilt()).find((name) => /^search-index-[0-9a-f]+\.json$/.test(name));
    expect(indexFile).toBeDefined();
    const index = JSON.parse(await build.readBuilt(indexFile!)) as {documents: IndexedDocument[]}[];
    // Part 1 of the index holds the headings (0 titles, 2 descriptions, 3 keywords, 4 text).
    headings = index[1]!.documents;
  });
  test.afterAll(async () => {
    await server?.close();
    await removeMiniSite(build);
  });

  test('the spec check lets findings Redoc renders through pass, naming file and pointer with one #', () => {
    const github = corpusDocument('github');
    // OpenAPI 3.0 allows `nullable` beside `$ref`-only or `anyOf` schemas; the lint calls it a structural error.
    expect(build!.output).toContain('The `type` field must be defined when the `nullable` field is used.');
    const githubFile = path.join(REPO_ROOT, github.file);
    expect(build!.output).toContain(`(at ${githubFile}#/components/schemas/installation/properties/account/nullable)`);
    // Once, though Docusaurus loads the config (and so checks the specs) more than once.
    expect(build!.output.split(`[spec check] Warning: "${githubFile}"`)).toHaveLength(2);
    expect(build!.output).not.toContain('##/');
  });

  for (const {document, example, operations} of pages) {
    test(`${document.id}: the built page renders every operation of the document that Redoc shows`, async ({browser}) => {
      expect(operations.length).toBeGreaterThan(0);
      const rendered = counts(await renderedEndpoints(browser, server!.origin + example.route));
      // Redoc renders an operation under each of its tags (once when it has none).
      const expected = new Map(operations.map((operation) => [endpoint(operation), operation.shownUnder.length]));
      expect(rendered).toEqual(expected);
    });

    test(`${document.id}: the search index has each operation once, with its method and path`, () => {
      const operationHeadings = indexedHeadings(headings, example.route).filter((heading) => headingEndpoint(heading.t));
      const indexed = counts(operationHeadings.map((heading) => headingEndpoint(heading.t)!));
      expect(indexed).toEqual(new Map(operations.map((operation) => [endpoint(operation), 1])));
    });
  }

  /** Operations to open by their anchor: one whose id has a `/`, one without an operationId, the Swagger one. */
  const deepLinks: {
    document: CorpusDocument;
    pick: (operations: DocumentOperation[]) => DocumentOperation;
    anchor: RegExp;
  }[] = [
    {
      document: corpusDocument('github'),
      // Far down the page, among the last operations.
      pick: (operations) => operations.filter((operation) => operation.operationId?.includes('/')).at(-3)!,
      anchor: /^#tag\/[^/]+\/operation\/[^/]+\/.+$/,
    },
    {
      document: corpusDocument('blockfrost'),
      pick: (operations) => operations.filter((operation) => !operation.operationId).at(-2)!,
      anchor: /^#tag\/[^/]+\/paths\/[^/]+\/(get|post|put|delete|patch)$/,
    },
    {
      document: corpusDocument('netlify'),
      pick: (operations) => operations[Math.floor(operations.length / 2)]!,
      anchor: /^#tag\/[^/]+\/operation\/[^/]+$/,
    },
  ];

  for (const {document, pick, anchor} of deepLinks) {
    test(`${document.id}: a link to an operation's anchor lands on the operation`, async ({page}) => {
      test.setTimeout(180_000);
      const {example, operations} = pages.find((candidate) => candidate.document === document)!;
      const operation = pick(operations);
      const hit = indexedHeadings(headings, example.route).find(
        (heading) => headingEndpoint(heading.t) === endpoint(operation),
      );
      expect(hit?.h, endpoint(operation)).toMatch(anchor);
      const id = hit!.h!.slice(1);
      await page.setViewportSize({width: 1280, height: 800});
      await page.goto(server!.origin + example.route + hit!.h, {timeout: 120_000});
      // Redoc has read the anchor once its menu marks the operation active; it scrolls there then.
      await expect(page.locator(`[data-item-id="${id}"] > label.active`)).toHaveCount(1, {timeout: 60_000});
      const section = page.locator(`[id="${id}"]`);
      await expect(section).toHaveCount(1);
      await expect(section.locator('.http-verb').first()).toHaveText(operation.method.toLowerCase(), {ignoreCase: true});
      await expect(section).toBeInViewport();
    });
  }
});
