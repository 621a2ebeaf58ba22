/**
 * The pure part of `npm run bench:kit` (bench/kit.ts): the figures of each site, their medians,
 * the kit's budgets and the Markdown of its section of bench/results.md. No I/O, so that
 * tests/scripts/kit-report.spec.ts checks the budgets on made-up figures.
 */
import {budgetsTable, markdownTable, median, quantile, type BudgetCheck} from './benchReport';
import {kilobytes} from './firstLoad';
import type {BenchSpec, SiteBuild, Variant} from './kitSites';
import {mib, ms, percent, thousands, type KitRunData, type KitSiteData, type MedianFigure} from './kitData';
import type {AxeCounts, Heights} from './renderedPage';

/** A measurement, or why it could not be made. */
export type Outcome<T> = {ok: true; value: T} | {ok: false; error: string};

/** What `work` gives, or the message it fails with. */
export async function outcomeOf<T>(work: Promise<T>): Promise<Outcome<T>> {
  try {
    return {ok: true, value: await work};
  } catch (error) {
    return {ok: false, error: error instanceof Error ? error.message : String(error)};
  }
}

/** Long tasks of a traced load or click, in milliseconds. */
export interface TaskFigures {
  /** Each long task less 50 ms, summed (after first contentful paint, for a load). */
  blocking: number;
  longest: number;
  /** False when the page was still busy when the recording stopped: the figures are lower bounds. */
  settled: boolean;
}

export interface SiteFigures {
  spec: BenchSpec;
  variant: Variant;
  build: SiteBuild;
  /** Every script of a first visit of the home page: uncompressed and gzip level 6 bytes. */
  homeScripts?: Outcome<{bytes: number; gzipBytes: number}>;
  heights: {phone?: Outcome<Heights>; desktop?: Outcome<Heights>};
  axe?: Outcome<AxeCounts>;
  /** One per run, in order. */
  coldLoads: Outcome<TaskFigures>[];
  clickThroughs: Outcome<TaskFigures>[];
  lighthouse: Outcome<number>[];
  /** Opening the first operation's console, one per run, on the sites of CONSOLE_SPECS (kit only). */
  consoleOpenings: Outcome<{longest: number; settled: boolean}>[];
}

/** The budgets' thresholds. */
export const KIT_BUDGETS = {
  /** Peak memory of a corpus spec's kit build, with Node's default heap. */
  buildPeakMiB: 2048,
  /** A corpus page's cold-load blocking, at most this many times the pet store page's. */
  coldBlockingPerPetStore: 1.5,
  /** Its longest task, at most this many times the pet store page's (also after a click). */
  longestPerPetStore: 1.15,
  /** Its Lighthouse mobile score, at most this many points under the pet store page's. */
  lighthouseBelowPetStore: 5,
  /** Blocking after a click, at most this many times the pet store page's cold-load blocking. */
  clickBlockingPerPetStoreCold: 1.5,
  /** |height on load − rendered| / rendered. */
  heightError: 0.25,
  /** The kit's pet store page blocks at most this share of stock's (cold load). */
  petStoreBlockingPerStock: 0.25,
  /**
   * Home page scripts of a kit site, uncompressed, against the pet store kit site's. Two builds that
   * differ only in a spec still differ by a few bytes: webpack's runtime lists the async chunks by
   * numeric id and content hash, and ids are digits of a hash (4 bytes seen). Anything of the spec
   * itself would be kilobytes.
   */
  homeBytesSlack: 64,
  /** The longest task of opening an operation's console, at 4× CPU. */
  consoleOpeningLongestMs: 100,
} as const;

export const PET_STORE = 'petstore';
/** The specs whose console opening is measured: the smallest page and the largest. */
export const CONSOLE_SPECS = [PET_STORE, 'github-rest'];

/** A median over the runs that succeeded, and whether any of them is a lower bound. */
interface Summary {
  value: number | null;
  lowerBound: boolean;
  runs: number;
  failed: number;
}

function summarize<T>(outcomes: readonly Outcome<T>[], pick: (value: T) => number, settled: (value: T) => boolean = () => true): Summary {
  const values = outcomes.flatMap((outcome) => (outcome.ok ? [outcome.value] : []));
  return {
    value: median(values.map(pick)),
    lowerBound: values.some((value) => !settled(value)),
    runs: outcomes.length,
    failed: outcomes.length - values.length,
  };
}

