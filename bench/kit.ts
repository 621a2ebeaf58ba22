/**
 * The reference kit in a reader's site, on real specs: the pet store of the Installation page and
 * the corpus of real API descriptions (bench/corpus.ts), each built in a site of its own with the
 * kit and with stock redocusaurus (bench/kitSites.ts), measured in one run against the kit's
 * budgets. Writes its section of bench/results.md (bench/kitReport.ts; the rest of that file is
 * `npm run bench`'s) and the run as data, bench/data/kit.json (bench/kitData.ts), which the docs'
 * figures are rendered from. A full run measures every spec with the kit and stock's pet store
 * (budget 6); stock's other sites are a comparison (`--stock`).
 *
 *   REMOTE_SPEC_URL="http://remote-spec.invalid/openapi.yaml" npm run build   (the kit's download)
 *   npm run bench:kit [-- --runs 3] [--only petstore,rclone] [--no-stock | --stock petstore,okta] [--plain]
 *
 *   --runs      rounds (default 5): in each, three traced cold loads, a click-through and a
 *               Lighthouse run per page (medians), and an opening of the console on two
 *               pages (budget 8)
 *   --only      a subset of the specs, by id: petstore, and the corpus's
 *   --no-stock  the kit's sites only (the budget against stock is then not checked)
 *   --stock     stock sites for these specs only (stock takes minutes per load on the largest)
 *   --plain     also a kit site of each spec with the request samples and the console off
 *               (`kit-plain`), measured in the same rounds: what the two features cost a page
 *
 * The budgets, each the kit's promise that a spec's size or shape does not cost a reader:
 *   1. every corpus spec's kit site builds with Node's default heap, at most 2 GiB at its peak;
 *   2. every corpus page's cold load blocks at most 1.5× the pet store page's, its longest task is
 *      at most 1.15× the pet store page's, and Lighthouse scores it at most 5 under it;
 *   3. a click-through to every page blocks at most 1.5× the pet store page's cold load, with a
 *      longest task at most 1.15× its longest;
 *   4. every corpus page's height on load is within 25 % of its rendered height, at 412 and 1280 px;
 *   5. no serious or critical axe finding on any corpus page, in light and dark mode;
 *   6. the pet store page blocks at most 1/4 of what it does with stock redocusaurus (cold load);
 *   7. every corpus kit site's home page loads the same JavaScript as the pet store's;
 *   8. opening an operation's console is one task under 100 ms at 4× CPU, on the pet store and on
 *      GitHub's whole REST API (the first operation of each page).
 *
 * The order keeps the run short and honest: the sites are built one at a time (the machine has 2
 * cores); then what does not vary from run to run (home page scripts, heights, axe), unthrottled;
 * then the timed runs in rounds, each round every page in turn, so that a busy moment of the machine
 * does not fall on one page only. It is a report, not a test: a failed budget is reported, not an
 * exit code; a build or a measurement that fails is a row that says so, and the run goes on.
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {parseYaml} from '@redocly/openapi-core';
import type {Browser} from 'playwright-core';
import {documentOperations} from '../scripts/sites/openapiOperations';
import {SAMPLE_SPEC, removeReaderSite, serveReaderBuild, stockReaderSite, type RunningServer} from '../scripts/sites/readerSite';
import {REPO_ROOT} from '../scripts/repoRoot';
import {writeResultsSection} from './benchResults';
import {launchChromium} from './browser';
import {machineReading} from './machine';
import {recordClickThrough} from './clickThrough';
import {recordConsoleOpening} from './consoleOpen';
import {corpus} from './corpus';
import {corpusFile} from './corpusFiles';
import {measureFirstLoad} from './firstLoad';
import type {KitRunData} from './kitData';
import {CONSOLE_SPECS, PET_STORE, kitData, kitSection, outcomeOf, type Outcome, type SiteFigures, type TaskFigures} from './kitReport';
import {buildSite, makeKitBase, makeSite, type BenchSpec, type Variant} from './kitSites';
import {lighthouseMobileScore} from './lighthouseMobile';
import {AXE_SECTIONS, DESKTOP_WIDTH, PHONE_WIDTH, measureHeights, scanPage} from './renderedPage';
import {Symbolicator, analyze, record} from './trace-breakdown';

const RESULTS_FILE = path.join(REPO_ROOT, 'bench', 'results.md');
/** The run as data, which the docs quote (bench/kitData.ts). */
const DATA_FILE = path.join(REPO_ROOT, 'bench', 'data', 'kit.json');
/** The Installation page's route and the navbar link it adds. */
const API_ROUTE = '/api/';
const API_LINK = 'API';
/** A traced load or click is over once the page has had no long task for 10 s; at most 5 min. */
const QUIET = {quietMs: 10_000, ceilingMs: 5 * 60_000};
const CPU_SLOWDOWN = 4;
/**
 * Five, not three: one build's cold load varies by half between loads of one session, and a budget
 * is a ratio of two medians. A slow stretch of the machine as long as two rounds then sets no
 * page's median.
 */
