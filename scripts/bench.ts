/**
 * Performance benchmark of the built site: Lighthouse scores (mobile and desktop presets),
 * first-load bytes and third-party requests per route, checked against the team's budgets.
 * Writes bench/results.md and prints the table to stdout (progress goes to stderr).
 *
 *   npm run bench                                    build, then every route, 3 runs per preset
 *   npm run bench -- --no-build --dir /tmp/site      bench an existing build
 *   npm run bench -- --no-build --routes /,/docs/ --runs 1
 *
 * It is a report, not a test: a failed budget is reported, not an exit code. It exits
 * non-zero only when it cannot run (bad option, build failure, server or browser failure).
 */
import {execFileSync, spawn} from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {chromium} from 'playwright-core';
import {kilobytes, measureFirstLoad, type FirstLoad} from './firstLoad';

// Lighthouse and chrome-launcher are ES modules and this file is CommonJS (the package has no
// "type": "module"), so they are loaded with import() and their types derived from it.
type LighthouseModule = typeof import('lighthouse', {with: {'resolution-mode': 'import'}});
type LhResult = NonNullable<Awaited<ReturnType<LighthouseModule['default']>>>['lhr'];
type LhSettings = LhResult['configSettings'];

const ROOT = path.resolve(__dirname, '..');
const RESULTS_FILE = path.join(ROOT, 'bench', 'results.md');
/** The full browser, as readers run it (Debian's chromium package); the tests drive the lighter headless shell. */
const CHROMIUM = process.env.BENCH_CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Flags this machine needs (no sandbox in containers, no GPU, no background traffic to skew the network log). */
const CHROME_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];

type RouteKind = 'page' | 'api';
/** The benched routes; "api" pages render a Redoc reference and get looser performance budgets. */
const ROUTES = {
  '/': 'page',
  '/docs/': 'page',
  '/examples/': 'page',
  '/examples/using-single-yaml/': 'api',
  '/examples/custom-layout/': 'api',
  '/docs/nested/nested-1': 'api',
} as const satisfies Record<string, RouteKind>;
type Route = keyof typeof ROUTES;
const ALL_ROUTES = Object.keys(ROUTES) as Route[];

const BUDGETS: Record<RouteKind, {firstLoadKB?: number; perfMobile: number; perfDesktop: number}> = {
  page: {firstLoadKB: 90, perfMobile: 90, perfDesktop: 98},
  api: {perfMobile: 75, perfDesktop: 95},
};

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
/** Categories whose failed audits are listed: they must score 100, so every failure is a to-do. */
const LISTED_CATEGORIES: readonly Category[] = ['accessibility', 'best-practices', 'seo'];
const CATEGORY_LABEL: Record<Category, string> = {
  performance: 'performance',
  accessibility: 'accessibility',
  'best-practices': 'best practices',
  seo: 'SEO',
};

/** The metrics behind the performance score, kept so a low score can be traced to its cause. */
const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
} as const;
type Metric = keyof typeof METRICS;
type Metrics = Record<Metric, number | null>;

const PRESETS = ['mobile', 'desktop'] as const;
type Preset = (typeof PRESETS)[number];

const MAX_ITEMS_PER_AUDIT = 12;

class UsageError extends Error {}

const USAGE = `Usage: npm run bench -- [--no-build] [--dir <build dir>] [--routes <r1,r2>] [--runs <n>]
  --no-build   bench an existing build instead of running \`npm run build\` first
  --dir        the build to serve with --no-build (default: build)
  --routes     comma-separated subset of: ${ALL_ROUTES.join(', ')}
  --runs       Lighthouse runs per preset and route (default: 3)`;

interface Options {
  build: boolean;
  dir: string;
  routes: Route[];
  runs: number;
}

