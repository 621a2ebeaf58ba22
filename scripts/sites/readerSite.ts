/**
 * A reader's site: what a developer has after following our Installation page in an empty
 * Docusaurus 2.4.3 classic site, with stock redocusaurus from the npm registry (never this
 * repository's patched node_modules). Tests that check the docs work in a reader's site, and the
 * reference kit's tests and benchmark (bench/kit.ts), start from it.
 *
 * ## How the stock site is made (once per key, cached on disk)
 *
 * 1. `npx --yes create-docusaurus@2.4.3 reader-site classic --typescript --skip-install`;
 * 2. the code blocks of the `installation` scenario (docs/getting-started/Installation.mdx, see
 *    scripts/sites/docSnippets.ts) applied in page order, as the page writes them: its
 *    `package.json` lines, its install command (the site's one `npm install`), its config change,
 *    its `tsconfig.json` lines...;
 * 3. this repository's `openapi/single-file/openapi.yaml` copied to the `spec` path of that config
 *    (`openapi/petstore.yaml`), where the page tells readers to put theirs. The same goes for
 *    every other local `spec` path a scenario's blocks name (`placeReaderSpecs`): readers bring
 *    their own files, the tests bring the sample.
 *
 * The result lives in `node_modules/.cache/reader-site/<key>/site`, where `<key>` hashes
 * everything it is made from: the create command, the Installation page's blocks, the sample spec
 * and RECIPE_VERSION below. Later runs on the same machine reuse it; a changed Installation page
 * makes a new one (and the old ones are deleted). npm uses its usual cache (`~/.npm`), shared
 * with this repository's own install and every run. The stock site is read-only: it is never
 * built or changed in place.
 *
 * ## API
 *
 * - `stockReaderSite()`: the stock site's folder, made first if needed (the `reader-setup`
 *   Playwright project calls it once per run, before the `reader` tests).
 * - `copyReaderSite(name, from?)`: a fresh copy in the system's temporary folder, to change and
 *   build: the site's files copied, its node_modules hard-linked (each file shared with the stock
 *   site until something replaces it; npm replaces, it does not write in place), so a copy can run
 *   `npm install` of its own. `from` copies another site than the stock one. `removeReaderSite(site)`
 *   deletes it.
 * - `putReaderSpec(site, file)`: the site's page at the Installation page's route renders `file`.
 * - `applyScenarios(site, ['plugin-options', ...])`: applies the blocks of each scenario in page
 *   order (docSnippets.ts), then places the specs they name; `applyBlocks(site, blocks)` applies
 *   blocks chosen otherwise.
 * - `runInSite(site, command, args)`, `bashInSite(site, script)`: run a command in the site's root
 *   with the environment of a reader's shell (plus an `env` of the test's, e.g. another PATH);
 *   throw with the output when it fails.
 * - `typecheckReaderSite(site)`: `npm run typecheck` (the template's `tsc`, with the reader's
 *   tsconfig.json).
 * - `buildReaderSite(site, {minify})`: `npm run build` (with `-- --no-minify` unless `minify`), so a
 *   site whose scripts were changed by the docs builds through them; returns the time it took.
 * - `serveReaderBuild(site, {compress?})`: serves `build/` on 127.0.0.1 on a free port
 *   (scripts/sites/startBuildServer.ts), with brotli or gzip as a static host sends it when `compress` is
 *   set; `startReaderSite(site, {port?, env?})`: `npm start` on 127.0.0.1, resolved once the dev
 *   server answers. Both return `{url, close()}`.
 * - `freePort()`: a port nothing listens on.
 *
 * By hand:
 *
 *   node --import tsx scripts/sites/readerSite.ts             prints the stock site's folder, made first if needed
 *   node --import tsx scripts/sites/readerSite.ts copy <name> makes a copy to change, build or start, and prints it
 *
 * CI runs as root with npm 10 or 11: npm 11 skips the install scripts of dependencies unless
 * allowed, and no package of the site needs one (core-js's only prints a message).
 */
