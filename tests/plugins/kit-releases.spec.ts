/**
 * The reference kit's releases (plugins/kit-archive): a published version never changes. The kit
 * folder is the release frozen at its own version, each frozen release has its change log entry,
 * and the publishing plugin stops a build whose folder changed under a frozen version. Node only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import kitArchivePlugin from '../../plugins/kit-archive';
import {folderRelease, freeze, frozenReleases} from '../../plugins/kit-archive/releases';
import {REPO_ROOT} from '../../scripts/repoRoot';

const FOLDER = 'reference-kit';
const RELEASES = 'plugins/kit-archive/releases';

test('the kit folder is the release frozen at its version: a change to it needs a new version', () => {
  const current = folderRelease(REPO_ROOT, FOLDER);
  const frozen = frozenReleases(path.join(REPO_ROOT, RELEASES)).find(({release}) => release.version === current.release.version);
  expect(frozen, `no release ${current.release.version} in ${RELEASES}: run npm run kit:release`).toBeDefined();
  const changed = Object.keys({...current.release.files, ...frozen!.release.files}).filter(
    (file) => current.release.files[file] !== frozen!.release.files[file],
  );
  expect(changed, `changed since ${current.release.version} was frozen: give the kit a new version, a CHANGELOG entry, then npm run kit:release`).toEqual([]);
});

test('every frozen release has its entry in the change log, newest first', () => {
  const log = fs.readFileSync(path.join(REPO_ROOT, FOLDER, 'CHANGELOG.md'), 'utf8');
  const entries = [...log.matchAll(/^## (\d+\.\d+\.\d+) /gm)].map((match) => match[1]);
  const versions = frozenReleases(path.join(REPO_ROOT, RELEASES)).map(({release}) => release.version);
  expect(entries).toEqual([...versions].reverse());
});

test('the plugin publishes each release under its versioned name with checksums and an index, and refuses a folder changed under a frozen version', async () => {
  const site = fs.mkdtempSync(path.join(os.tmpdir(), 'kit-releases-'));
  try {
    const kit = path.join(site, FOLDER);
    fs.mkdirSync(kit);
    fs.writeFileSync(path.join(kit, 'package.json'), '{"version": "1.0.0"}\n');
    fs.writeFileSync(path.join(kit, 'upgrade.mjs'), '// the upgrade\n');
    const releases = path.join(site, 'releases');
    freeze(releases, folderRelease(site, FOLDER));
    fs.writeFileSync(path.join(kit, 'package.json'), '{"version": "1.1.0"}\n');
    fs.writeFileSync(path.join(kit, 'index.js'), '// new in 1.1.0\n');

    const plugin = kitArchivePlugin({siteDir: site} as never, {folder: FOLDER, releases: 'releases'});
    const outDir = path.join(site, 'build');
    fs.mkdirSync(outDir);
    await plugin.postBuild!({outDir} as never);
    const published = fs.readdirSync(outDir).sort();
    expect(published).toEqual([
      'reference-kit-1.0.0.tar.gz',
      'reference-kit-1.0.0.tar.gz.sha256',
      'reference-kit-1.1.0.tar.gz',
      'reference-kit-1.1.0.tar.gz.sha256',
      'reference-kit-releases.json',
      'reference-kit-upgrade.mjs',
      'reference-kit.tar.gz',
      'reference-kit.tar.gz.sha256',
    ]);
    const index = JSON.parse(fs.readFileSync(path.join(outDir, 'reference-kit-releases.json'), 'utf8')) as {latest: string; releases: {version: string}[]};
    expect(index.latest).toBe('1.1.0');
    expect(index.releases.map((release) => release.version)).toEqual(['1.0.0', '1.1.0']);
    // The frozen archive is published byte for byte; the stable name is the folder's newest.
    expect(fs.readFileSync(path.join(outDir, 'reference-kit-1.0.0.tar.gz'))).toEqual(fs.readFileSync(path.join(releases, 'reference-kit-1.0.0.tar.gz')));
    expect(fs.readFileSync(path.join(outDir, 'reference-kit.tar.gz'))).toEqual(fs.readFileSync(path.join(outDir, 'reference-kit-1.1.0.tar.gz')));

    // Back on 1.0.0 with other files: a published version would change.
    fs.writeFileSync(path.join(kit, 'package.json'), '{"version": "1.0.0"}\n');
    await expect(plugin.postBuild!({outDir} as never)).rejects.toThrow(/has changed since release 1\.0\.0 was frozen/);
  } finally {
    fs.rmSync(site, {recursive: true, force: true});
  }
});