const coldBlocking = (site: SiteFigures) => summarize(site.coldLoads, (run) => run.blocking, (run) => run.settled);
const coldLongest = (site: SiteFigures) => summarize(site.coldLoads, (run) => run.longest, (run) => run.settled);
const clickBlocking = (site: SiteFigures) => summarize(site.clickThroughs, (run) => run.blocking, (run) => run.settled);
const clickLongest = (site: SiteFigures) => summarize(site.clickThroughs, (run) => run.longest, (run) => run.settled);
const lighthouseScore = (site: SiteFigures) => summarize(site.lighthouse, (score) => score);
const consoleLongest = (site: SiteFigures) => summarize(site.consoleOpenings, (run) => run.longest, (run) => run.settled);

// ---------------------------------------------------------------- formatting


/** A summary's median as text: "≥" for a lower bound, and how many runs failed. */
function shown(summary: Summary, format: (value: number) => string): string {
  if (summary.value === null) return summary.runs === 0 ? 'not measured' : `failed (${summary.runs} of ${summary.runs} runs)`;
  const failed = summary.failed ? ` (${summary.failed} of ${summary.runs} runs failed)` : '';
  return `${summary.lowerBound ? '≥ ' : ''}${format(summary.value)}${failed}`;
}

function shownOutcome<T>(outcome: Outcome<T> | undefined, format: (value: T) => string): string {
  if (!outcome) return 'not measured';
  return outcome.ok ? format(outcome.value) : 'failed';
}

const heightErrorOf = ({onLoad, rendered}: Heights) => Math.abs(onLoad - rendered) / rendered;

// ---------------------------------------------------------------- tables

function specLabel(spec: BenchSpec): string {
  const webhooks = spec.webhooks ? ` + ${thousands(spec.webhooks)} webhooks` : '';
  const size = spec.bytes < 2 ** 20 ? kilobytes(spec.bytes) : `${(spec.bytes / 2 ** 20).toFixed(1)} MiB`;
  return `\`${spec.id}\` (${thousands(spec.operations)} operations${webhooks}, ${size})`;
}

export function buildsTable(sites: readonly SiteFigures[]): string {
  return markdownTable(
    ['spec', 'site', 'build time / CPU time', 'peak memory', 'page HTML', 'home page JavaScript (gzip 6)'],
    sites.map((site) => {
      const {build} = site;
      const resources = build.resources ? `${build.resources.seconds.toFixed(1)} s / ${build.resources.cpuSeconds.toFixed(1)} s` : 'n/a';
      return [
        specLabel(site.spec),
        site.variant,
        build.ok ? resources : `**failed** after ${resources}: ${build.error}`,
        build.resources ? mib(build.resources.peakMiB) : 'n/a',
        build.ok ? kilobytes(build.htmlBytes) : 'not built',
        shownOutcome(site.homeScripts, (scripts) => kilobytes(scripts.gzipBytes)),
      ];
    }),
  );
}

/** How much of a page axe scanned, when it was not all of it. */
function sampleNote({sections}: AxeCounts): string {
  return sections.scanned < sections.total ? ` (${thousands(sections.scanned)} of ${thousands(sections.total)} sections)` : '';
}

export function browserTable(sites: readonly SiteFigures[]): string {
  const pair = (a: Summary, b: Summary) => `${shown(a, ms)} / ${shown(b, ms)}`;
  return markdownTable(
    ['spec', 'site', 'cold load: blocking / longest task', 'click-through: blocking / longest task', 'Lighthouse mobile', 'height error on load, 412 / 1280 px', 'axe serious + critical, light / dark'],
    sites.map((site) =>
      site.build.ok
        ? [
            `\`${site.spec.id}\``,
            site.variant,
            pair(coldBlocking(site), coldLongest(site)),
            pair(clickBlocking(site), clickLongest(site)),
            shown(lighthouseScore(site), String),
            `${shownOutcome(site.heights.phone, (heights) => percent(heightErrorOf(heights)))} / ${shownOutcome(site.heights.desktop, (heights) => percent(heightErrorOf(heights)))}`,
            shownOutcome(site.axe, (axe) => `${axe.light} / ${axe.dark}${sampleNote(axe)}`),
          ]
        : [`\`${site.spec.id}\``, site.variant, 'not built', '', '', '', ''],
    ),
  );
}

