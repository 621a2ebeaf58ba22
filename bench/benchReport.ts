/**
 * The pure part of `npm run bench` (bench/lighthouse.ts): what it reads from each Lighthouse result,
 * the budgets Lighthouse CI cannot check (those relative to other pages of the same run, and
 * first-load bytes), and the Markdown of bench/results.md. No I/O, so that
 * tests/scripts/bench-report.spec.ts checks the rules on made-up results, without Lighthouse.
 */
import routeTable from './routes.json';
import {kilobytes} from './firstLoad';

export const PRESETS = ['mobile', 'desktop'] as const;
export type Preset = (typeof PRESETS)[number];
/** Our build, or the empty Docusaurus site it is compared with (bench/floor/). */
export type Site = keyof typeof routeTable;
/** "api" pages render a Redoc reference; a page and a doc compare with the floor's of the same kind. */
export type RouteKind = 'page' | 'doc' | 'api';

export interface Route {
  site: Site;
  path: string;
  kind: RouteKind;
  /** How the report names it: the path, or "floor: /" for the floor's. */
  label: string;
}

export const ROUTES: readonly Route[] = (Object.keys(routeTable) as Site[]).flatMap((site) =>
  Object.entries(routeTable[site]).map(([path, kind]) => ({
    site,
    path,
    kind: kind as RouteKind,
    label: site === 'floor' ? `floor: ${path}` : path,
  })),
);

/** The budgets this module checks; the others are LHCI assertions in bench/lighthouserc.cjs. */
export const BUDGETS = {
  /** An API page's mobile TBT, at most this many times the home page's. */
  apiTbtPerHomeTbt: 3,
  /** A page's or doc's mobile TBT, at most this many times the floor's page of the same kind. */
  tbtPerFloorTbt: 1.2,
  /** First load of a page or doc: HTML, JS and CSS, gzip level 6. */
  firstLoadKB: 100,
} as const;

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const CATEGORY_LABEL: Record<Category, string> = {
  performance: 'performance',
  accessibility: 'accessibility',
  'best-practices': 'best practices',
  seo: 'SEO',
};

export interface LhSettings {
  formFactor: string;
  throttlingMethod: string;
  throttling: {rttMs: number; throughputKbps: number; cpuSlowdownMultiplier: number};
  screenEmulation: {disabled: boolean; width: number; height: number; deviceScaleFactor: number};
}

/** The parts of a Lighthouse result (LHR) the bench reads. */
export interface Lhr {
  requestedUrl: string;
  lighthouseVersion: string;
  categories: Partial<Record<Category, {score: number | null}>>;
  audits: Record<string, {numericValue?: number; details?: {items?: {resourceType?: string; requestCount?: number}[]}}>;
  environment: {benchmarkIndex: number};
  configSettings: LhSettings;
  runWarnings: string[];
}

export interface RunSummary {
  /** Category scores out of 100; null when Lighthouse could not score one. */
  scores: Record<Category, number | null>;
  tbt: number | null;
  lcp: number | null;
  /** Requests to other sites, as LHCI's assertion counts them (Lighthouse's resource summary). */
  thirdParty: number | null;
  benchmarkIndex: number | null;
}

export function summarizeRun(lhr: Lhr): RunSummary {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? null;
  const score = (category: Category) => {
    const value = lhr.categories[category]?.score;
    return typeof value === 'number' ? Math.round(value * 100) : null;
  };
  const thirdParty = lhr.audits['resource-summary']?.details?.items?.find((item) => item.resourceType === 'third-party');
  return {
    scores: Object.fromEntries(CATEGORIES.map((category) => [category, score(category)])) as Record<Category, number | null>,
    tbt: numeric('total-blocking-time'),
    lcp: numeric('largest-contentful-paint'),
    thirdParty: thirdParty?.requestCount ?? null,
    benchmarkIndex: lhr.environment.benchmarkIndex ?? null,
  };
}

export interface RouteResult {
  route: Route;
  /** Absent when the first-load pass did not run for the route. */
  firstLoad?: {gzipBytes: number; files: number};
  runs: Record<Preset, RunSummary[]>;
}

/** What `npm run bench` writes to bench/data/site.json: the run, each route's runs, the budgets. */
export interface SiteRunData {
  date: string;
  commit: string;
  dirty: boolean;
  runs: number;
  /** Fewer routes or runs than a full run. */
  partial: boolean;
  routes: RouteResult[];
  budgets: BudgetCheck[];
}