import {spawn} from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net, {type AddressInfo} from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {applyBlock, readerEnv, scenarioBlocks, where, type DocBlock} from './docSnippets';
import {REPO_ROOT} from '../repoRoot';
import {startBuildServer} from './startBuildServer';

/** Bump when the way the stock site is made changes outside the inputs the key already hashes. */
const RECIPE_VERSION = 1;
const CREATE_COMMAND = ['npx', '--yes', 'create-docusaurus@2.4.3', 'reader-site', 'classic', '--typescript', '--skip-install'];
/** The sample spec a reader's site gets where the docs put the reader's own: the pet store. */
export const SAMPLE_SPEC = path.join(REPO_ROOT, 'openapi/single-file/openapi.yaml');
const CACHE_ROOT = path.join(REPO_ROOT, 'node_modules/.cache/reader-site');
/** The scenario whose blocks make the stock site. */
export const INSTALLATION_SCENARIO = 'installation';

export interface CommandResult {
  output: string;
  ms: number;
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** Runs a command in the site, as a reader's shell would; rejects with its output when it fails. */
export function runInSite(
  siteDir: string,
  command: string,
  args: readonly string[],
  options: {env?: Record<string, string>} = {},
): Promise<CommandResult> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {cwd: siteDir, env: readerEnv(options.env)});
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve({output, ms: Date.now() - started});
      else reject(new Error(`\`${[command, ...args].join(' ')}\` in ${siteDir} exited with ${code}:\n${output.slice(-6000)}`));
    });
  });
}

export function bashInSite(siteDir: string, script: string, env?: Record<string, string>): Promise<CommandResult> {
  return runInSite(siteDir, 'bash', ['-e', '-o', 'pipefail', '-c', script], {env});
}

/** Applies the blocks in order; `env` is added to the environment of the commands they run. */
export async function applyBlocks(siteDir: string, blocks: readonly DocBlock[], env?: Record<string, string>): Promise<void> {
  for (const block of blocks) {
    try {
      await applyBlock(siteDir, block, async (script, cwd) => void (await bashInSite(cwd, script, env)));
    } catch (error) {
      throw new Error(`applying the block at ${where(block)}: ${(error as Error).message}`, {cause: error});
    }
  }
}

/** The `spec` path the Installation page's config gives, where the sample spec goes. */
export function readerSpecPath(blocks: readonly DocBlock[] = scenarioBlocks(INSTALLATION_SCENARIO)): string {
  const [first] = localSpecPaths(blocks);
  if (!first) throw new Error('no block of the installation scenario gives a spec path');
  return first;
}