/** Lowest, quartiles and highest of `values`, as "a / b / c / d / e ms". */
function spread(values: number[]): string {
  if (values.length === 0) return 'not measured';
  return [0, 0.25, 0.5, 0.75, 1].map((share) => thousands(quantile(values, share)!)).join(' / ') + ' ms';
}

export function coldLoadSpreadTable(sites: readonly SiteFigures[]): string {
  const measured = sites.filter((site) => site.build.ok);
  return markdownTable(
    ['spec', 'site', 'loads', 'blocking: lowest / 25 % / median / 75 % / highest', 'longest task: the same'],
    measured.map((site) => {
      const loads = site.coldLoads.flatMap((outcome) => (outcome.ok ? [outcome.value] : []));
      return [
        `\`${site.spec.id}\``,
        site.variant,
        String(loads.length),
        spread(loads.map((load) => load.blocking)),
        spread(loads.map((load) => load.longest)),
      ];
    }),
  );
}

/** Every measurement that failed, with its reason, for the list under the tables. */
export function failures(sites: readonly SiteFigures[]): string[] {
  const lines: string[] = [];
  for (const site of sites) {
    const at = `\`${site.spec.id}\`, ${site.variant}`;
    const note = (what: string, outcome: Outcome<unknown> | undefined) => {
      if (outcome && !outcome.ok) lines.push(`${at}, ${what}: ${outcome.error.split('\n')[0]}`);
    };
    note('home page', site.homeScripts);
    note('heights at 412 px', site.heights.phone);
    note('heights at 1280 px', site.heights.desktop);
    note('axe', site.axe);
    site.coldLoads.forEach((outcome, run) => note(`cold load, run ${run + 1}`, outcome));
    site.clickThroughs.forEach((outcome, run) => note(`click-through, run ${run + 1}`, outcome));
    site.lighthouse.forEach((outcome, run) => note(`Lighthouse, run ${run + 1}`, outcome));
    site.consoleOpenings.forEach((outcome, run) => note(`console opening, run ${run + 1}`, outcome));
  }
  return lines;
}

// ---------------------------------------------------------------- budgets

/** A check of `summary` against `limit` (at most, or at least): a lower bound under the limit proves nothing. */
function bounded(summary: Summary, limit: number | null, atMost: boolean): boolean | null {
  if (summary.value === null || limit === null) return null;
  if (atMost) return summary.value > limit ? false : summary.lowerBound ? null : true;
  return summary.value >= limit;
}

const times = (factor: number, base: number | null, format: (value: number) => string) =>
  base === null ? 'not measured' : `${format(base)}: ${format(factor * base)}`;

