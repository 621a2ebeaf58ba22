/**
 * plugins/api-search/cacheKey.ts: the search index's key changes with each file that shapes the
 * indexed pages and that neither the loaded content nor the lock file covers (the reference kit, its
 * patch of Redoc, the site's patches, redocly.yaml), and stays when nothing changes. Node only, on a
 * site folder made here; tests/build/search-cache-key.spec.ts builds sites for a spec's change.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {searchIndexKey} from '../../plugins/api-search/cacheKey';

const FILES: Record<string, string> = {
  'docs/intro.md': '# Intro\n',
  'src/pages/index.tsx': 'export default function Home() { return null; }\n',
  'package-lock.json': '{"lockfileVersion": 3}\n',
  'reference-kit/index.js': 'module.exports = () => ({});\n',
  'reference-kit/reference/server/sectionStubs.ts': 'export const FULL_SECTIONS_HTML_BUDGET = 300_000;\n',
  'reference-kit/patches/redoc+2.1.4.patch': '--- a/node_modules/redoc/bundles/redoc.lib.js\n',
  'patches/@docusaurus+core+2.4.3.patch': '--- a/node_modules/@docusaurus/core/lib/client/clientEntry.js\n',
  'redocly.yaml': 'theme:\n  openapi:\n    hideDownloadButton: false\n',
};

let siteDir: string;
test.beforeEach(() => {
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-index-key-'));
  for (const [file, text] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(siteDir, file)), {recursive: true});
    fs.writeFileSync(path.join(siteDir, file), text);
  }
});
test.afterEach(() => fs.rmSync(siteDir, {recursive: true, force: true}));

const key = () => searchIndexKey({siteDir, allContent: {}, siteConfig: {title: 'Site'}, options: {}, codeFiles: []});

test('the same inputs give the same key', async () => {
  expect(await key()).toMatch(/^[0-9a-f]{8}$/);
  expect(await key()).toBe(await key());
});

for (const file of Object.keys(FILES)) {
  test(`a change to ${file} changes the key`, async () => {
    const before = await key();
    fs.appendFileSync(path.join(siteDir, file), '\n');
    expect(await key()).not.toBe(before);
  });
}

test('a file added to the kit changes the key', async () => {
  const before = await key();
  fs.writeFileSync(path.join(siteDir, 'reference-kit/reference/server/extra.ts'), 'export {};\n');
  expect(await key()).not.toBe(before);
});