function parseOptions(argv: string[]): Options {
  let values;
  try {
    ({values} = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        'no-build': {type: 'boolean', default: false},
        dir: {type: 'string'},
        routes: {type: 'string'},
        runs: {type: 'string', default: '3'},
        help: {type: 'boolean', short: 'h', default: false},
      },
    }));
  } catch (error) {
    // parseArgs throws TypeErrors such as "Unknown option '--foo'"; show them with the usage.
    throw new UsageError((error as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  // `npm run build` always writes build/, so a different --dir would bench something else than was built.
  if (values.dir !== undefined && !values['no-build']) {
    throw new UsageError('--dir only applies with --no-build (`npm run build` writes to build/).');
  }
  const runs = Number(values.runs);
  if (!/^\d+$/.test(values.runs) || runs < 1) {
    throw new UsageError(`--runs must be a whole number of at least 1, got "${values.runs}".`);
  }
  let routes = ALL_ROUTES;
  if (values.routes !== undefined) {
    const asked = values.routes.split(',').map((route) => route.trim()).filter(Boolean);
    const unknown = asked.filter((route) => !Object.hasOwn(ROUTES, route));
    if (asked.length === 0) throw new UsageError(`--routes needs at least one of ${ALL_ROUTES.join(', ')}.`);
    if (unknown.length > 0) {
      throw new UsageError(
        `--routes: unknown route${unknown.length === 1 ? '' : 's'} ${unknown.map((route) => `"${route}"`).join(', ')}; ` +
          `choose from ${ALL_ROUTES.join(', ')}.`,
      );
    }
    routes = [...new Set(asked as Route[])];
  }
  return {build: !values['no-build'], dir: path.resolve(ROOT, values.dir ?? 'build'), routes, runs};
}

// ---------------------------------------------------------------- small helpers

const log = (message: string): void => void process.stderr.write(`${message}\n`);

/** Median of the known values (null when there are none); the mean of the two middles for an even count. */
function median(values: readonly (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (known.length === 0) return null;
  const middle = Math.floor(known.length / 2);
  return known.length % 2 === 1 ? known[middle] : (known[middle - 1] + known[middle]) / 2;
}

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;
const score = (value: number | null): string => (value === null ? 'n/a' : String(Math.round(value)));
const milliseconds = (value: number | null): string => (value === null ? 'n/a' : `${Math.round(value)} ms`);
const seconds = (value: number | null): string => (value === null ? 'n/a' : `${(value / 1000).toFixed(1)} s`);

function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Inline code that survives any content (snippets hold backticks and pipes). */
const code = (text: string): string => `\`${text.replace(/`/g, "'")}\``;

function markdownTable(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

function git(...args: string[]): string {
  return execFileSync('git', args, {cwd: ROOT, encoding: 'utf8'}).trim();
}

/** Runs a command with its output on stderr, so stdout keeps only the report. */
function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {cwd: ROOT, stdio: ['ignore', process.stderr, process.stderr]});
    const stop = () => void child.kill();
    cleanups.add(stop);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      cleanups.delete(stop);
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/**
 * What to stop if the bench is interrupted. `finally` blocks do not run when a signal ends the
 * process, and the server and Chromium would otherwise outlive it (Chromium runs in its own
 * process group, so a Ctrl-C to the terminal does not reach it).
 */
const cleanups = new Set<() => void>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`bench: ${signal}, stopping the server and browsers`);
    for (const cleanup of cleanups) cleanup();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Server {
  origin: string;
  stop(): void;
}

/** Starts scripts/serve-build.mjs with compression and resolves once it says it is listening. */
async function serve(dir: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'scripts/serve-build.mjs'), '--dir', dir, '--port', String(port), '--compress'],
    {cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe']},
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The static server did not start in 10 s:\n${output}`)), 10_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Serving ')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The static server exited (code ${code}):\n${output}`));
    });
  });
  const stop = () => {
    cleanups.delete(stop);
    child.kill();
  };
  cleanups.add(stop);
  return {origin: `http://127.0.0.1:${port}`, stop};
}

// ---------------------------------------------------------------- Lighthouse

interface AuditFailure {
  category: Category;
  id: string;
  title: string;
  /** What the audit points at: elements, URLs (paths on the served site), console messages. */
  items: string[];
  /** Weight 0 in its category: shown as failed by Lighthouse but without effect on the score. */
  weightless: boolean;
}