/** The kit's budgets, measured in one run (bench/kit.ts's header says what each is for). */
export function checkKitBudgets(sites: readonly SiteFigures[]): BudgetCheck[] {
  const B = KIT_BUDGETS;
  const kitSites = sites.filter((site) => site.variant === 'kit');
  const petStore = kitSites.find((site) => site.spec.id === PET_STORE);
  const stockPetStore = sites.find((site) => site.variant === 'stock' && site.spec.id === PET_STORE);
  const corpusSites = kitSites.filter((site) => site !== petStore);
  const reference = {
    blocking: petStore ? coldBlocking(petStore).value : null,
    longest: petStore ? coldLongest(petStore).value : null,
    lighthouse: petStore ? lighthouseScore(petStore).value : null,
    peakMiB: petStore?.build.resources?.peakMiB ?? null,
    homeBytes: petStore?.homeScripts?.ok ? petStore.homeScripts.value.bytes : null,
  };
  const scaled = (factor: number, base: number | null) => (base === null ? null : factor * base);
  const checks: BudgetCheck[] = [];
  /** A budget on what a built site shows; a site that did not build is not checked (budget 1 says why). */
  const check = (site: SiteFigures, budget: string, target: string, measure: () => [measured: string, holds: boolean | null]) => {
    const [measured, holds] = site.build.ok ? measure() : ['not built', null];
    checks.push({route: site.spec.id, budget, target, measured, holds});
  };

  for (const site of corpusSites) {
    const {build} = site;
    checks.push({
      route: site.spec.id,
      budget: "1. builds with Node's default heap, peak memory",
      target: `≤ ${mib(B.buildPeakMiB)} (pet store site: ${reference.peakMiB === null ? 'not measured' : mib(reference.peakMiB)})`,
      measured: build.ok ? mib(build.resources.peakMiB) : `build failed${build.resources ? ` at ${mib(build.resources.peakMiB)}` : ''}: ${build.error}`,
      holds: build.ok && build.resources.peakMiB <= B.buildPeakMiB,
    });
  }
  for (const site of corpusSites) {
    const blocking = coldBlocking(site);
    const longest = coldLongest(site);
    const score = lighthouseScore(site);
    const minimumScore = reference.lighthouse === null ? null : reference.lighthouse - B.lighthouseBelowPetStore;
    check(site, '2. cold-load blocking', `≤ ${B.coldBlockingPerPetStore} × pet store's (${times(B.coldBlockingPerPetStore, reference.blocking, ms)})`, () => [
      shown(blocking, ms),
      bounded(blocking, scaled(B.coldBlockingPerPetStore, reference.blocking), true),
    ]);
    check(site, '2. cold-load longest task', `≤ ${B.longestPerPetStore} × pet store's (${times(B.longestPerPetStore, reference.longest, ms)})`, () => [
      shown(longest, ms),
      bounded(longest, scaled(B.longestPerPetStore, reference.longest), true),
    ]);
    check(
      site,
      '2. Lighthouse mobile performance',
      `≥ pet store's − ${B.lighthouseBelowPetStore} (${minimumScore === null ? 'not measured' : `${reference.lighthouse} − ${B.lighthouseBelowPetStore}: ${minimumScore}`})`,
      () => [shown(score, String), bounded(score, minimumScore, false)],
    );
  }
  for (const site of [...(petStore ? [petStore] : []), ...corpusSites]) {
    const blocking = clickBlocking(site);
    const longest = clickLongest(site);
    check(
      site,
      '3. click-through blocking',
      `≤ ${B.clickBlockingPerPetStoreCold} × pet store's cold-load blocking (${times(B.clickBlockingPerPetStoreCold, reference.blocking, ms)})`,
      () => [shown(blocking, ms), bounded(blocking, scaled(B.clickBlockingPerPetStoreCold, reference.blocking), true)],
    );
    check(
      site,
      '3. click-through longest task',
      `≤ ${B.longestPerPetStore} × pet store's cold-load longest (${times(B.longestPerPetStore, reference.longest, ms)})`,
      () => [shown(longest, ms), bounded(longest, scaled(B.longestPerPetStore, reference.longest), true)],
    );
  }
  for (const site of corpusSites) {
    for (const [width, outcome] of [[412, site.heights.phone], [1280, site.heights.desktop]] as const) {
      check(site, `4. scroll height on load, ${width} px`, `within ${percent(B.heightError)} of rendered`, () => {
        if (!outcome?.ok) return [shownOutcome(outcome, String), null];
        const error = heightErrorOf(outcome.value);
        return [`${percent(error)} (${thousands(outcome.value.onLoad)} px on load, ${thousands(outcome.value.rendered)} px rendered)`, error <= B.heightError];
      });
    }
  }
  for (const site of corpusSites) {
    check(site, '5. axe serious and critical findings, light and dark', '0', () => [
      shownOutcome(site.axe, (counts) => `${counts.light} light, ${counts.dark} dark${sampleNote(counts)}`),
      site.axe?.ok ? site.axe.value.light + site.axe.value.dark === 0 : null,
    ]);
  }
  if (petStore) {
    const kitBlocking = coldBlocking(petStore);
    const stockBlocking = stockPetStore?.build.ok ? coldBlocking(stockPetStore).value : null;
    // A lower bound of stock's blocking only makes the budget harder to meet, never wrongly met.
    check(petStore, "6. cold-load blocking against stock's", `≤ 1/4 of stock's (${times(B.petStoreBlockingPerStock, stockBlocking, ms)})`, () => [
      shown(kitBlocking, ms),
      bounded(kitBlocking, scaled(B.petStoreBlockingPerStock, stockBlocking), true),
    ]);
  }
  for (const site of corpusSites) {
    const home = site.homeScripts;
    check(
      site,
      "7. home page JavaScript, uncompressed, as the pet store site's",
      `± ${B.homeBytesSlack} bytes (${reference.homeBytes === null ? 'not measured' : `${thousands(reference.homeBytes)} bytes`})`,
      () => {
        if (!home?.ok || reference.homeBytes === null) return [shownOutcome(home, (scripts) => `${thousands(scripts.bytes)} bytes`), null];
        return [`${thousands(home.value.bytes)} bytes`, Math.abs(home.value.bytes - reference.homeBytes) <= B.homeBytesSlack];
      },
    );
  }
  for (const site of kitSites.filter((kit) => CONSOLE_SPECS.includes(kit.spec.id))) {
    const longest = consoleLongest(site);
    check(site, "8. opening an operation's console, longest task", `< ${ms(B.consoleOpeningLongestMs)}`, () => [
      longest.value === 0 ? 'none over 50 ms' : shown(longest, ms),
      longest.value === null ? null : longest.value < B.consoleOpeningLongestMs ? (longest.lowerBound ? null : true) : false,
    ]);
  }
  return checks;
}

