/**
 * Performance benchmark of the built site against the floor (bench/floor/, an empty Docusaurus
 * site), on Lighthouse CI. LHCI runs Lighthouse and checks the budgets it can express
 * (bench/lighthouserc.cjs); this script does the rest: it builds the floor, serves both builds,
 * measures first-load bytes, runs `lhci collect`, `assert` and `upload` per site and preset, and
 * writes bench/results.md (bench/benchReport.ts). Progress goes to stderr.
 *
 *   npm run bench                                    build, then every route, 3 runs per preset
 *   npm run bench -- --no-build --dir /tmp/site      bench an existing build
 *   npm run bench -- --no-build --routes /,/docs/ --runs 1
 *
 * It is a report, not a test: a failed budget is reported, not an exit code. It exits non-zero
 * only when it cannot run (bad option, build failure, server or browser failure).
 */
import {execFileSync, spawn} from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {measureFirstLoad} from './firstLoad';
import {REPO_ROOT} from '../scripts/repoRoot';
import {startBuildServer} from '../scripts/sites/startBuildServer';
import {writeResultsSection} from './benchResults';
import {launchChromium} from './browser';
import {
  PRESETS, ROUTES, checkBudgets, report, summarizeRun, budgetsTable, resultsTable,
  type Lhr, type LhciAssertion, type Preset, type RouteResult, type Site, type SiteRunData,
} from './benchReport';

const RESULTS_FILE = path.join(REPO_ROOT, 'bench', 'results.md');
/** The run as data, beside the Markdown (SiteRunData in bench/benchReport.ts). */
const DATA_FILE = path.join(REPO_ROOT, 'bench', 'data', 'site.json');
const RC_FILE = path.join(REPO_ROOT, 'bench', 'lighthouserc.cjs');
/** LHCI keeps its runs in `.lighthouseci/` of its working directory: one directory per site and preset. */
const LHCI_ROOT = path.join(REPO_ROOT, 'bench', '.lighthouseci');
const FLOOR = path.join(REPO_ROOT, 'bench', 'floor');
const FLOOR_BUILD = path.join(FLOOR, 'build');
const SITE_ROUTES = ROUTES.filter((route) => route.site === 'site').map((route) => route.path);

const USAGE = `Usage: npm run bench -- [--no-build] [--dir <build dir>] [--routes <r1,r2>] [--runs <n>]
  --no-build   bench an existing build instead of running \`npm run build\` first
  --dir        the build to serve with --no-build (default: build)
  --routes     comma-separated subset of: ${SITE_ROUTES.join(', ')} (the floor's routes always run)
  --runs       Lighthouse runs per preset and route (default: 3)`;

class UsageError extends Error {}

