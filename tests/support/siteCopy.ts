/**
 * A throwaway copy of this site (the files of its working tree that git tracks or would track), to
 * run it as a maintainer does and change its files freely: a test edits the copy, never the
 * repository.
 *
 * Its `node_modules` is a folder of links to each of the repository's packages, not one link to
 * the whole folder, so that webpack's cache (`node_modules/.cache`) is the copy's own: a cache
 * shared with the site's builds would be read by a site in another folder.
 */
import {execFileSync, spawn, type ChildProcess} from 'node:child_process';
import fs from 'node:fs/promises';
import net, {type AddressInfo} from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '../..');

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

/** A port nothing listens on: one the system gave and we released. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface DevServer {
  url: string;
  output(): string;
  close(): Promise<void>;
}

/** `npm start` of the copy (through scripts/docusaurus.mjs), on 127.0.0.1, once it has compiled. */
export async function startDevServer(copy: SiteCopy, env: Record<string, string> = {}): Promise<DevServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['scripts/docusaurus.mjs', 'start', '--port', String(port), '--host', '127.0.0.1', '--no-open'],
    {cwd: copy.dir, env: {...process.env, ...env, FORCE_COLOR: '0', BROWSER: 'none'}, detached: true},
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const close = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // The CLI starts webpack's workers: end the whole process group.
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  // The server answers once webpack has compiled the site (its middleware holds requests until then).
  try {
    for (;;) {
      if (child.exitCode !== null || /Failed to compile/i.test(output)) throw new Error(`npm start failed:\n${output}`);
      const answered = await fetch(url, {signal: AbortSignal.timeout(60_000)}).then(
        (response) => response.ok,
        () => false,
      );
      if (answered) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } catch (error) {
    await close();
    throw error;
  }
  return {url, output: () => output, close};
}