interface RunSummary {
  /** Category scores out of 100; null when Lighthouse could not score the category. */
  scores: Record<Category, number | null>;
  /** Lighthouse's values: milliseconds, except CLS (unitless). */
  metrics: Metrics;
  thirdParty: string[];
  failures: AuditFailure[];
  benchmarkIndex: number | null;
  warnings: string[];
  settings: LhSettings;
  chromeVersion: string;
  lighthouseVersion: string;
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One line for a value of an audit's details table (a node, a source location, a URL, plain text). */
function describeValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value ? truncate(value, 200) : undefined;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (!isRecord(value)) return undefined;
  if (value.type === 'node') {
    const parts = [value.snippet ? code(truncate(String(value.snippet), 200)) : undefined];
    // The label is the element's text (snippets show only the opening tag, e.g. `<code>`).
    if (typeof value.nodeLabel === 'string' && value.nodeLabel && !String(value.snippet).includes(value.nodeLabel)) {
      parts.push(`“${truncate(value.nodeLabel, 80)}”`);
    }
    if (value.selector) parts.push(`selector ${code(String(value.selector))}`);
    // axe's explanation holds the "why" (e.g. the contrast ratio found); its first two lines suffice.
    if (typeof value.explanation === 'string') parts.push(truncate(value.explanation.split('\n').slice(0, 2).join(' '), 240));
    return parts.filter(Boolean).join(' — ');
  }
  if (value.type === 'source-location') {
    return `${value.url}:${Number(value.line) + 1}:${Number(value.column) + 1}`;
  }
  if ('value' in value) return describeValue(value.value);
  if ('url' in value) return describeValue(value.url);
  return truncate(JSON.stringify(value), 200);
}

/** One line per row of a failed audit's details, and one per sub-row (e.g. the URLs of an inspector issue). */
function describeItems(details: unknown): string[] {
  if (!isRecord(details) || !Array.isArray(details.items)) return [];
  const lines: string[] = [];
  for (const item of details.items as unknown[]) {
    if (!isRecord(item)) continue;
    const parts = Object.entries(item)
      .filter(([key]) => key !== 'subItems')
      .map(([key, value]) => {
        const text = describeValue(value);
        if (text === undefined) return undefined;
        return key === 'node' || key === 'url' ? text : `${key}: ${text}`;
      })
      .filter((part): part is string => part !== undefined);
    if (parts.length > 0) lines.push(parts.join('; '));
    for (const sub of describeItems(item.subItems)) lines.push(`  ↳ ${sub}`);
  }
  return lines;
}

function summarize(lhr: LhResult, origin: string): RunSummary {
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => {
      const value = lhr.categories[category]?.score;
      return [category, typeof value === 'number' ? value * 100 : null];
    }),
  ) as Record<Category, number | null>;

  const failures: AuditFailure[] = [];
  for (const category of LISTED_CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      const errored = audit.scoreDisplayMode === 'error';
      const scored = ['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode);
      if (!errored && !(scored && audit.score !== null && audit.score < 1)) continue;
      const items = describeItems(audit.details);
      if (errored) items.unshift(`audit error: ${audit.errorMessage ?? 'unknown'}`);
      if (audit.explanation) items.unshift(truncate(audit.explanation, 300));
      // The server's port changes from one bench to the next; its URLs read better as paths.
      const paths = items.map((item) => item.split(origin).join(''));
      failures.push({category, id: audit.id, title: audit.title, items: paths, weightless: ref.weight === 0});
    }
  }

  // Requests to any other origin: fonts, analytics, a remote spec. data:/blob: URLs are not requests.
  const requests = describeRequests(lhr.audits['network-requests']?.details);
  const thirdParty = requests.filter((url) => !/^(data|blob):/.test(url) && new URL(url).origin !== origin);

  const warnings = [...lhr.runWarnings];
  if (lhr.runtimeError) warnings.unshift(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  return {
    scores,
    metrics: mapMetrics((id) => lhr.audits[id]?.numericValue ?? null),
    thirdParty,
    failures,
    benchmarkIndex: lhr.environment.benchmarkIndex ?? null,
    warnings,
    settings: lhr.configSettings,
    chromeVersion: lhr.environment.hostUserAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? 'unknown',
    lighthouseVersion: lhr.lighthouseVersion,
  };
}