// ---------------------------------------------------------------- the section

export interface KitRunContext {
  date: string;
  minutes: number;
  loadBefore: string;
  loadAfter: string;
  runs: number;
  /** Cold loads of each page in a round. */
  coldLoadsPerRound: number;
  /** Fewer specs, runs or variants than a full run. */
  partial: boolean;
  /** The most sections of a page axe scans (bench/renderedPage.ts). */
  axeSections: number;
  chromium: string;
  /** The machine's memory speed as the run started (./machine.ts). */
  machine: string;
  /** How long each part of the run took, in order. */
  phases: {label: string; minutes: number}[];
}

export function kitSection(sites: readonly SiteFigures[], context: KitRunContext): string {
  const checks = checkKitBudgets(sites);
  const failed = failures(sites);
  const runs = `${context.runs} run${context.runs === 1 ? '' : 's'}`;
  return [
    "## The reference kit in a reader's site: a corpus of real specs",
    '',
    `Generated by \`npm run bench:kit\` (bench/kit.ts), ${context.date}, in ${context.minutes.toFixed(1)} min (${context.phases.map((phase) => `${phase.label} ${phase.minutes.toFixed(1)}`).join(', ')}); load average ${context.loadBefore} before, ${context.loadAfter} after; ${context.machine}; ${context.chromium}.` +
      (context.partial ? ' **Partial run** (fewer specs or runs than `npm run bench:kit`, or no stock pet store site): not comparable with a full run.' : ''),
    '',
    "- **Sites**: one spec per site, at the Installation page's route `/api/`, which the navbar's \"API\" link leads to: the pet store (the Installation page's sample) and the corpus of real API descriptions (`bench/corpus.md`). **stock** is a copy of the stock reader site (`scripts/sites/readerSite.ts`: an empty Docusaurus 2.4.3 site after the Installation page, stock redocusaurus 1.6.4 from npm) with its spec replaced; **kit** is a copy of one site to which the guide's steps were applied (`docs/guides/fast-accessible-reference-pages.mdx`, by `scripts/sites/kitSite.ts`), with its spec replaced." +
      (sites.some((site) => site.variant === 'kit-plain')
        ? ' **kit-plain** (`--plain`) is a kit site with the request samples and the console off (`requestSamples: false, tryIt: false` in the kit\'s entry), to show what the two features cost; the budgets are the **kit** sites\'.'
        : ''),
    "- **Build**: `npm run build` (minified) under GNU time, one at a time, with a reader's environment and Node's default heap; peak memory is the largest process's. Page HTML is the built `api/index.html`. Each site is then served by `scripts/cli/serve-build.mjs --compress` (brotli, or gzip, as a static host such as GitHub Pages or Netlify serves it; compressed once, then from its cache).",
    "- **Home page JavaScript**: every script of a first visit of `/` until hydrated and the network is idle (`bench/firstLoad.ts`).",
    "- **Recording**: cold loads and click-throughs run in a Chromium driven over the DevTools protocol alone (`bench/cdpBrowser.ts`), without DevTools' network domain, which Playwright and Lighthouse turn on: with it, Chromium decodes each text response in full for the network panel on the page's main thread, work that grows with the page's HTML and that a reader's browser does not do. Lighthouse's figures include that work.",
    `- **Cold load**: \`bench/trace-breakdown.ts\`'s recording, a new browser each run, 4× CPU throttling, 412 px at 1.75x, light mode, recorded until 10 s without a long task after the load event (at most 5 min); blocking is the real long tasks after first contentful paint, each less 50 ms. Median of ${context.runs * context.coldLoadsPerRound} loads, ${context.coldLoadsPerRound} in each round; their spread is under the table.`,
    `- **Click-through**: the home page loads unthrottled at 412 px until hydrated and quiet; the navbar's menu is opened (the phone's navbar folds the "API" link into it) and its prefetches finish; then at 4× CPU, traced, the "API" link is clicked (a client-side navigation, checked), and the long tasks after the click are counted until 10 s without one (at most 5 min). Median of ${runs}. "≥" marks a page still busy when the recording stopped.`,
    `- **Opening the console** (the pet store's and GitHub's REST pages): the page loads unthrottled at 412 px until hydrated and quiet; the first operation's "Try it" button is scrolled to and pointed at until the console's chunk has loaded, as a reader's pointer or focus fetches it; then at 4× CPU, traced, the button is pressed, and the longest task after it counted once the console is open and the page has had no long task for 10 s (\`bench/consoleOpen.ts\`). Median of ${runs}.`,
    `- **Lighthouse**: mobile preset (simulated throttling), performance only. Median of ${runs}. Runs are interleaved: each round takes every page's cold loads, one page after the other, then every page's click-through and Lighthouse run; each pass over the pages starts one page further on than the last.`,
    "- **Height error on load**: `document.documentElement.scrollHeight` once the page has loaded, hydrated and gone quiet, before any scrolling, against the same once the page has been scrolled through a screen at a time and its height has stopped changing; |on load − rendered| / rendered. Unthrottled, light mode; 412 px is Lighthouse's phone, 1280 px a 900 px high window.",
    `- **axe**: serious and critical findings at 1280 px (\`bench/axe.ts\`) in a visit of its own: each section to scan is brought into view as a reader scrolling to it would, and painted (axe cannot judge what \`content-visibility\` skips); then axe's default rules in light mode, and its colour rules after the navbar's switch to dark mode. The whole page when it has at most ${context.axeSections} of Redoc's sections (tags, operations, webhooks); a larger page with ${context.axeSections} of them, evenly spaced from the first to the last, and all of the page outside its sections (navbar, menu, title block, footer).`,
    '',
    '### Builds',
    '',
    buildsTable(sites),
    '',
    '### In the browser',
    '',
    browserTable(sites),
    '',
    'Cold loads of one page vary from load to load on this machine; each page\'s loads, lowest, quartiles and highest:',
    '',
    coldLoadSpreadTable(sites),
    '',
    ...(failed.length ? ['### What failed', '', ...failed.map((line) => `- ${line}`), ''] : []),
    '### Budgets',
    '',
    budgetsTable(checks, 'spec'),
    '',
  ].join('\n');
}

