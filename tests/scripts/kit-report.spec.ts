/**
 * The kit bench's budgets without building or loading anything: the rules of bench/kitReport.ts
 * on made-up figures. Node only: no browser page is opened.
 */
import {expect, test} from '@playwright/test';
import {checkKitBudgets, kitData, kitSection, PET_STORE, type Outcome, type SiteFigures, type TaskFigures} from '../../bench/kitReport';
import type {BudgetCheck} from '../../bench/benchReport';
import {failureLines, type SiteBuild, type Variant} from '../../bench/kitSites';

const ok = <T>(value: T): Outcome<T> => ({ok: true, value});
const tasks = (blocking: number, longest: number, settled = true): Outcome<TaskFigures> => ok({blocking, longest, settled});
const built = (peakMiB: number): SiteBuild => ({ok: true, resources: {seconds: 40, cpuSeconds: 50, peakMiB}, htmlBytes: 200_000});

/** A site whose figures meet every budget against the pet store site below, unless `changes` say otherwise. */
function site(id: string, variant: Variant, changes: Partial<SiteFigures> = {}): SiteFigures {
  return {
    spec: {id, file: `${id}.json`, operations: 100, webhooks: 0, bytes: 400_000},
    variant,
    build: built(1000),
    homeScripts: ok({bytes: 440_000, gzipBytes: 137_000}),
    heights: {phone: ok({onLoad: 100_000, rendered: 110_000}), desktop: ok({onLoad: 50_000, rendered: 52_000})},
    axe: ok({light: 0, dark: 0, sections: {scanned: 120, total: 120}, examples: []}),
    coldLoads: [tasks(700, 400), tasks(800, 410), tasks(750, 420)],
    clickThroughs: [tasks(900, 300)],
    lighthouse: [ok(80), ok(79), ok(81)],
    consoleOpenings: [],
    ...changes,
  };
}

const petStore = site(PET_STORE, 'kit', {consoleOpenings: [ok({longest: 80, settled: true}), ok({longest: 90, settled: true})]});
const stockPetStore = site(PET_STORE, 'stock', {coldLoads: [tasks(4000, 3000)]});
const find = (checks: BudgetCheck[], spec: string, budget: string) => checks.find((c) => c.route === spec && c.budget.startsWith(budget));