const mapMetrics = (value: (auditId: string, metric: Metric) => number | null): Metrics =>
  Object.fromEntries(Object.entries(METRICS).map(([metric, id]) => [metric, value(id, metric as Metric)])) as Metrics;

function describeRequests(details: unknown): string[] {
  if (!isRecord(details) || !Array.isArray(details.items)) return [];
  return (details.items as unknown[]).flatMap((item) => (isRecord(item) && typeof item.url === 'string' ? [item.url] : []));
}

/** One Lighthouse run in a Chromium of its own, with a fresh temporary profile (no cache carried over). */
async function lighthouseRun(url: string, preset: Preset, origin: string): Promise<RunSummary> {
  const [{default: lighthouse, desktopConfig}, {launch}] = await Promise.all([import('lighthouse'), import('chrome-launcher')]);
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROME_FLAGS],
    logLevel: 'silent',
    // Our own handler stops it, on SIGTERM too.
    handleSIGINT: false,
  });
  cleanups.add(chrome.kill);
  try {
    const result = await lighthouse(
      url,
      {port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES]},
      // The default config is the mobile preset.
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    return summarize(result.lhr, origin);
  } finally {
    cleanups.delete(chrome.kill);
    chrome.kill();
  }
}

// ---------------------------------------------------------------- aggregation

interface PresetSummary {
  runs: RunSummary[];
  scores: Record<Category, number | null>;
  metrics: Metrics;
}

interface RouteResult {
  route: Route;
  firstLoad: FirstLoad;
  presets: Record<Preset, PresetSummary>;
  thirdParty: string[];
  /** Failed audits, the same audit of both presets merged; `seen` counts the runs it failed in. */
  failures: (AuditFailure & {seen: Record<Preset, number>})[];
}

function summarizePreset(runs: RunSummary[]): PresetSummary {
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, median(runs.map((run) => run.scores[category]))]),
  ) as Record<Category, number | null>;
  return {runs, scores, metrics: mapMetrics((_, metric) => median(runs.map((run) => run.metrics[metric])))};
}

function mergeFailures(runsByPreset: Record<Preset, RunSummary[]>): RouteResult['failures'] {
  const merged = new Map<string, AuditFailure & {seen: Record<Preset, number>; itemSet: Set<string>}>();
  for (const preset of PRESETS) {
    for (const run of runsByPreset[preset]) {
      for (const failure of run.failures) {
        const entry = merged.get(failure.id) ?? {...failure, items: [], itemSet: new Set<string>(), seen: {mobile: 0, desktop: 0}};
        entry.seen[preset] += 1;
        failure.items.forEach((item) => entry.itemSet.add(item));
        merged.set(failure.id, entry);
      }
    }
  }
  // Grouped by category (a11y, best practices, SEO), as Lighthouse's report lists them.
  return [...merged.values()]
    .map(({itemSet, ...failure}) => ({...failure, items: [...itemSet]}))
    .sort((a, b) => LISTED_CATEGORIES.indexOf(a.category) - LISTED_CATEGORIES.indexOf(b.category));
}

// ---------------------------------------------------------------- budgets

interface BudgetCheck {
  route: Route;
  name: string;
  target: string;
  measured: string;
  holds: boolean;
}