/** The local files named by `spec: '...'` in the blocks (URLs left out), in order. */
function localSpecPaths(blocks: readonly DocBlock[]): string[] {
  const paths = blocks.flatMap((block) => [...block.code.matchAll(/\bspec:\s*['"]([^'"]+)['"]/g)].map((match) => match[1]));
  return [...new Set(paths.filter((spec) => !/^\w+:\/\//.test(spec)))];
}

/**
 * A reader brings their own spec files: each local `spec` path the blocks name that the site does
 * not have yet gets a copy of the sample spec.
 */
export function placeReaderSpecs(siteDir: string, blocks: readonly DocBlock[]): void {
  for (const spec of localSpecPaths(blocks)) {
    const file = path.join(siteDir, spec);
    if (fs.existsSync(file)) continue;
    fs.mkdirSync(path.dirname(file), {recursive: true});
    fs.copyFileSync(SAMPLE_SPEC, file);
  }
}

/**
 * Makes the page at the Installation page's route render `file`, as a reader with a spec of their
 * own does: the file goes beside the one the page names, as `spec.json` or `spec.yaml` (one length
 * for both, so that two sites' bundles differ by their spec only), and the config's `spec` names
 * it; the page's id and route stay.
 */
export function putReaderSpec(siteDir: string, file: string): void {
  const named = readerSpecPath();
  const placed = path.posix.join(path.posix.dirname(named), `spec${path.extname(file)}`);
  const config = path.join(siteDir, 'docusaurus.config.js');
  const source = fs.readFileSync(config, 'utf8');
  if (!source.includes(`'${named}'`)) throw new Error(`${config}: no spec '${named}' to replace`);
  fs.rmSync(path.join(siteDir, named));
  fs.copyFileSync(file, path.join(siteDir, placed));
  fs.writeFileSync(config, source.replace(`'${named}'`, `'${placed}'`));
}

/** Applies the blocks of each scenario, in the order given, to the site; places the specs they name. */
export async function applyScenarios(siteDir: string, scenarios: readonly string[]): Promise<DocBlock[]> {
  const blocks = scenarios.flatMap((scenario) => {
    const found = scenarioBlocks(scenario);
    if (!found.length) throw new Error(`no doc block applies to the scenario "${scenario}"`);
    return found;
  });
  await applyBlocks(siteDir, blocks);
  placeReaderSpecs(siteDir, blocks);
  return blocks;
}

function stockKey(blocks: readonly DocBlock[]): string {
  const hash = crypto.createHash('sha256');
  hash.update(JSON.stringify({recipe: RECIPE_VERSION, create: CREATE_COMMAND}));
  for (const block of blocks) hash.update(JSON.stringify([block.lang, block.meta, block.code]));
  hash.update(fs.readFileSync(SAMPLE_SPEC));
  return hash.digest('hex').slice(0, 16);
}

/** What making the stock site took, written next to it. */
export interface StockRecord {
  key: string;
  createMs: number;
  blocksMs: number;
  madeAt: string;
}

/** The stock reader site's folder, made first if this machine has none for the current key. */
export async function stockReaderSite(): Promise<{dir: string; record: StockRecord; reused: boolean}> {
  const blocks = scenarioBlocks(INSTALLATION_SCENARIO);
  const key = stockKey(blocks);
  const home = path.join(CACHE_ROOT, key);
  const recordFile = path.join(home, 'ready.json');
  if (fs.existsSync(recordFile)) {
    return {dir: path.join(home, 'site'), record: JSON.parse(fs.readFileSync(recordFile, 'utf8')) as StockRecord, reused: true};
  }
  // Made beside its final place and renamed there at the end, so an interrupted run leaves no half site.
  const partial = `${home}.partial-${process.pid}`;
  fs.rmSync(partial, {recursive: true, force: true});
  fs.mkdirSync(partial, {recursive: true});
  const created = await runInSite(partial, CREATE_COMMAND[0], CREATE_COMMAND.slice(1));
  const siteDir = path.join(partial, 'site');
  fs.renameSync(path.join(partial, 'reader-site'), siteDir);
  const blocksStarted = Date.now();
  await applyBlocks(siteDir, blocks);
  placeReaderSpecs(siteDir, blocks);
  const record: StockRecord = {key, createMs: created.ms, blocksMs: Date.now() - blocksStarted, madeAt: new Date().toISOString()};
  fs.writeFileSync(path.join(partial, 'ready.json'), `${JSON.stringify(record, null, 2)}\n`);
  for (const old of fs.existsSync(CACHE_ROOT) ? fs.readdirSync(CACHE_ROOT) : []) {
    if (old !== path.basename(partial)) fs.rmSync(path.join(CACHE_ROOT, old), {recursive: true, force: true});
  }
  fs.renameSync(partial, home);
  return {dir: path.join(home, 'site'), record, reused: false};
}

/**
 * A fresh copy of the stock site to change and build (see the header); `from` copies another site
 * the same way, e.g. one the guide was applied to, so that its install serves many copies.
 */
export async function copyReaderSite(name: string, from?: string): Promise<string> {
  const source = from ?? (await stockReaderSite()).dir;
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), `reader-site-${name}-`));
  for (const entry of fs.readdirSync(source)) {
    if (entry === 'node_modules') continue;
    fs.cpSync(path.join(source, entry), path.join(copy, entry), {recursive: true, verbatimSymlinks: true});
  }
  try {
    await runInSite(copy, 'cp', ['-al', path.join(source, 'node_modules'), path.join(copy, 'node_modules')]);
  } catch {
    // Another file system: hard links cannot cross it.
    fs.rmSync(path.join(copy, 'node_modules'), {recursive: true, force: true});
    await runInSite(copy, 'cp', ['-a', path.join(source, 'node_modules'), path.join(copy, 'node_modules')]);
  }
  // npm rewrites its own record of node_modules in place: give the copy a file of its own.
  const hiddenLockfile = path.join(copy, 'node_modules/.package-lock.json');
  if (fs.existsSync(hiddenLockfile)) {
    const text = fs.readFileSync(hiddenLockfile);
    fs.rmSync(hiddenLockfile);
    fs.writeFileSync(hiddenLockfile, text);
  }
  return copy;
}