test.describe('bench/kitReport.ts budgets', () => {
  test('a corpus page within every budget holds them all', () => {
    const checks = checkKitBudgets([petStore, stockPetStore, site('rclone', 'kit'), site('rclone', 'stock', {coldLoads: [tasks(9000, 5000)]})]);
    expect(checks.filter((c) => c.holds !== true)).toEqual([]);
    // Budgets 2 to 7 on the corpus page, 3 on the pet store page too, 6 and 8 on the pet store page only; none on stock.
    expect(checks.filter((c) => c.route === 'rclone')).toHaveLength(10);
    expect(checks.filter((c) => c.route === PET_STORE).map((c) => c.budget.slice(0, 2))).toEqual(['3.', '3.', '6.', '8.']);
    expect(find(checks, PET_STORE, '8.')).toMatchObject({target: '< 100 ms', measured: '85 ms', holds: true});
  });

  test('kit-plain sites (the features off) are measured and listed, and no budget is theirs', () => {
    const slow = {coldLoads: [tasks(9000, 5000)], clickThroughs: [tasks(9000, 5000)], build: built(5000), lighthouse: [ok(10)]};
    const sites = [petStore, stockPetStore, site('rclone', 'kit'), site(PET_STORE, 'kit-plain', slow), site('rclone', 'kit-plain', slow)];
    expect(checkKitBudgets(sites)).toEqual(checkKitBudgets(sites.filter((candidate) => candidate.variant !== 'kit-plain')));
    const context = {date: 'd', minutes: 1, loadBefore: '0', loadAfter: '0', machine: 'm', runs: 1, coldLoadsPerRound: 3, partial: true, axeSections: 60, chromium: 'c', phases: []};
    const section = kitSection(sites, context);
    expect(section).toContain('**kit-plain** (`--plain`) is a kit site with the request samples and the console off');
    expect(section).toMatch(/\| `rclone` \| kit-plain \| 9,000 ms \/ 5,000 ms \|/);
    expect(kitSection(sites.slice(0, 3), context)).not.toContain('kit-plain');
  });

  test("opening the console: one task under 100 ms on the pet store's and GitHub REST's pages, measured or not", () => {
    const checks = checkKitBudgets([
      site(PET_STORE, 'kit', {consoleOpenings: [ok({longest: 0, settled: true})]}),
      site('github-rest', 'kit', {consoleOpenings: [ok({longest: 130, settled: true}), ok({longest: 120, settled: true})]}),
      site('rclone', 'kit'),
    ]);
    expect(find(checks, PET_STORE, '8.')).toMatchObject({measured: 'none over 50 ms', holds: true});
    expect(find(checks, 'github-rest', '8.')).toMatchObject({measured: '125 ms', holds: false});
    expect(find(checks, 'rclone', '8.')).toBeUndefined();
    expect(find(checkKitBudgets([site(PET_STORE, 'kit')]), PET_STORE, '8.')).toMatchObject({measured: 'not measured', holds: null});
  });

  test('each limit is relative to the kit pet store page’s medians', () => {
    const checks = checkKitBudgets([
      petStore,
      site('okta', 'kit', {
        coldLoads: [tasks(1126, 484)],
        clickThroughs: [tasks(1124, 482)],
        lighthouse: [ok(74)],
      }),
    ]);
    expect(find(checks, 'okta', '2. cold-load blocking')).toMatchObject({target: "≤ 1.5 × pet store's (750 ms: 1,125 ms)", measured: '1,126 ms', holds: false});
    expect(find(checks, 'okta', '2. cold-load longest')).toMatchObject({target: "≤ 1.15 × pet store's (410 ms: 471 ms)", holds: false});
    expect(find(checks, 'okta', '2. Lighthouse')).toMatchObject({target: "≥ pet store's − 5 (80 − 5: 75)", measured: '74', holds: false});
    expect(find(checks, 'okta', '3. click-through blocking')?.holds).toBe(true);
    expect(find(checks, 'okta', '3. click-through longest')?.holds).toBe(false);
  });

  test('a figure from a page still busy when the recording stopped is a lower bound: under the limit it proves nothing', () => {
    const checks = checkKitBudgets([petStore, site('figma', 'kit', {clickThroughs: [tasks(200, 100, false)], coldLoads: [tasks(5000, 2000, false)]})]);
    expect(find(checks, 'figma', '3. click-through blocking')).toMatchObject({measured: '≥ 200 ms', holds: null});
    expect(find(checks, 'figma', '2. cold-load blocking')).toMatchObject({measured: '≥ 5,000 ms', holds: false});
  });

  test('a failed build fails budget 1 with its error, and leaves the page’s other budgets unchecked', () => {
    const failed: SiteBuild = {ok: false, resources: {seconds: 231, cpuSeconds: 300, peakMiB: 4268}, error: 'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory'};
    const checks = checkKitBudgets([petStore, site('github-rest', 'kit', {build: failed, coldLoads: [], clickThroughs: [], lighthouse: []})]);
    expect(find(checks, 'github-rest', '1.')).toMatchObject({
      measured: 'build failed at 4,268 MiB: FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory',
      holds: false,
    });
    const others = checks.filter((c) => c.route === 'github-rest' && !c.budget.startsWith('1.'));
    expect(others.every((c) => c.measured === 'not built' && c.holds === null)).toBe(true);
    expect(find(checks, 'github-rest', '1.')?.target).toBe('≤ 2,048 MiB (pet store site: 1,000 MiB)');
  });

  test('peak memory over 2 GiB, a height off by more than a quarter, a finding in dark mode, home page scripts that grew', () => {
    const checks = checkKitBudgets([
      petStore,
      site('shipengine', 'kit', {
        build: built(2049),
        heights: {phone: ok({onLoad: 100_000, rendered: 80_000}), desktop: ok({onLoad: 59_999, rendered: 80_000})},
        axe: ok({light: 0, dark: 1, sections: {scanned: 150, total: 1270}, examples: ['dark: color-contrast at .x']}),
        homeScripts: ok({bytes: 440_065, gzipBytes: 137_000}),
      }),
    ]);
    expect(find(checks, 'shipengine', '1.')?.holds).toBe(false);
    expect(find(checks, 'shipengine', '4. scroll height on load, 412 px')).toMatchObject({measured: '25.0 % (100,000 px on load, 80,000 px rendered)', holds: true});
    expect(find(checks, 'shipengine', '4. scroll height on load, 1280 px')?.holds).toBe(false);
    expect(find(checks, 'shipengine', '5.')).toMatchObject({measured: '0 light, 1 dark (150 of 1,270 sections)', holds: false});
    expect(find(checks, 'shipengine', '7.')).toMatchObject({target: '± 64 bytes (440,000 bytes)', holds: false});
  });

  test('without the pet store or stock, the budgets relative to them are not checked', () => {
    const checks = checkKitBudgets([site('rclone', 'kit')]);
    expect(find(checks, 'rclone', '2. cold-load blocking')).toMatchObject({target: "≤ 1.5 × pet store's (not measured)", holds: null});
    expect(find(checks, 'rclone', '1.')?.holds).toBe(true);
    expect(checkKitBudgets([petStore]).find((c) => c.budget.startsWith('6.'))).toMatchObject({target: "≤ 1/4 of stock's (not measured)", holds: null});
  });

  test('the section lists every site in both tables, what failed, and the budgets', () => {
    const markdown = kitSection(
      [petStore, stockPetStore, site('rclone', 'kit', {lighthouse: [{ok: false, error: 'Lighthouse gave no score: NO_FCP\nmore'}, ok(78)]})],
      {
        date: '2026-01-01T00:00:00.000Z',
        minutes: 12,
        loadBefore: '0.10 0.20 0.30',
        loadAfter: '1.00 1.00 1.00',
        runs: 2,
        coldLoadsPerRound: 3,
        partial: true,
        axeSections: 150,
        chromium: 'Chromium 156',
        machine: 'memory first touched at 512 MiB in 140 ms (transparent huge pages: madvise)',
        phases: [{label: 'builds', minutes: 8}, {label: 'timed rounds', minutes: 4}],
      },
    );
    expect(markdown).toContain('in 12.0 min (builds 8.0, timed rounds 4.0); load average');
    expect(markdown).toContain('1.00 1.00 1.00 after; memory first touched at 512 MiB in 140 ms (transparent huge pages: madvise); Chromium 156.');
    expect(markdown).toContain('| `rclone` (100 operations, 390.6 KB) | kit | 40.0 s / 50.0 s | 1,000 MiB | 195.3 KB | 133.8 KB |');
    expect(markdown).toContain('| `petstore` | stock | 4,000 ms / 3,000 ms |');
    expect(markdown).toContain('| 78 (1 of 2 runs failed) |');
    expect(markdown).toContain('Median of 6 loads, 3 in each round');
    // The spread of each page's cold loads: lowest, quartiles (between neighbours) and highest.
    expect(markdown).toContain('| `petstore` | kit | 3 | 700 / 725 / 750 / 775 / 800 ms | 400 / 405 / 410 / 415 / 420 ms |');
    expect(markdown).toContain('- `rclone`, kit, Lighthouse, run 1: Lighthouse gave no score: NO_FCP\n');
    expect(markdown).toContain('**Partial run**');
    expect(markdown).toMatch(/\d+ of \d+ budgets hold/);
  });
});