function checkBudgets(result: RouteResult): BudgetCheck[] {
  const kind = ROUTES[result.route];
  const budget = BUDGETS[kind];
  const {mobile, desktop} = result.presets;
  // Budgets apply to the scores as Lighthouse shows them: rounded medians.
  const rounded = (value: number | null) => (value === null ? null : Math.round(value));
  const atLeast = (name: string, value: number | null, min: number): BudgetCheck => ({
    route: result.route,
    name,
    target: min === 100 ? '100' : `≥ ${min}`,
    measured: score(value),
    holds: value !== null && rounded(value)! >= min,
  });
  const checks: BudgetCheck[] = [];
  if (budget.firstLoadKB !== undefined) {
    checks.push({
      route: result.route,
      name: 'first load (gzip)',
      target: `≤ ${budget.firstLoadKB} KB`,
      measured: kilobytes(result.firstLoad.gzipBytes),
      holds: result.firstLoad.gzipBytes <= budget.firstLoadKB * 1024,
    });
  }
  checks.push(atLeast('performance mobile', mobile.scores.performance, budget.perfMobile));
  checks.push(atLeast('performance desktop', desktop.scores.performance, budget.perfDesktop));
  for (const category of LISTED_CATEGORIES) {
    // Both presets must reach 100: the mobile run checks e.g. the viewport, the desktop run does not.
    const both = [mobile.scores[category], desktop.scores[category]];
    const worst = both.includes(null) ? null : Math.min(...(both as number[]));
    checks.push(atLeast(CATEGORY_LABEL[category], worst, 100));
  }
  checks.push({
    route: result.route,
    name: 'third-party requests',
    target: 'none',
    measured: String(result.thirdParty.length),
    holds: result.thirdParty.length === 0,
  });
  return checks;
}

// ---------------------------------------------------------------- report

interface Context {
  options: Options;
  started: Date;
  durationMs: number;
  commit: string;
  dirty: boolean;
  chromium: string;
  loadBefore: number[];
  loadAfter: number[];
}

/** Same score on both presets shows once; otherwise "mobile / desktop". */
function bothPresets(result: RouteResult, category: Category): string {
  const mobile = score(result.presets.mobile.scores[category]);
  const desktop = score(result.presets.desktop.scores[category]);
  return mobile === desktop ? mobile : `${mobile} / ${desktop}`;
}

function resultsTable(results: RouteResult[]): string {
  return markdownTable(
    [
      'route',
      'first-load HTML+JS+CSS (gzip)',
      'perf mobile / desktop',
      'a11y',
      'best practices',
      'SEO',
      'TBT mobile',
      'LCP mobile',
      'third-party requests',
    ],
    results.map((result) => [
      code(result.route),
      `${kilobytes(result.firstLoad.gzipBytes)} (${result.firstLoad.files.length} files)`,
      `${score(result.presets.mobile.scores.performance)} / ${score(result.presets.desktop.scores.performance)}`,
      bothPresets(result, 'accessibility'),
      bothPresets(result, 'best-practices'),
      bothPresets(result, 'seo'),
      milliseconds(result.presets.mobile.metrics.tbt),
      seconds(result.presets.mobile.metrics.lcp),
      result.thirdParty.length === 0
        ? 'none'
        : `${result.thirdParty.length}: ${[...new Set(result.thirdParty.map((url) => new URL(url).host))].join(', ')}`,
    ]),
  );
}

function budgetsSection(checks: BudgetCheck[]): string {
  const failed = checks.filter((check) => !check.holds).length;
  return [
    `${checks.length - failed} of ${checks.length} budgets hold${failed ? `, ${failed} fail` : ''}.`,
    '',
    markdownTable(
      ['route', 'budget', 'target', 'measured', 'holds'],
      checks.map((check) => [code(check.route), check.name, check.target, check.measured, check.holds ? 'yes' : '**NO**']),
    ),
  ].join('\n');
}

/**
 * Puts one item per distinct reason first (the text after the last " — ", e.g. a contrast ratio
 * and its colours), so a capped list still shows every kind of problem, not 12 of the same.
 * Sub-items ("↳" lines) stay with the item above them.
 */
