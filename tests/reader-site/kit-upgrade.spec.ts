/**
 * The kit's releases in a reader's site (docs/guides/fast-accessible-reference-pages.mdx,
 * "Upgrading the kit"), with the oldest Node.js and npm the docs allow (tests/support/oldestToolchain.ts):
 *
 * - a site set up by the guide with an earlier release of the kit (the newest with another patch of
 *   Redoc), and two edits of the reader's, upgraded by the guide's command: the edit of a file the
 *   new release left alone stays, the one the new release changed too is reported as a conflict,
 *   with the new file beside it; after the reader's merge, the guide's reinstall and a build on that
 *   Node.js (the site built once before, so with webpack's cache), the API page renders, with the
 *   new release's patch of Redoc;
 * - a site that took the kit without pinning Redoc (the guide's second step): the build stops with
 *   a message that names both Redoc versions, not a stack trace.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {operationSummaries} from '../../scripts/sites/openapiOperations';
import {singleYamlSpec} from '../docs/helpers';
import {scenarioBlocks} from '../../scripts/sites/docSnippets';
import {API_ROUTE, applyGuide, guideBlocks, siteBuild} from '../../scripts/sites/kitSite';
import {oldestToolchain, toolchainEnv, type Toolchain} from '../support/oldestToolchain';
import {applyBlocks, bashInSite, buildReaderSite, copyReaderSite, removeReaderSite, runInSite, serveReaderBuild} from '../../scripts/sites/readerSite';
import {startBuildServer} from '../../scripts/sites/startBuildServer';
import {withSiteAddress} from '../../src/theme/CodeBlock/siteAddress';
import {REPO_ROOT} from '../../scripts/repoRoot';

interface Release {
  version: string;
  archive: string;
  files: Record<string, string>;
}

const UPGRADE_SCENARIO = 'kit-upgrade';
const sha256 = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

const REDOC_PATCH = 'patches/redoc+2.1.4.patch';

/**
 * The releases the build publishes: the newest, and the newest before it with another patch of
 * Redoc, so that the site's webpack cache holds a Redoc the upgrade must replace.
 */
function releases(): {latest: Release; previous: Release} {
  const index = JSON.parse(fs.readFileSync(path.join(siteBuild(), 'reference-kit-releases.json'), 'utf8')) as {latest: string; releases: Release[]};
  const latest = index.releases.find((release) => release.version === index.latest)!;
  const previous = index.releases.filter((release) => release.version !== index.latest && release.files[REDOC_PATCH] !== latest.files[REDOC_PATCH]).at(-1);
  if (!previous) throw new Error(`the build publishes no release before the newest with another ${REDOC_PATCH}`);
  return {latest, previous};
}

/**
 * The files the releases after `from` moved, up to `to` (the folder's release, whose package.json
 * lists them under `moved`): old path, new paths, version.
 */
function movedSince(from: string, to: string): [string, string[], string][] {
  const {moved = {}} = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'reference-kit/package.json'), 'utf8')) as {moved?: Record<string, Record<string, string[]>>};
  const after = (a: string, b: string) => a.localeCompare(b, undefined, {numeric: true}) > 0;
  const moves: [string, string[], string][] = [];
  const versions = Object.keys(moved).filter((version) => after(version, from) && !after(version, to));
  for (const version of versions.sort((a, b) => a.localeCompare(b, undefined, {numeric: true}))) {
    const files = moved[version]!;
    // A file moved again later: the earlier move leads where the later one does.
    for (const move of moves) move[1] = [...new Set(move[1].flatMap((destination) => files[destination] ?? [destination]))];
    moves.push(...Object.entries(files).map(([file, destinations]) => [file, destinations, version] as [string, string[], string]));
  }
  return moves;
}

test.describe.configure({mode: 'serial'});

let toolchain: Toolchain;
let env: Record<string, string>;
const sites: string[] = [];

test.beforeAll(() => {
  test.setTimeout(5 * 60_000);
  toolchain = oldestToolchain();
  env = toolchainEnv(toolchain);
});
test.afterAll(async () => Promise.all(sites.map((site) => removeReaderSite(site))));