/** One entry of LHCI's assertion-results.json (written with includePassedAssertions). */
export interface LhciAssertion {
  url: string;
  auditId: string;
  auditProperty?: string;
  expected: number;
  actual: number;
  passed: boolean;
}

export interface BudgetCheck {
  route: string;
  budget: string;
  target: string;
  measured: string;
  /** null: not checked, because a figure it needs was not measured. */
  holds: boolean | null;
}

/** The `share` quantile (0 to 1) of the known values, between neighbours; null when none is known. */
export function quantile(values: readonly (number | null)[], share: number): number | null {
  const known = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (known.length === 0) return null;
  const at = (known.length - 1) * share;
  const below = Math.floor(at);
  const above = Math.min(below + 1, known.length - 1);
  return known[below] + (known[above] - known[below]) * (at - below);
}

/** Median of the known values; the mean of the two middle ones for an even count. */
export function median(values: readonly (number | null)[]): number | null {
  return quantile(values, 0.5);
}

const ms = (value: number | null) => (value === null || Number.isNaN(value) ? 'n/a' : `${Math.round(value)} ms`);
const seconds = (value: number | null) => (value === null ? 'n/a' : `${(value / 1000).toFixed(1)} s`);
const show = (value: number | null) => (value === null ? 'n/a' : String(value));
const code = (text: string) => `\`${text}\``;
const mobileTbt = (result: RouteResult | undefined) => (result ? median(result.runs.mobile.map((run) => run.tbt)) : null);

/** LHCI's verdict on one assertion, for each preset given (one row; presets that agree show one figure). */
function lhciCheck(
  route: Route,
  assertions: Record<Preset, LhciAssertion[]>,
  presets: readonly Preset[],
  budget: string,
  auditId: string,
  auditProperty: string,
  format: (actual: number) => string,
  target: (expected: number) => string,
): BudgetCheck {
  const found = presets.map((preset) =>
    assertions[preset].find(
      (entry) => new URL(entry.url).pathname === route.path && entry.auditId === auditId && entry.auditProperty === auditProperty,
    ),
  );
  const measured = found.map((entry) => (entry === undefined || Number.isNaN(entry.actual) ? 'n/a' : format(entry.actual)));
  const same = measured.every((value) => value === measured[0]);
  return {
    route: route.label,
    budget,
    target: found[0] ? target(found[0].expected) : 'n/a',
    measured: same ? measured[0] : presets.map((preset, index) => `${preset} ${measured[index]}`).join(' / '),
    holds: found.some((entry) => entry === undefined) ? null : found.every((entry) => entry!.passed),
  };
}

/** A mobile TBT budget relative to another route of the same run. */
function relativeTbtCheck(result: RouteResult, reference: RouteResult | undefined, factor: number, referenceLabel: string): BudgetCheck {
  const measured = mobileTbt(result);
  const base = mobileTbt(reference);
  const limit = base === null ? null : base * factor;
  return {
    route: result.route.label,
    budget: 'TBT mobile',
    target: `≤ ${factor} × ${code(referenceLabel)} (${limit === null ? 'not measured' : `${ms(base)}: ${ms(limit)}`})`,
    measured: ms(measured),
    holds: measured === null || limit === null ? null : measured <= limit,
  };
}

/**
 * Every budget of every route of our site: the relative ones and first-load bytes checked here,
 * the rest as LHCI's assert found them. The floor's routes have no budgets; they are the yardstick.
 */
export function checkBudgets(results: readonly RouteResult[], assertions: Record<Preset, LhciAssertion[]>): BudgetCheck[] {
  const home = results.find(({route}) => route.site === 'site' && route.path === '/');
  const score = (actual: number) => String(Math.round(actual * 100));
  const checks: BudgetCheck[] = [];
  for (const result of results.filter(({route}) => route.site === 'site')) {
    const {route} = result;
    if (route.kind === 'api') {
      for (const preset of PRESETS) {
        checks.push(
          lhciCheck(route, assertions, [preset], `performance ${preset}`, 'categories', 'performance', score, (expected) => `≥ ${score(expected)}`),
        );
      }
      checks.push(relativeTbtCheck(result, home, BUDGETS.apiTbtPerHomeTbt, '/'));
    } else {
      const floor = results.find((other) => other.route.site === 'floor' && other.route.kind === route.kind);
      const floorLabel = ROUTES.find((other) => other.site === 'floor' && other.kind === route.kind)?.label ?? 'floor';
      checks.push(relativeTbtCheck(result, floor, BUDGETS.tbtPerFloorTbt, floorLabel));
      const bytes = result.firstLoad?.gzipBytes;
      checks.push({
        route: route.label,
        budget: 'first load (gzip 6)',
        target: `≤ ${BUDGETS.firstLoadKB} KB`,
        measured: bytes === undefined ? 'n/a' : kilobytes(bytes),
        holds: bytes === undefined ? null : bytes <= BUDGETS.firstLoadKB * 1024,
      });
    }
    for (const category of ['accessibility', 'best-practices', 'seo'] as const) {
      checks.push(lhciCheck(route, assertions, PRESETS, CATEGORY_LABEL[category], 'categories', category, score, score));
    }
    checks.push(
      lhciCheck(route, assertions, PRESETS, 'third-party requests', 'resource-summary', 'third-party.count', String, () => 'none'),
    );
  }
  return checks;
}