function varietyFirst(items: string[]): string[] {
  const blocks: string[][] = [];
  for (const item of items) {
    if (item.startsWith('  ↳') && blocks.length > 0) blocks[blocks.length - 1].push(item);
    else blocks.push([item]);
  }
  const seen = new Set<string>();
  const first: string[][] = [];
  const rest: string[][] = [];
  for (const block of blocks) {
    const reason = block[0].slice(Math.max(0, block[0].lastIndexOf(' — ')));
    (seen.has(reason) ? rest : first).push(block);
    seen.add(reason);
  }
  return [...first, ...rest].flat();
}

function failuresSection(results: RouteResult[], runs: number): string {
  const lines: string[] = [];
  for (const result of results) {
    lines.push(`### ${code(result.route)}`, '');
    if (result.failures.length === 0) {
      lines.push('No failed audits.', '');
      continue;
    }
    for (const failure of result.failures) {
      const seen = PRESETS.filter((preset) => failure.seen[preset] > 0)
        .map((preset) => `${preset} ${failure.seen[preset]}/${runs}`)
        .join(', ');
      const weight = failure.weightless ? '; weight 0, does not change the score' : '';
      lines.push(`- ${CATEGORY_LABEL[failure.category]}: ${code(failure.id)} — ${failure.title} (failed in ${seen}${weight})`);
      const items = varietyFirst(failure.items);
      for (const item of items.slice(0, MAX_ITEMS_PER_AUDIT)) lines.push(`  - ${item}`);
      if (items.length > MAX_ITEMS_PER_AUDIT) lines.push(`  - … and ${items.length - MAX_ITEMS_PER_AUDIT} more`);
    }
    lines.push('');
  }
  return lines.join('\n').trimEnd();
}

function thirdPartySection(results: RouteResult[]): string {
  const withRequests = results.filter((result) => result.thirdParty.length > 0);
  if (withRequests.length === 0) return 'None: every request of every run went to the served site.';
  return withRequests
    .map((result) => [`- ${code(result.route)}`, ...result.thirdParty.map((url) => `  - ${url}`)].join('\n'))
    .join('\n');
}

function runsSection(results: RouteResult[]): string {
  const list = (values: (number | null)[], format: (value: number | null) => string) => values.map(format).join(', ');
  const layoutShift = (value: number | null) => (value === null ? 'n/a' : value.toFixed(3));
  return markdownTable(
    ['route', 'preset', 'performance per run', 'TBT per run', 'FCP', 'LCP', 'TBT', 'CLS', 'Speed Index'],
    results.flatMap((result) =>
      PRESETS.map((preset) => {
        const {runs, metrics} = result.presets[preset];
        return [
          code(result.route),
          preset,
          list(runs.map((run) => run.scores.performance), score),
          list(runs.map((run) => run.metrics.tbt), milliseconds),
          seconds(metrics.fcp),
          seconds(metrics.lcp),
          milliseconds(metrics.tbt),
          layoutShift(metrics.cls),
          seconds(metrics.si),
        ];
      }),
    ),
  );
}

function describeSettings(settings: LhSettings): string {
  const {throttling: t, screenEmulation: screen} = settings;
  return (
    `${settings.formFactor}, ${screen.disabled ? 'no screen emulation' : `${screen.width}×${screen.height} @${screen.deviceScaleFactor}x`}, ` +
    `${settings.throttlingMethod} throttling (RTT ${t.rttMs} ms, ${Math.round(t.throughputKbps)} kbit/s, CPU ×${t.cpuSlowdownMultiplier})`
  );
}