const FULL_RUNS = 5;
/**
 * Cold loads per page in each round. The cold-load budgets are ratios with a margin of 15 % (the
 * longest task), and one page's cold load can more than double between loads of one build: a median
 * of fifteen moves about half as much as a median of five. A click-through and a Lighthouse run,
 * which have wider margins, stay at one a round.
 */
const COLD_LOADS_PER_ROUND = 3;

/** `items` from the one at `shift` (modulo their number) on, then those before it. */
function inTurn<T>(items: T[], shift: number): T[] {
  const first = items.length === 0 ? 0 : shift % items.length;
  return [...items.slice(first), ...items.slice(0, first)];
}

const started = Date.now();
const minutesSince = (time: number) => (Date.now() - time) / 60_000;
/** Progress on stderr, stamped with the minutes since the start: a full run takes hours. */
const log = (message: string): void => void process.stderr.write(`[${minutesSince(started).toFixed(1)} min] ${message}\n`);

interface Site extends SiteFigures {
  dir: string;
  server?: RunningServer;
}

class UsageError extends Error {}

function parseOptions(argv: string[]) {
  const known = [PET_STORE, ...corpus.map((entry) => entry.id)];
  let values;
  try {
    ({values} = parseArgs({
      args: argv,
      options: {
        runs: {type: 'string', default: String(FULL_RUNS)},
        only: {type: 'string'},
        'no-stock': {type: 'boolean', default: false},
        stock: {type: 'string'},
        plain: {type: 'boolean', default: false},
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const runs = Number(values.runs);
  if (!/^\d+$/.test(values.runs) || runs < 1) throw new UsageError(`--runs must be a whole number of at least 1, got "${values.runs}"`);
  const ids = values.only === undefined ? known : [...new Set(values.only.split(',').map((id) => id.trim()).filter(Boolean))];
  const unknown = ids.filter((id) => !known.includes(id));
  if (ids.length === 0 || unknown.length) throw new UsageError(`--only: choose from ${known.join(', ')}`);
  const variants: Variant[] = [...(values['no-stock'] ? ['kit' as const] : ['kit' as const, 'stock' as const]), ...(values.plain ? ['kit-plain' as const] : [])];
  const list = (value: string) => [...new Set(value.split(',').map((id) => id.trim()).filter(Boolean))];
  const stockIds = values.stock === undefined ? ids : list(values.stock);
  if (values.stock !== undefined && values['no-stock']) throw new UsageError('--stock and --no-stock: choose one');
  if (stockIds.some((id) => !ids.includes(id))) throw new UsageError(`--stock: choose from ${ids.join(', ')}`);
  // The budgets need every spec's kit site and stock's pet store; stock's other sites are a comparison.
  const partial = runs !== FULL_RUNS || ids.length !== known.length || !variants.includes('stock') || !stockIds.includes(PET_STORE);
  return {runs, ids, variants, stockIds, partial};
}

/** The spec files, in the order the report lists them: the pet store first, then the corpus's. */
async function benchSpecs(ids: readonly string[]): Promise<BenchSpec[]> {
  const petStore = parseYaml(fs.readFileSync(SAMPLE_SPEC, 'utf8'));
  const specs: BenchSpec[] = [];
  if (ids.includes(PET_STORE)) {
    specs.push({id: PET_STORE, file: SAMPLE_SPEC, operations: documentOperations(petStore).length, webhooks: 0, bytes: fs.statSync(SAMPLE_SPEC).size});
  }
  for (const entry of corpus.filter((candidate) => ids.includes(candidate.id))) {
    log(`Fetching ${entry.source.package}@${entry.source.version}…`);
    specs.push({id: entry.id, file: await corpusFile(entry), operations: entry.operations, webhooks: entry.webhooks, bytes: entry.bytes});
  }
  return specs;
}

/** Runs a measurement; a failure is its result, logged, and the run goes on. */
async function attempt<T>(what: string, work: () => Promise<T>): Promise<Outcome<T>> {
  const outcome = await outcomeOf(work());
  if (!outcome.ok) log(`  ${what} failed: ${outcome.error.split('\n')[0]}`);
  return outcome;
}

/** The commit the run measures, read when it starts: a file edited during the run does not count. */
function measuredCommit(): {commit: string; dirty: boolean} {
  const git = (...args: string[]) => execFileSync('git', args, {cwd: REPO_ROOT, encoding: 'utf8'}).trim();
  // The files the benchmarks write do not make the tree "dirty".
  const written = [RESULTS_FILE, path.dirname(DATA_FILE)].map((file) => `:(exclude)${path.relative(REPO_ROOT, file)}`);
  return {commit: git('rev-parse', 'HEAD'), dirty: git('status', '--porcelain', '--untracked-files=no', '--', '.', ...written) !== ''};
}

const label = (site: Site) => `${site.spec.id}, ${site.variant}`;
const apiUrl = (site: Site) => `${site.server!.url}${API_ROUTE}`;

/** A cold load, traced: blocking after first paint and the longest task after it. */
async function coldLoad(url: string, symbols: Symbolicator): Promise<TaskFigures> {
  const {trace, settled} = await record(url, {dark: false, cpu: CPU_SLOWDOWN, width: PHONE_WIDTH, settle: QUIET, loadTimeout: QUIET.ceilingMs, profile: false});
  const run = await analyze(trace, url, symbols);
  const afterPaint = run.longTasks.filter((task) => task.start >= run.fcp);
  return {blocking: run.tbt, longest: Math.max(0, ...afterPaint.map((task) => task.duration)), settled};
}

/** Every script of a first visit of the site's home page, summed. */
async function homePageScripts(browser: Browser, origin: string): Promise<{bytes: number; gzipBytes: number}> {
  const context = await browser.newContext();
  try {
    const scripts = (await measureFirstLoad(await context.newPage(), `${origin}/`)).files.filter((file) => file.kind === 'script');
    return {bytes: scripts.reduce((sum, file) => sum + file.bytes, 0), gzipBytes: scripts.reduce((sum, file) => sum + file.gzipBytes, 0)};
  } finally {
    await context.close();
  }
}

/** What does not vary from run to run, unthrottled: home page scripts, heights at both widths, axe. */
async function measureSteadyFigures(browser: Browser, site: Site): Promise<void> {
  site.homeScripts = await attempt('home page', () => homePageScripts(browser, site.server!.url));
  const again = (what: string) => (error: unknown) => log(`  ${what}, again in a new page: ${String(error).split('\n')[0]}`);
  site.heights.phone = await attempt('heights at 412 px', () => measureHeights(browser, apiUrl(site), PHONE_WIDTH, again('heights at 412 px')));
  site.heights.desktop = await attempt('heights at 1280 px', () => measureHeights(browser, apiUrl(site), DESKTOP_WIDTH, again('heights at 1280 px')));
  site.axe = await attempt('axe', () => scanPage(browser, apiUrl(site), again('axe')));
  if (site.axe.ok) for (const example of site.axe.value.examples) log(`  axe, ${example}`);
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const commit = measuredCommit();
  const phases: {label: string; minutes: number}[] = [];
  let phaseStarted = Date.now();
  const endPhase = (label: string) => {
    phases.push({label, minutes: minutesSince(phaseStarted)});
    phaseStarted = Date.now();
  };
  const load = () => os.loadavg().map((value) => value.toFixed(2)).join(' ');
  const loadBefore = load();
  const machine = machineReading();
  log(`Machine: ${machine}`);
  const specs = await benchSpecs(options.ids);

  log('The stock reader site…');
  await stockReaderSite();
  const sites: Site[] = [];
  let kitBase: string | undefined;
  const cleanUp = async () => {
    await Promise.all(sites.map((site) => site.server?.close()));
    await Promise.all([kitBase, ...sites.map((site) => site.dir)].map((dir) => removeReaderSite(dir)));
  };
  // `finally` does not run when a signal ends the process, and the servers run in process groups of their own.
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
    process.once(signal, () => void cleanUp().finally(() => process.exit(code)));
  }
  try {
    if (options.variants.some((variant) => variant !== 'stock')) {
      log("The kit's base site: the guide's steps, the run's one install…");
      kitBase = await makeKitBase();
    }
    for (const [slot, spec] of specs.entries()) {
      for (const variant of options.variants) {
        if (variant === 'stock' && !options.stockIds.includes(spec.id)) continue;
        const dir = await makeSite(spec, variant, slot, kitBase);
        const site: Site = {spec, variant, dir, build: {ok: false, error: 'not built yet'}, heights: {}, coldLoads: [], clickThroughs: [], lighthouse: [], consoleOpenings: []};
        sites.push(site);
        log(`Building ${label(site)}…`);
        site.build = await buildSite(dir);
        log(site.build.ok ? `  ${site.build.resources.seconds.toFixed(0)} s, ${site.build.resources.peakMiB} MiB` : `  failed: ${site.build.error}`);
      }
    }
    // The kit sites' node_modules are hard links: they outlive the base.
    await removeReaderSite(kitBase);
    kitBase = undefined;
    endPhase('sites and builds');
    const built = sites.filter((site) => site.build.ok);
    // Compressed, as every static host serves a site (GitHub Pages, Netlify) and as `npm run bench`
    // serves ours: Lighthouse's slow network, sent GitHub's REST page and its spec uncompressed
    // (11 MB against 0.85 MB), scored the transfer, not the page.
    for (const site of built) site.server = await serveReaderBuild(site.dir, {compress: true});

    const browser = await launchChromium();
    const chromium = `Chromium ${browser.version()}`;
    try {
      for (const site of built) {
        log(`Home page, heights and axe: ${label(site)}…`);
        await measureSteadyFigures(browser, site);
      }
    } finally {
      await browser.close();
    }
    endPhase('unthrottled visits');

    // The timed runs, in rounds: every page's cold loads, each page in turn, then each page's
    // click-through and Lighthouse run. Each pass over the pages starts one page further on: of
    // two loads taken one after the other here, the second was slower 10 times in 12, and the
    // first page of a pass comes after another kind of measurement (or none).
    const symbols = new Symbolicator();
    for (let run = 1; run <= options.runs; run++) {
      for (let load = 1; load <= COLD_LOADS_PER_ROUND; load++) {
        for (const site of inTurn(built, (run - 1) * COLD_LOADS_PER_ROUND + load - 1)) {
          log(`Round ${run}/${options.runs}, cold load ${load}/${COLD_LOADS_PER_ROUND}: ${label(site)}…`);
          site.coldLoads.push(await attempt('cold load', () => coldLoad(apiUrl(site), symbols)));
        }
      }
      for (const site of inTurn(built, run - 1)) {
        log(`Round ${run}/${options.runs}: ${label(site)}, click-through and Lighthouse…`);
        site.clickThroughs.push(
          await attempt('click-through', () => recordClickThrough(site.server!.url, API_LINK, API_ROUTE, {cpu: CPU_SLOWDOWN, ...QUIET})),
        );
        site.lighthouse.push(await attempt('Lighthouse', () => lighthouseMobileScore(apiUrl(site))));
        if (site.variant === 'kit' && CONSOLE_SPECS.includes(site.spec.id)) {
          site.consoleOpenings.push(await attempt('console opening', () => recordConsoleOpening(apiUrl(site), {cpu: CPU_SLOWDOWN, ...QUIET})));
        }
      }
    }

    endPhase('timed rounds');

    const section = kitSection(sites, {
      date: new Date().toISOString(),
      minutes: minutesSince(started),
      loadBefore,
      machine,
      loadAfter: load(),
      runs: options.runs,
      coldLoadsPerRound: COLD_LOADS_PER_ROUND,
      partial: options.partial,
      axeSections: AXE_SECTIONS,
      chromium,
      phases,
    });
    writeResultsSection(RESULTS_FILE, 'kit', section);
    const data: KitRunData = {
      date: new Date().toISOString(),
      ...commit,
      kitVersion: JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'reference-kit', 'package.json'), 'utf8')).version,
      chromium,
      machine,
      runs: options.runs,
      coldLoadsPerRound: COLD_LOADS_PER_ROUND,
      partial: options.partial,
      minutes: minutesSince(started),
      ...kitData(sites),
    };
    fs.mkdirSync(path.dirname(DATA_FILE), {recursive: true});
    fs.writeFileSync(DATA_FILE, `${JSON.stringify(data, null, 2)}\n`);
    process.stdout.write(`${section}\nWritten to ${path.relative(process.cwd(), RESULTS_FILE)}\n`);
  } finally {
    await cleanUp();
  }
}

main().catch((error: unknown) => {
  log(error instanceof UsageError ? `bench:kit: ${error.message}` : error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(error instanceof UsageError ? 2 : 1);
});