export function markdownTable(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export function resultsTable(results: readonly RouteResult[]): string {
  const medianScore = (result: RouteResult, preset: Preset, category: Category) =>
    median(result.runs[preset].map((run) => run.scores[category]));
  /** One figure when both presets agree, else "mobile / desktop". */
  const both = (result: RouteResult, category: Category) => {
    const [mobile, desktop] = PRESETS.map((preset) => show(medianScore(result, preset, category)));
    return mobile === desktop ? mobile : `${mobile} / ${desktop}`;
  };
  return markdownTable(
    ['route', 'first load (gzip 6)', 'perf mobile / desktop', 'TBT mobile', 'LCP mobile', 'a11y', 'best practices', 'SEO', 'third-party requests'],
    results.map((result) => {
      const thirdParty = Math.max(0, ...PRESETS.flatMap((preset) => result.runs[preset].map((run) => run.thirdParty ?? 0)));
      return [
        code(result.route.label),
        result.firstLoad ? `${kilobytes(result.firstLoad.gzipBytes)} (${result.firstLoad.files} files)` : 'n/a',
        PRESETS.map((preset) => show(medianScore(result, preset, 'performance'))).join(' / '),
        ms(mobileTbt(result)),
        seconds(median(result.runs.mobile.map((run) => run.lcp))),
        both(result, 'accessibility'),
        both(result, 'best-practices'),
        both(result, 'seo'),
        thirdParty === 0 ? 'none' : `up to ${thirdParty} per run`,
      ];
    }),
  );
}

/** The budgets as a table; `subject` heads the column of what each is about (a route, or another page). */
export function budgetsTable(checks: readonly BudgetCheck[], subject = 'route'): string {
  const failed = checks.filter((check) => check.holds === false).length;
  const unchecked = checks.filter((check) => check.holds === null).length;
  const verdict = (holds: boolean | null) => (holds === null ? 'not checked' : holds ? 'yes' : '**NO**');
  return [
    `${checks.length - failed - unchecked} of ${checks.length} budgets hold` +
      `${failed ? `, ${failed} fail` : ''}${unchecked ? `, ${unchecked} not checked` : ''}.`,
    '',
    markdownTable(
      [subject, 'budget', 'target', 'measured', 'holds'],
      checks.map((check) => [code(check.route), check.budget, check.target, check.measured, verdict(check.holds)]),
    ),
  ].join('\n');
}

function runsTable(results: readonly RouteResult[]): string {
  return markdownTable(
    ['route', 'preset', 'performance per run', 'TBT per run', 'benchmark index per run'],
    results.flatMap((result) =>
      PRESETS.map((preset) => {
        const runs = result.runs[preset];
        return [
          code(result.route.label),
          preset,
          runs.map((run) => show(run.scores.performance)).join(', '),
          runs.map((run) => ms(run.tbt)).join(', '),
          runs.map((run) => show(run.benchmarkIndex === null ? null : Math.round(run.benchmarkIndex))).join(', '),
        ];
      }),
    ),
  );
}

function describeSettings(settings: LhSettings | undefined): string {
  if (!settings) return 'n/a';
  const {throttling: t, screenEmulation: screen} = settings;
  return (
    `${settings.formFactor}, ${screen.disabled ? 'no screen emulation' : `${screen.width}×${screen.height} @${screen.deviceScaleFactor}x`}, ` +
    `${settings.throttlingMethod} throttling (RTT ${t.rttMs} ms, ${Math.round(t.throughputKbps)} kbit/s, CPU ×${t.cpuSlowdownMultiplier})`
  );
}

/** Everything of the report that is not measured per route; bench.ts gathers it. */
export interface ReportContext {
  date: string;
  minutes: number;
  commit: string;
  dirty: boolean;
  build: string;
  machine: string;
  versions: {node: string; chromium: string; lighthouse: string; lhci: string};
  runs: number;
  /** Fewer routes or runs than a full bench. */
  partial: boolean;
  settings: Partial<Record<Preset, LhSettings>>;
  warnings: string[];
}

export function report(results: readonly RouteResult[], checks: readonly BudgetCheck[], context: ReportContext): string {
  const index = median(results.flatMap((result) => PRESETS.flatMap((preset) => result.runs[preset].map((run) => run.benchmarkIndex))));
  // Lighthouse's own threshold (core/gather/driver/environment.js) for its default 4× CPU slowdown.
  const slow = index !== null && index <= 1000;
  const {versions} = context;
  const runs = `${context.runs} run${context.runs === 1 ? '' : 's'}`;
  return `# Performance benchmark

Generated by \`npm run bench\` (bench/lighthouse.ts on Lighthouse CI).${context.partial ? ' **Partial run** (fewer routes or runs than `npm run bench`): not comparable with a full run.' : ''}

- Date: ${context.date} (took ${context.minutes.toFixed(1)} min)
- Commit: \`${context.commit}\`${context.dirty ? ' (working tree has uncommitted changes)' : ' (clean tree)'}
- Build: ${context.build}
- Machine: ${context.machine}
- Node ${versions.node}; Chromium ${versions.chromium}; Lighthouse ${versions.lighthouse}; Lighthouse CI ${versions.lhci}
- Lighthouse benchmark index (median of all runs): ${index === null ? 'n/a' : Math.round(index)}${slow ? ' — at most 1000, which Lighthouse calls a slower CPU than its mobile throttling expects: mobile scores read lower here than on a typical machine, so compare within one run' : ''}

## Method

- Our build and the floor's are each served by \`scripts/cli/serve-build.mjs --compress\` on 127.0.0.1: brotli to browsers that accept it, like a CDN; hashed assets are cacheable, pages are revalidated. The first-load pass runs first and fills the server's compression cache, so Lighthouse sees cache hits, as from a CDN edge.
- **The floor** (\`bench/floor/\`) is an empty Docusaurus 2.4.3 classic site built with our node_modules: default preset with the blog off, one page (\`/\`) and one doc (\`/docs/intro\`). Its rows show what Docusaurus itself costs on this machine in this run.
- **Lighthouse CI**: \`lhci collect\` with \`bench/lighthouserc.cjs\`, ${runs} per route and preset, in rounds: each round runs every route once with the mobile preset, then with the desktop one, our routes and the floor's in turn, so a burst of load from other work on the machine falls on both sites alike. Each run is a fresh headless Chromium with a fresh profile.
  - mobile: Lighthouse's defaults — ${describeSettings(context.settings.mobile)}
  - desktop: \`preset: 'desktop'\` — ${describeSettings(context.settings.desktop)}
- Scores, TBT and LCP are medians of the runs of a preset. TBT is Lighthouse's simulated value, computed from the unthrottled load, so CPU contention on a shared machine still moves it (the runs are listed below).
- **First load**: \`measureFirstLoad\` (bench/firstLoad.ts) in Playwright with a fresh context per route: every same-origin HTML document, script and style sheet loaded until the page has hydrated and the network is idle (link prefetches excluded), summed as gzip level 6 sizes. Measured once per route (it does not vary).
- **Budgets**: \`lhci assert\` checks those LHCI can express (the assertMatrix of \`bench/lighthouserc.cjs\`): the API pages' performance scores, and on every route accessibility, best practices and SEO (medians, each preset) and requests to other sites (Lighthouse's resource summary, in any run). The bench checks the rest (\`bench/benchReport.ts\`): an API page's mobile TBT against the home page's, a non-API page's against the floor's page of the same kind, and non-API first loads. The same kind: the floor's home for \`/\` and \`/examples/\` (React pages), its doc for \`/docs/\` (sidebar, table of contents and the docs plugin's chunks). Against the floor's worst route, the pages would get the docs layout's cost as slack; against its home, \`/docs/\` would be charged for it.
- Full reports of every run (HTML and JSON, with \`manifest.json\`): \`bench/.lighthouseci/<site>-<preset>/reports/\`, not committed.

## Results

${resultsTable(results)}

## Budgets

${budgetsTable(checks)}

## Runs

${runsTable(results)}
${context.warnings.length ? `\n## Lighthouse warnings\n\n${context.warnings.map((warning) => `- ${warning.replace(/\s+/g, ' ')}`).join('\n')}\n` : ''}`;
}