function report(results: RouteResult[], context: Context): string {
  const {options} = context;
  const allRuns = results.flatMap((result) => PRESETS.flatMap((preset) => result.presets[preset].runs));
  const sample = allRuns[0];
  const partial = options.runs !== 3 || options.routes.length !== ALL_ROUTES.length;
  const benchmarkIndex = median(allRuns.map((run) => run.benchmarkIndex));
  // Lighthouse's own threshold (core/gather/driver/environment.js), for its default 4x CPU slowdown.
  const slowCpu = benchmarkIndex !== null && benchmarkIndex <= 1000;
  const warnings = [...new Set(allRuns.flatMap((run) => run.warnings))];
  const settingsOf = (preset: Preset) => results[0]?.presets[preset].runs[0]?.settings;
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ');

  return `# Performance benchmark

Generated by \`npm run bench\` (scripts/bench.ts).${partial ? ` **Partial run** (${plural(options.routes.length, 'route')}, ${plural(options.runs, 'run')} per preset): not comparable with a full run.` : ''}

- Date: ${context.started.toISOString()} (took ${(context.durationMs / 1000 / 60).toFixed(1)} min)
- Commit: \`${context.commit}\`${context.dirty ? ' (working tree has uncommitted changes)' : ' (clean tree)'}
- Build: ${options.build ? 'fresh `npm run build`' : `existing build in \`${options.dir}\``}
- Machine: ${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 1024 ** 3)} GB RAM, ${os.type()} ${os.release()}; load average (1/5/15 min) ${load(context.loadBefore)} before, ${load(context.loadAfter)} after
- Node ${process.version}; Chromium ${context.chromium}; Lighthouse ${sample?.lighthouseVersion ?? 'n/a'}; Lighthouse benchmark index (median) ${benchmarkIndex === null ? 'n/a' : Math.round(benchmarkIndex)}${slowCpu ? ' — below 1000, which Lighthouse calls a slower CPU than its mobile throttling expects: mobile scores read lower here than on a typical machine (its CLI would warn; the Node API does not)' : ''}

## Method

- The build is served by \`scripts/serve-build.mjs --compress\` on 127.0.0.1: brotli to browsers that accept it (Chromium does), gzip otherwise, like a CDN; hashed assets are cacheable, pages are revalidated. The server compresses each file once and keeps the result; the first-load pass below runs first and fills that cache, so the Lighthouse runs see cache hits, as from a CDN edge.
- **Lighthouse** (Node API) runs ${plural(options.runs, 'time')} per route with each preset, each run in its own headless Chromium with a fresh temporary profile, so no cache carries over. Categories: performance, accessibility, best practices, SEO.
  - mobile: the default config — ${settingsOf('mobile') ? describeSettings(settingsOf('mobile')!) : 'n/a'}
  - desktop: \`lighthouse/core/config/desktop-config.js\` — ${settingsOf('desktop') ? describeSettings(settingsOf('desktop')!) : 'n/a'}
- Each score is the median of the runs of its preset; a11y, best practices and SEO show one number when both presets agree, else "mobile / desktop". TBT and LCP are the medians of the mobile runs' Lighthouse values (simulated throttling: computed from the unthrottled load, so CPU contention on this shared machine can still move TBT; the per-run figures are below).
- **First-load bytes**: \`measureFirstLoad\` (scripts/firstLoad.ts) in Playwright, a fresh browser context per route: every same-origin HTML document, script and style sheet loaded until the page has hydrated and the network is idle (link prefetches excluded), summed as gzip level 9 sizes of the bodies. Measured once per route (it does not vary).
- **Third-party requests**: URLs in Lighthouse's \`network-requests\` audit whose origin is not the served site (data: and blob: URLs excluded), over all runs of both presets.
- Budgets: \`/\`, \`/docs/\`, \`/examples/\` first load ≤ 90 KB gzip, performance ≥ 90 mobile and ≥ 98 desktop; API pages (the other routes) ≥ 75 mobile and ≥ 95 desktop; every route 100 in a11y, best practices and SEO on both presets, and no third-party request. Scores are compared as Lighthouse shows them (rounded).

## Results

${resultsTable(results)}

## Budgets

${budgetsSection(results.flatMap(checkBudgets))}

## Failed audits (accessibility, best practices, SEO)

Each failed audit with what it points at (elements, URLs, messages), over all runs of both presets.

${failuresSection(results, options.runs)}

## Third-party requests

${thirdPartySection(results)}

## Runs

The performance score of each run and, per preset, the medians of the metrics it is computed from (FCP, LCP, TBT, CLS, Speed Index), to show where a low score comes from.

${runsSection(results)}
${warnings.length ? `\n## Lighthouse warnings\n\n${warnings.map((warning) => `- ${truncate(warning, 400)}`).join('\n')}\n` : ''}`;
}

