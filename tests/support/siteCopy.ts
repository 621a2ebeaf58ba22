/**
 * A throwaway copy of this site (the files of its working tree that git tracks or would track), to
 * run it as a maintainer does and change its files freely: a test edits the copy, never the
 * repository.
 *
 * Its `node_modules` is a folder of links to each of the repository's packages, not one link to
 * the whole folder, so that webpack's cache (`node_modules/.cache`) is the copy's own: a cache
 * shared with the site's builds would be read by a site in another folder.
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {freePort, startServerProcess, type RunningServer} from '../../scripts/sites/readerSite';
import {REPO_ROOT} from '../../scripts/repoRoot';

export interface SiteCopy {
  dir: string;
  remove(): Promise<void>;
}

export async function copySite(): Promise<SiteCopy> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'redocusaurus-site-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {cwd: REPO_ROOT, encoding: 'utf8'}).split('\0').filter(Boolean);
  for (const file of files) {
    // A file deleted in the working tree but not yet in git's index is skipped.
    await fs.mkdir(path.dirname(path.join(dir, file)), {recursive: true});
    await fs.copyFile(path.join(REPO_ROOT, file), path.join(dir, file)).catch(() => undefined);
  }
  const modules = path.join(dir, 'node_modules');
  await fs.mkdir(modules);
  for (const entry of await fs.readdir(path.join(REPO_ROOT, 'node_modules'))) {
    if (entry !== '.cache') await fs.symlink(path.join(REPO_ROOT, 'node_modules', entry), path.join(modules, entry));
  }
  return {dir, remove: () => fs.rm(dir, {recursive: true, force: true})};
}

/** `npm start` of the copy (through scripts/build/docusaurus.mjs) on 127.0.0.1, once the server answers: it has compiled. */
export async function startDevServer(copy: SiteCopy, env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  return startServerProcess(
    copy.dir,
    process.execPath,
    ['scripts/build/docusaurus.mjs', 'start', '--port', String(port), '--host', '127.0.0.1', '--no-open'],
    async () => ((await fetch(url)).ok ? url : undefined),
    7 * 60_000,
    env,
  );
}