test.describe('bench/kitReport.ts kitData: the run as the docs read it', () => {
  test("each site's medians, the build's outcome, and the budgets as checked", () => {
    const failed: SiteBuild = {ok: false, resources: {seconds: 145, cpuSeconds: 200, peakMiB: 4200}, error: 'FATAL ERROR: Reached heap limit'};
    const sites = [petStore, stockPetStore, site('figma', 'stock', {build: failed, coldLoads: [], clickThroughs: [], lighthouse: [], axe: undefined, homeScripts: undefined, heights: {}}), site('rclone', 'kit', {clickThroughs: [tasks(900, 300, false)]})];
    const data = kitData(sites);
    const kitPetStore = data.sites[0]!;
    expect(kitPetStore.coldLoad.blocking).toEqual({median: 750, lowerBound: false, runs: 3, failed: 0});
    expect(kitPetStore.build).toEqual({ok: true, seconds: 40, cpuSeconds: 50, peakMiB: 1000, htmlBytes: 200_000});
    expect(kitPetStore.heightError.phone).toBeCloseTo(10_000 / 110_000);
    expect(kitPetStore.axe).toEqual({light: 0, dark: 0, sectionsScanned: 120, sectionsTotal: 120});
    expect(data.sites[2]).toMatchObject({variant: 'stock', build: {ok: false, seconds: 145, peakMiB: 4200, error: 'FATAL ERROR: Reached heap limit'}, axe: null, homeScripts: null});
    expect(data.sites[2]!.coldLoad.blocking).toEqual({median: null, lowerBound: false, runs: 0, failed: 0});
    expect(data.sites[3]!.clickThrough.blocking).toMatchObject({median: 900, lowerBound: true});
    expect(data.budgets).toHaveLength(checkKitBudgets(sites).length);
    expect(data.budgets.find((budget) => budget.spec === 'rclone' && budget.budget.startsWith('3. click-through blocking'))).toMatchObject({measured: '≥ 900 ms', holds: null});
  });
});

test.describe('bench/kitSites.ts failureLines', () => {
  test('an out-of-memory build is named by V8’s fatal error, not by its native stack', () => {
    const output = [
      '[INFO] Creating an optimized production build...',
      '<--- Last few GCs --->',
      'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory',
      '----- Native stack trace -----',
      ' 1: 0xb8d0a3 node::OOMErrorHandler(char const*, v8::OOMDetails const&) [node]',
      'Command terminated by signal 6',
    ].join('\n');
    expect(failureLines(output)).toBe('FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory');
  });

  test('another failure by its last two lines, npm’s epilogue and GNU time’s left out', () => {
    const output = ['> build', '> docusaurus build', 'Error: Unable to build website for locale en.', '    at tryToBuildLocale (build.js:53:19)', 'npm error code 1', 'npm error path /tmp/site', 'Command exited with non-zero status 1', ''].join('\n');
    expect(failureLines(output)).toBe('Error: Unable to build website for locale en. / at tryToBuildLocale (build.js:53:19)');
  });
});