// ---------------------------------------------------------------- main

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const started = new Date();
  const loadBefore = os.loadavg();
  // The commit the numbers belong to; the results file itself does not make the tree "dirty".
  const commit = git('rev-parse', '--short', 'HEAD');
  const dirty = git('status', '--porcelain', '--', '.', `:(exclude)${path.relative(ROOT, RESULTS_FILE)}`) !== '';

  if (options.build) {
    log('Building the site (npm run build)…');
    await run('npm', ['run', 'build']);
  }
  if (!fs.existsSync(path.join(options.dir, 'index.html'))) {
    throw new Error(`No built site in ${options.dir} (index.html is missing).`);
  }

  const server = await serve(options.dir);
  log(`Serving ${options.dir} at ${server.origin}`);
  try {
    // First-load bytes: one Playwright browser, a fresh context (empty cache) per route. This pass
    // also fills the server's compression cache, so Lighthouse sees CDN-like response times; the
    // first brotli of the large Redoc chunks takes seconds, hence the long timeouts.
    const browser = await chromium.launch({executablePath: CHROMIUM, args: CHROME_FLAGS});
    const chromiumVersion = browser.version();
    const firstLoads = new Map<Route, FirstLoad>();
    try {
      for (const route of options.routes) {
        const browserContext = await browser.newContext({baseURL: server.origin});
        browserContext.setDefaultTimeout(120_000);
        try {
          const firstLoad = await measureFirstLoad(await browserContext.newPage(), route);
          firstLoads.set(route, firstLoad);
          log(`first load ${route}: ${kilobytes(firstLoad.gzipBytes)} gzip in ${firstLoad.files.length} files`);
        } finally {
          await browserContext.close();
        }
      }
    } finally {
      await browser.close();
    }

    const results: RouteResult[] = [];
    const total = options.routes.length * options.runs * PRESETS.length;
    let done = 0;
    for (const route of options.routes) {
      const runs: Record<Preset, RunSummary[]> = {mobile: [], desktop: []};
      for (let index = 0; index < options.runs; index++) {
        // Alternating presets spreads a burst of load from other work on the machine over both.
        for (const preset of PRESETS) {
          const runStart = Date.now();
          const summary = await lighthouseRun(server.origin + route, preset, server.origin);
          runs[preset].push(summary);
          done += 1;
          log(
            `[${done}/${total}] ${route} ${preset} #${index + 1}: perf ${score(summary.scores.performance)}, ` +
              `TBT ${milliseconds(summary.metrics.tbt)}, LCP ${seconds(summary.metrics.lcp)} (${((Date.now() - runStart) / 1000).toFixed(1)} s)`,
          );
        }
      }
      results.push({
        route,
        firstLoad: firstLoads.get(route)!,
        presets: {mobile: summarizePreset(runs.mobile), desktop: summarizePreset(runs.desktop)},
        thirdParty: [...new Set(PRESETS.flatMap((preset) => runs[preset].flatMap((run) => run.thirdParty)))],
        failures: mergeFailures(runs),
      });
    }

    const markdown = report(results, {
      options,
      started,
      durationMs: Date.now() - started.getTime(),
      commit,
      dirty,
      chromium: chromiumVersion,
      loadBefore,
      loadAfter: os.loadavg(),
    });
    fs.mkdirSync(path.dirname(RESULTS_FILE), {recursive: true});
    fs.writeFileSync(RESULTS_FILE, markdown);
    process.stdout.write(
      `${resultsTable(results)}\n\n${budgetsSection(results.flatMap(checkBudgets))}\n\n` +
        `Failed audits (accessibility, best practices, SEO):\n\n${failuresSection(results, options.runs)}\n\n` +
        `Written to ${path.relative(process.cwd(), RESULTS_FILE)}\n`,
    );
  } finally {
    server.stop();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    log(`bench: ${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else {
    log(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = 1;
  }
});