// ---------------------------------------------------------------- the data (bench/kitData.ts)

const medianFigure = (summary: Summary): MedianFigure => ({median: summary.value, lowerBound: summary.lowerBound, runs: summary.runs, failed: summary.failed});
const okOrNull = <T, R>(outcome: Outcome<T> | undefined, pick: (value: T) => R): R | null => (outcome?.ok ? pick(outcome.value) : null);

/** Each site's figures and the budgets, as bench/data/kit.json holds them. */
export function kitData(sites: readonly SiteFigures[]): Pick<KitRunData, 'sites' | 'budgets'> {
  return {
    sites: sites.map((site): KitSiteData => {
      const {build} = site;
      return {
        spec: {id: site.spec.id, operations: site.spec.operations, webhooks: site.spec.webhooks, bytes: site.spec.bytes},
        variant: site.variant,
        build: build.ok
          ? {ok: true, ...build.resources, htmlBytes: build.htmlBytes}
          : {ok: false, seconds: build.resources?.seconds ?? null, peakMiB: build.resources?.peakMiB ?? null, error: build.error},
        homeScripts: okOrNull(site.homeScripts, (scripts) => scripts),
        heightError: {phone: okOrNull(site.heights.phone, heightErrorOf), desktop: okOrNull(site.heights.desktop, heightErrorOf)},
        axe: okOrNull(site.axe, (axe) => ({light: axe.light, dark: axe.dark, sectionsScanned: axe.sections.scanned, sectionsTotal: axe.sections.total})),
        coldLoad: {blocking: medianFigure(coldBlocking(site)), longest: medianFigure(coldLongest(site))},
        clickThrough: {blocking: medianFigure(clickBlocking(site)), longest: medianFigure(clickLongest(site))},
        lighthouse: medianFigure(lighthouseScore(site)),
        ...(site.consoleOpenings.length > 0 && {consoleOpening: {longest: medianFigure(consoleLongest(site))}}),
      };
    }),
    budgets: checkKitBudgets(sites).map((check) => ({spec: check.route, budget: check.budget, target: check.target, measured: check.measured, holds: check.holds})),
  };
}
