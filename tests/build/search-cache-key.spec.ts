import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {getExample} from '../../src/data/examples';
import {buildMiniSite, removeMiniSite, type MiniSiteBuild} from '../../scripts/sites/miniSite';
import {REPO_ROOT} from '../../scripts/repoRoot';

const singleYaml = getExample('using-single-yaml');

/** The search index of a built mini site: its file name (with the cache key) and its text. */
async function searchIndex(build: MiniSiteBuild): Promise<{name: string; text: string}> {
  expect(build.exitCode, build.output).toBe(0);
  const names = (await build.listBuilt()).filter((name) => name.startsWith('search-index'));
  expect(names).toHaveLength(1);
  return {name: names[0]!, text: await build.readBuilt(names[0]!)};
}

test.describe('the search index cache key', () => {
  // Three small webpack builds of one API page, one after the other, without a webpack cache.
  test.setTimeout(600_000);
  const builds: MiniSiteBuild[] = [];
  let scratch: string;
  test.beforeAll(async () => {
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'search-key-'));
  });
  test.afterAll(async () => {
    for (const build of builds) await removeMiniSite(build);
    await fs.rm(scratch, {recursive: true, force: true});
  });

  test('changes when only a spec changes, and stays when nothing does', async () => {
    const original = await fs.readFile(path.join(REPO_ROOT, singleYaml.specFile), 'utf8');
    const changed = original.replace('summary: Find pets by status', 'summary: Find pets by their status');
    expect(changed).not.toBe(original);
    const specFile = path.join(scratch, 'openapi.yaml');

    const buildWith = async (spec: string) => {
      await fs.writeFile(specFile, spec);
      const build = await buildMiniSite({examples: [{...singleYaml, specFile}], search: true});
      builds.push(build);
      return searchIndex(build);
    };
    const before = await buildWith(original);
    const after = await buildWith(changed);
    const again = await buildWith(original);

    expect(before.name).toMatch(/^search-index-[0-9a-f]{8}\.json$/);
    expect(after.name).not.toBe(before.name);
    expect(after.text).toContain('Find pets by their status');
    expect(before.text).not.toContain('Find pets by their status');
    // The same inputs give the same name, so an unchanged deploy keeps the browser's copy.
    expect(again.name).toBe(before.name);
  });
});