test('a site on an earlier release, with edits of its own, upgrades, keeps its edits or names the conflict, and builds on the oldest Node.js and npm the docs allow', async ({page}) => {
  test.setTimeout(20 * 60_000);
  const {latest, previous} = releases();
  const site = await copyReaderSite('kit-upgrade');
  sites.push(site);
  const kit = path.join(site, 'reference-kit');

  await test.step(`the guide with release ${previous.version}, installed with npm ${toolchain.npm}`, async () => {
    expect((await bashInSite(site, 'node --version && npm --version', env)).output.split('\n').slice(0, 2)).toEqual([`v${toolchain.node}`, toolchain.npm]);
    await applyGuide(site, 'all', {archive: previous.archive, env});
    const redoc = JSON.parse(fs.readFileSync(path.join(site, 'node_modules/redoc/package.json'), 'utf8')) as {version: string};
    expect(redoc.version, 'npm pinned Redoc through overrides').toBe('2.1.4');
  });
  // A site that has been built keeps webpack's cache (node_modules/.cache), which takes Redoc's
  // files as unchanged while its version is: the build after the upgrade must run the new patch.
  await test.step(`a build on release ${previous.version}`, async () => {
    await buildReaderSite(site, {env});
  });

  // The reader's edits: one in a file the new release does not change, one in a file it does.
  const unchanged = Object.keys(previous.files).find((file) => latest.files[file] === previous.files[file] && /\.(css|tsx?|js)$/.test(file));
  // The changed one is code where the release changed code, else a text file such as the change log
  // (a release may change only Redoc's patch, which an edit would break).
  const changedFiles = Object.keys(previous.files).filter((file) => latest.files[file] && latest.files[file] !== previous.files[file]);
  const changed = changedFiles.find((file) => /\.(tsx?|js)$/.test(file)) ?? changedFiles.find((file) => /\.(css|md)$/.test(file));
  expect(unchanged, 'a file both releases share').toBeDefined();
  expect(changed, 'a file the new release changed').toBeDefined();
  // And, when the new release moved files (its package.json says which, under `moved`), an edit of one of them.
  const moved = movedSince(previous.version, latest.version).find(
    ([file, destinations]) => file in previous.files && !(file in latest.files) && destinations.every((destination) => /\.(tsx?|js)$/.test(destination)),
  );
  const edit = (file: string) => `\n/* The reader's own change to ${file}. */\n`;
  for (const file of [unchanged!, changed!, ...(moved ? [moved[0]] : [])]) fs.appendFileSync(path.join(kit, file), edit(file));

  // The packages the new release asks the site to install that the old one did not (`sitePackages`):
  // the guide of today lists them, a site set up before did not.
  const sitePackages = (file: string) => (fs.existsSync(file) ? ((JSON.parse(fs.readFileSync(file, 'utf8')) as {sitePackages?: Record<string, string>}).sitePackages ?? {}) : {});
  const previousPackages = sitePackages(path.join(kit, 'package.json'));
  const newPackages = Object.entries(sitePackages(path.join(REPO_ROOT, 'reference-kit/package.json'))).filter(([name]) => !(name in previousPackages));
  const siteManifest = path.join(site, 'package.json');
  const manifest = JSON.parse(fs.readFileSync(siteManifest, 'utf8')) as {dependencies?: Record<string, string>};
  for (const [name] of newPackages) delete manifest.dependencies?.[name];
  fs.writeFileSync(siteManifest, `${JSON.stringify(manifest, null, 2)}\n`);

  const server = await startBuildServer({dir: siteBuild()});
  const [upgrade, reinstall] = scenarioBlocks(UPGRADE_SCENARIO).map((block) => ({...block, code: withSiteAddress(block.code, `${server.origin}/`)}));
  expect(upgrade!.code).toContain('reference-kit-upgrade.mjs');
  expect(reinstall!.code).toContain('npm install');
  try {
    await test.step('the upgrade: a conflict, named', async () => {
      const failure = await applyBlocks(site, [upgrade!], env).then(
        () => undefined,
        (error: Error) => error.message,
      );
      expect(failure, 'the upgrade ends with an error when a file conflicts').toBeDefined();
      expect(failure).toContain(`Upgraded reference-kit from ${previous.version} to ${latest.version}`);
      expect(failure).toContain(moved ? '2 conflicts:' : '1 conflict:');
      expect(failure).toContain(`${changed}: edited here and changed in ${latest.version}; the new one is ${changed}.kit-${latest.version}`);
      if (moved) {
        expect(failure).toContain(`${moved[0]}: edited here, moved in ${moved[2]} to ${moved[1].join(' and ')}; your file is kept: carry your edit there, then delete it`);
      }
      expect(failure).toMatch(new RegExp(`kept your edits of: .*${unchanged!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      for (const [name, version] of newPackages) expect(failure).toContain(`${name}@${version}`);
      const dependencies = (JSON.parse(fs.readFileSync(siteManifest, 'utf8')) as {dependencies?: Record<string, string>}).dependencies ?? {};
      for (const [name, version] of newPackages) expect(dependencies[name], `${name} added to the site's package.json`).toBe(version);
    });

    await test.step('the files after the upgrade', () => {
      for (const file of [unchanged!, changed!, ...(moved ? [moved[0]] : [])]) expect(fs.readFileSync(path.join(kit, file), 'utf8'), file).toContain(edit(file));
      expect(sha256(path.join(kit, `${changed}.kit-${latest.version}`)), 'the new release’s file beside the reader’s').toBe(latest.files[changed!]);
      for (const [file, hash] of Object.entries(latest.files)) {
        if (file !== unchanged && file !== changed) expect(sha256(path.join(kit, file)), file).toBe(hash);
      }
      for (const file of Object.keys(previous.files)) {
        if (!(file in latest.files) && file !== moved?.[0]) expect(fs.existsSync(path.join(kit, file)), `${file}, gone in ${latest.version}`).toBe(false);
      }
    });

    await test.step('the reader merges, and a second run finds nothing newer', async () => {
      const merged = path.join(kit, changed!);
      fs.writeFileSync(merged, fs.readFileSync(`${merged}.kit-${latest.version}`, 'utf8') + edit(changed!));
      fs.rmSync(`${merged}.kit-${latest.version}`);
      if (moved) {
        // The moved file's edit carried to its first new place (kept a comment: it builds as before), the old file deleted.
        fs.appendFileSync(path.join(kit, moved[1][0]!), edit(moved[1][0]!));
        fs.rmSync(path.join(kit, moved[0]));
      }
      await applyBlocks(site, [upgrade!], env);
      await applyBlocks(site, [reinstall!], env);
    });
  } finally {
    server.close();
  }

  await test.step(`the build, on Node.js ${toolchain.node}`, async () => {
    await buildReaderSite(site, {env});
    const server = await serveReaderBuild(site);
    try {
      await page.goto(server.url + API_ROUTE);
      for (const summary of operationSummaries(singleYamlSpec()).slice(0, 3)) await expect(page.getByText(summary).first()).toBeAttached();
      // Redoc as the new release patches it (since 1.1.8: a JSON sample's collapsed values left out until expanded).
      const html = await (await page.request.get(server.url + API_ROUTE)).text();
      expect(html, 'the server render ran the new release’s patch of Redoc, not the cached one').toMatch(/<ul class="obj collapsible" data-kit-path="[^"]+"><\/ul>/);
    } finally {
      await server.close();
    }
  });
});

test('a kit without Redoc pinned and patched stops the build with both versions named, not a stack trace', async () => {
  test.setTimeout(5 * 60_000);
  const site = await copyReaderSite('kit-unpinned');
  sites.push(site);
  const server = await startBuildServer({dir: siteBuild()});
  try {
    // The guide's first and third steps, without the second: Redoc stays the preset's 2.0.0.
    const blocks = guideBlocks(server.origin).filter((block) => block.title !== 'package.json' && !/^npm install/m.test(block.code));
    await applyBlocks(site, blocks);
  } finally {
    server.close();
  }
  const failure = await runInSite(site, 'npm', ['run', 'build']).then(
    () => undefined,
    (error: Error) => error.message,
  );
  expect(failure, 'the build fails').toBeDefined();
  expect(failure).toMatch(/reference-kit \d+\.\d+\.\d+: is made for Redoc 2\.1\.4, and this site has Redoc 2\.0\.0/);
  expect(failure).not.toMatch(/^\s+at .*\(.*reference-kit/m);
});