export async function removeReaderSite(siteDir: string | undefined): Promise<void> {
  if (siteDir && siteDir.startsWith(os.tmpdir())) await fs.promises.rm(siteDir, {recursive: true, force: true});
}

export function typecheckReaderSite(siteDir: string): Promise<CommandResult> {
  return runInSite(siteDir, 'npm', ['run', 'typecheck']);
}

export function buildReaderSite(siteDir: string, options: {minify?: boolean; env?: Record<string, string>} = {}): Promise<CommandResult> {
  return runInSite(siteDir, 'npm', ['run', 'build', ...(options.minify ? [] : ['--', '--no-minify'])], {env: options.env});
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts a long-running command (a server) in its own process group, with a reader's environment;
 * resolves once `ready` gives its address; `close()` ends the group.
 */
export function startServerProcess(
  siteDir: string,
  command: string,
  args: readonly string[],
  ready: (output: string) => Promise<string | undefined>,
  timeoutMs: number,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const child = spawn(command, args, {cwd: siteDir, env: readerEnv(env), detached: true});
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const close = async () => {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
      await exited;
    }
  };
  return (async () => {
    const deadline = Date.now() + timeoutMs;
    let done = false;
    void exited.then(() => (done = true));
    while (Date.now() < deadline && !done) {
      const url = await ready(output).catch(() => undefined);
      if (url) return {url, close};
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    await close();
    throw new Error(`\`${[command, ...args].join(' ')}\` in ${siteDir} did not become ready:\n${output.slice(-6000)}`);
  })();
}

/** The site's `build/`, served as scripts/sites/startBuildServer.ts serves any build. */
export async function serveReaderBuild(siteDir: string, {compress = false}: {compress?: boolean} = {}): Promise<RunningServer> {
  const server = await startBuildServer({dir: path.join(siteDir, 'build'), compress});
  return {url: server.origin, close: async () => server.close()};
}

/** `npm start` on 127.0.0.1; ready once the development server answers its home page. */
export async function startReaderSite(siteDir: string, options: {port?: number; env?: Record<string, string>} = {}): Promise<RunningServer> {
  const {port, env} = options;
  const chosen = port ?? (await freePort());
  const url = `http://127.0.0.1:${chosen}`;
  return startServerProcess(
    siteDir,
    'npm',
    ['start', '--', '--port', String(chosen), '--host', '127.0.0.1', '--no-open'],
    async () => ((await fetch(`${url}/`)).ok ? url : undefined),
    5 * 60_000,
    env,
  );
}

async function main(): Promise<void> {
  const [command, name] = process.argv.slice(2);
  if (command === 'copy') {
    console.log(await copyReaderSite(name ?? 'manual'));
  } else if (command === undefined) {
    const {dir, reused} = await stockReaderSite();
    console.log(reused ? dir : `${dir} (made now)`);
  } else {
    console.error('usage: node --import tsx scripts/sites/readerSite.ts [copy <name>]');
    process.exitCode = 2;
  }
}

// Run as a script; importing it runs nothing.
if (require.main === module) void main();