function parseOptions(argv: string[]) {
  let values;
  try {
    ({values} = parseArgs({
      args: argv,
      options: {
        'no-build': {type: 'boolean', default: false},
        dir: {type: 'string'},
        routes: {type: 'string'},
        runs: {type: 'string', default: '3'},
        help: {type: 'boolean', short: 'h', default: false},
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  // `npm run build` always writes build/, so another --dir would bench something else than was built.
  if (values.dir !== undefined && !values['no-build']) throw new UsageError('--dir only applies with --no-build.');
  const runs = Number(values.runs);
  if (!/^\d+$/.test(values.runs) || runs < 1) throw new UsageError(`--runs must be a whole number of at least 1, got "${values.runs}".`);
  const routes = values.routes === undefined ? SITE_ROUTES : [...new Set(values.routes.split(',').map((route) => route.trim()).filter(Boolean))];
  const unknown = routes.filter((route) => !SITE_ROUTES.includes(route));
  if (routes.length === 0 || unknown.length > 0) throw new UsageError(`--routes: choose from ${SITE_ROUTES.join(', ')}.`);
  return {build: !values['no-build'], dir: path.resolve(REPO_ROOT, values.dir ?? 'build'), routes, runs};
}

const log = (message: string): void => void process.stderr.write(`${message}\n`);
const git = (...args: string[]) => execFileSync('git', args, {cwd: REPO_ROOT, encoding: 'utf8'}).trim();

/**
 * What to stop if the bench is interrupted: `finally` blocks do not run when a signal ends the
 * process, and the servers and LHCI would outlive it.
 */
const cleanups = new Set<() => void>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const cleanup of cleanups) cleanup();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}

/** Runs a command, its output on stderr (stdout keeps only the report); resolves with its exit code. */
function run(command: string, args: string[], options: {cwd?: string; env?: NodeJS.ProcessEnv; quiet?: boolean} = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const output = options.quiet ? 'ignore' : process.stderr;
    const child = spawn(command, args, {cwd: options.cwd ?? REPO_ROOT, env: {...process.env, ...options.env}, stdio: ['ignore', output, output]});
    const stop = () => void child.kill();
    cleanups.add(stop);
    child.on('error', reject);
    child.on('exit', (code) => {
      cleanups.delete(stop);
      resolve(code ?? 1);
    });
  });
}

async function mustRun(command: string, args: string[], options?: Parameters<typeof run>[2]): Promise<void> {
  const code = await run(command, args, options);
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${code})`);
}

/** Builds the floor unless its build is from the same sources and package-lock.json. */
async function buildFloor(): Promise<void> {
  const hash = crypto.createHash('sha256');
  const sources = (dir: string): string[] =>
    fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return ['build', 'node_modules', '.docusaurus'].includes(entry.name) ? [] : sources(file);
      return [file];
    });
  for (const file of [...sources(FLOOR).sort(), path.join(REPO_ROOT, 'package-lock.json')]) hash.update(file).update(fs.readFileSync(file));
  const stamp = path.join(FLOOR_BUILD, '.bench-sources');
  const digest = hash.digest('hex');
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === digest) return;
  log('Building the floor (bench/floor)…');
  // Its own working directory, so webpack caches under bench/floor/node_modules, not in our site's cache.
  const cli = require.resolve('@docusaurus/core/bin/docusaurus.mjs');
  await mustRun(process.execPath, [cli, 'build'], {cwd: FLOOR, env: {NO_UPDATE_NOTIFIER: '1'}});
  fs.writeFileSync(stamp, digest);
}

/** Serves `dir` with compression on a free port (scripts/cli/serve-build.mjs); resolves with its origin. */
async function serve(dir: string): Promise<string> {
  const server = await startBuildServer({dir, compress: true});
  cleanups.add(server.close);
  return server.origin;
}

const lhci = (cwd: string, preset: Preset, args: string[], quiet = false) =>
  run(process.execPath, [require.resolve('@lhci/cli/src/cli.js'), ...args, `--config=${RC_FILE}`], {cwd, env: {BENCH_PRESET: preset}, quiet});

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const started = new Date();
  const loadBefore = os.loadavg();
  const commit = git('rev-parse', '--short', 'HEAD');
  // The results file itself does not make the tree "dirty".
  const dirty = git('status', '--porcelain', '--', '.', `:(exclude)${path.relative(REPO_ROOT, RESULTS_FILE)}`, `:(exclude)${path.relative(REPO_ROOT, DATA_FILE)}`) !== '';

  if (options.build) {
    log('Building the site (npm run build)…');
    await mustRun('npm', ['run', 'build']);
  }
  if (!fs.existsSync(path.join(options.dir, 'index.html'))) throw new Error(`No built site in ${options.dir}.`);
  await buildFloor();

  const origins: Record<Site, string> = {site: await serve(options.dir), floor: await serve(FLOOR_BUILD)};
  const routes = ROUTES.filter((route) => route.site === 'floor' || options.routes.includes(route.path));
  const results: RouteResult[] = routes.map((route) => ({route, runs: {mobile: [], desktop: []}}));
  const urls = (site: Site) => routes.filter((route) => route.site === site).map((route) => `--url=${origins[site]}${route.path}`);

  // First-load bytes, one fresh context per route. This also fills the servers' compression caches;
  // the first brotli of the large Redoc chunks takes seconds, hence the long timeout.
  const browser = await launchChromium();
  const chromiumVersion = browser.version();
  try {
    for (const result of results) {
      const context = await browser.newContext({baseURL: origins[result.route.site]});
      context.setDefaultTimeout(120_000);
      const load = await measureFirstLoad(await context.newPage(), result.route.path);
      result.firstLoad = {gzipBytes: load.gzipBytes, files: load.files.length};
      log(`first load ${result.route.label}: ${(load.gzipBytes / 1024).toFixed(1)} KB gzip`);
      await context.close();
    }
  } finally {
    await browser.close();
  }

  // Rounds of one run per route and preset, the two sites in turn, so that load from other work
  // on the machine falls on both alike (one `lhci collect` of 3 runs would run a route 3 times in a row).
  fs.rmSync(LHCI_ROOT, {recursive: true, force: true});
  const dirOf = (site: Site, preset: Preset) => path.join(LHCI_ROOT, `${site}-${preset}`);
  for (let round = 1; round <= options.runs; round++) {
    for (const preset of PRESETS) {
      for (const site of ['site', 'floor'] as const) {
        const start = Date.now();
        fs.mkdirSync(dirOf(site, preset), {recursive: true});
        log(`round ${round}/${options.runs}, ${preset}, ${site}`);
        const code = await lhci(dirOf(site, preset), preset, ['collect', '--additive', '--numberOfRuns=1', ...urls(site)]);
        if (code !== 0) throw new Error(`lhci collect failed (exit ${code})`);
        log(`  ${((Date.now() - start) / 1000).toFixed(0)} s`);
      }
    }
  }

  const assertions: Record<Preset, LhciAssertion[]> = {mobile: [], desktop: []};
  const lhrs: Lhr[] = [];
  for (const preset of PRESETS) {
    for (const site of ['site', 'floor'] as const) {
      const dir = dirOf(site, preset);
      if ((await lhci(dir, preset, ['upload'], true)) !== 0) throw new Error(`lhci upload failed in ${dir}`);
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'reports', 'manifest.json'), 'utf8')) as {url: string; jsonPath: string}[];
      for (const entry of manifest) {
        const lhr = JSON.parse(fs.readFileSync(entry.jsonPath, 'utf8')) as Lhr;
        lhrs.push(lhr);
        const {origin, pathname} = new URL(entry.url);
        results.find(({route}) => origins[route.site] === origin && route.path === pathname)!.runs[preset].push(summarizeRun(lhr));
      }
      if (site === 'floor') continue;
      // Exit code 1 is a failed budget, reported below.
      if ((await lhci(dir, preset, ['assert'], true)) > 1) throw new Error(`lhci assert failed in ${dir}`);
      assertions[preset] = JSON.parse(fs.readFileSync(path.join(dir, '.lighthouseci', 'assertion-results.json'), 'utf8'));
    }
  }

  const checks = checkBudgets(results, assertions);
  const partial = options.runs !== 3 || options.routes.length !== SITE_ROUTES.length;
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ');
  const markdown = report(results, checks, {
    date: started.toISOString(),
    minutes: (Date.now() - started.getTime()) / 60_000,
    commit,
    dirty,
    build: options.build ? 'fresh `npm run build`' : `existing build in \`${path.relative(REPO_ROOT, options.dir) || '.'}\``,
    machine:
      `${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 1024 ** 3)} GB RAM, ${os.type()} ${os.release()}; ` +
      `load average (1/5/15 min) ${load(loadBefore)} before, ${load(os.loadavg())} after`,
    versions: {
      node: process.version,
      chromium: chromiumVersion,
      lighthouse: lhrs[0]?.lighthouseVersion ?? 'n/a',
      lhci: (JSON.parse(fs.readFileSync(require.resolve('@lhci/cli/package.json'), 'utf8')) as {version: string}).version,
    },
    runs: options.runs,
    partial,
    settings: Object.fromEntries(PRESETS.map((preset) => [preset, lhrs.find((lhr) => lhr.configSettings.formFactor === preset)?.configSettings])),
    warnings: [...new Set(lhrs.flatMap((lhr) => lhr.runWarnings))],
  });
  writeResultsSection(RESULTS_FILE, 'site', markdown);
  const data: SiteRunData = {date: started.toISOString(), commit, dirty, runs: options.runs, partial, routes: results, budgets: checks};
  fs.mkdirSync(path.dirname(DATA_FILE), {recursive: true});
  fs.writeFileSync(DATA_FILE, `${JSON.stringify(data, null, 2)}\n`);
  process.stdout.write(`${resultsTable(results)}\n\n${budgetsTable(checks)}\n\nWritten to ${path.relative(process.cwd(), RESULTS_FILE)}\n`);
}

main()
  .catch((error: unknown) => {
    log(`bench: ${error instanceof UsageError ? `${error.message}\n\n${USAGE}` : error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  })
  .finally(() => {
    for (const cleanup of cleanups) cleanup();
  });
