/**
 * The bench's budgets without running Lighthouse: the rules of bench/benchReport.ts, and the
 * assertions of bench/lighthouserc.cjs run through LHCI's own assertion code, both on made-up
 * Lighthouse results. Node only: no browser page is opened.
 */
import {expect, test} from '@playwright/test';
import {
  ROUTES,
  checkBudgets,
  median,
  report,
  summarizeRun,
  type BudgetCheck,
  type Lhr,
  type LhciAssertion,
  type Preset,
  type RouteResult,
} from '../../bench/benchReport';

interface Rc {
  forPreset(preset: Preset): {ci: {collect: {settings: Record<string, unknown>}; assert: Record<string, unknown>}};
}
const rc = require('../../bench/lighthouserc.cjs') as Rc;
// LHCI's assertion engine, the code `lhci assert` runs.
const {getAllAssertionResults} = require('@lhci/utils/src/assertions.js') as {
  getAllAssertionResults(options: Record<string, unknown>, lhrs: Lhr[]): LhciAssertion[];
};

const ORIGIN = 'http://127.0.0.1:4000';

interface Fake {
  perf?: number;
  a11y?: number;
  tbt?: number;
  thirdParty?: number;
}

/** A Lighthouse result with just what the bench and LHCI's assertions read. */
function lhr(route: string, {perf = 0.9, a11y = 1, tbt = 100, thirdParty = 0}: Fake = {}): Lhr & {finalUrl: string} {
  return {
    requestedUrl: ORIGIN + route,
    finalUrl: ORIGIN + route,
    lighthouseVersion: '12.8.2',
    categories: {performance: {score: perf}, accessibility: {score: a11y}, 'best-practices': {score: 1}, seo: {score: 1}},
    audits: {
      'total-blocking-time': {numericValue: tbt},
      'largest-contentful-paint': {numericValue: 1500},
      'resource-summary': {
        details: {items: [{resourceType: 'total', requestCount: 12}, {resourceType: 'third-party', requestCount: thirdParty}]},
      },
    },
    environment: {benchmarkIndex: 1200},
    configSettings: {
      formFactor: 'mobile',
      throttlingMethod: 'simulate',
      throttling: {rttMs: 150, throughputKbps: 1638.4, cpuSlowdownMultiplier: 4},
      screenEmulation: {disabled: false, width: 412, height: 823, deviceScaleFactor: 1.75},
    },
    runWarnings: [],
  };
}

/** What `lhci assert` finds with the bench's config for `preset`: every result, passed or not. */
const lhciAssert = (preset: Preset, lhrs: Lhr[]) => getAllAssertionResults(rc.forPreset(preset).ci.assert, lhrs);

const find = (results: LhciAssertion[], route: string, auditProperty: string) =>
  results.filter((result) => result.url === ORIGIN + route && result.auditProperty === auditProperty);

test.describe('bench/lighthouserc.cjs, as LHCI asserts it', () => {
  test('API pages: median mobile performance at least 85, desktop at least 98', () => {
    const route = '/examples/custom-layout/';
    const mobile = (scores: number[]) => find(lhciAssert('mobile', scores.map((perf) => lhr(route, {perf}))), route, 'performance');
    expect(mobile([0.84, 0.85, 0.99])).toMatchObject([{passed: true, actual: 0.85, expected: 0.85}]);
    expect(mobile([0.99, 0.84, 0.5])).toMatchObject([{passed: false, actual: 0.84}]);
    const desktop = (perf: number) => find(lhciAssert('desktop', [lhr(route, {perf})]), route, 'performance');
    expect(desktop(0.98)).toMatchObject([{passed: true, expected: 0.98}]);
    expect(desktop(0.97)).toMatchObject([{passed: false}]);
  });

  test('other pages have no performance score budget (their TBT is checked against the floor)', () => {
    for (const route of ['/', '/docs/', '/examples/']) {
      expect(find(lhciAssert('mobile', [lhr(route, {perf: 0.3})]), route, 'performance')).toEqual([]);
    }
  });

  test('every route: accessibility, best practices and SEO 100 (median), no third-party request in any run', () => {
    const route = '/docs/';
    const results = lhciAssert('mobile', [lhr(route), lhr(route, {a11y: 0.98}), lhr(route, {thirdParty: 1})]);
    // The median of 1, 1 and 0.98 is 1; but one request to another site in one run is one too many.
    expect(find(results, route, 'accessibility')).toMatchObject([{passed: true, actual: 1}]);
    expect(find(results, route, 'best-practices')).toMatchObject([{passed: true}]);
    expect(find(results, route, 'seo')).toMatchObject([{passed: true}]);
    expect(find(results, route, 'third-party.count')).toMatchObject([{passed: false, actual: 1}]);
    expect(find(lhciAssert('mobile', [lhr(route), lhr(route)]), route, 'third-party.count')).toMatchObject([{passed: true}]);
  });

  test('desktop runs with the desktop preset, mobile with Lighthouse defaults', () => {
    expect(rc.forPreset('desktop').ci.collect.settings.preset).toBe('desktop');
    expect(rc.forPreset('mobile').ci.collect.settings.preset).toBeUndefined();
  });
});

/** Results for every route (ours and the floor's): mobile TBT per run, first-load bytes. */
function results(tbt: Record<string, number[]>, firstLoadBytes: Record<string, number> = {}): RouteResult[] {
  return ROUTES.filter((route) => tbt[route.label]).map((route) => ({
    route,
    firstLoad: {gzipBytes: firstLoadBytes[route.label] ?? 90 * 1024, files: 6},
    runs: {
      mobile: tbt[route.label].map((value) => summarizeRun(lhr(route.path, {tbt: value}))),
      desktop: [summarizeRun(lhr(route.path))],
    },
  }));
}

const NO_ASSERTIONS: Record<Preset, LhciAssertion[]> = {mobile: [], desktop: []};
const check = (checks: BudgetCheck[], route: string, budget: string) => checks.find((c) => c.route === route && c.budget === budget);

test.describe('bench/benchReport.ts budgets', () => {
  const tbt = {
    '/': [150, 200, 900],
    'floor: /': [100],
    'floor: /docs/intro': [300],
  };

  test('an API page’s mobile TBT is at most 3× the home page’s median', () => {
    const checks = checkBudgets(
      results({...tbt, '/examples/using-single-yaml/': [600], '/examples/custom-layout/': [601]}),
      NO_ASSERTIONS,
    );
    expect(check(checks, '/examples/using-single-yaml/', 'TBT mobile')).toMatchObject({holds: true, measured: '600 ms'});
    expect(check(checks, '/examples/custom-layout/', 'TBT mobile')).toMatchObject({holds: false, target: '≤ 3 × `/` (200 ms: 600 ms)'});
  });

  test('a page’s mobile TBT is at most 1.2× the floor’s page of the same kind', () => {
    // The floor's home (100 ms) for the React pages, its doc (300 ms) for /docs/.
    const checks = checkBudgets(results({...tbt, '/': [120], '/examples/': [121], '/docs/': [360]}), NO_ASSERTIONS);
    expect(check(checks, '/', 'TBT mobile')).toMatchObject({holds: true, target: '≤ 1.2 × `floor: /` (100 ms: 120 ms)'});
    expect(check(checks, '/examples/', 'TBT mobile')?.holds).toBe(false);
    expect(check(checks, '/docs/', 'TBT mobile')).toMatchObject({holds: true, target: '≤ 1.2 × `floor: /docs/intro` (300 ms: 360 ms)'});
  });

  test('first load of a non-API page at most 100 KB; API pages have no byte budget', () => {
    const checks = checkBudgets(
      results({...tbt, '/examples/': [100], '/docs/': [100], '/docs/nested/nested-1': [100]}, {'/examples/': 100 * 1024, '/docs/': 100 * 1024 + 1}),
      NO_ASSERTIONS,
    );
    expect(check(checks, '/examples/', 'first load (gzip 6)')).toMatchObject({holds: true, measured: '100.0 KB'});
    expect(check(checks, '/docs/', 'first load (gzip 6)')?.holds).toBe(false);
    expect(check(checks, '/docs/nested/nested-1', 'first load (gzip 6)')).toBeUndefined();
  });

  test('a budget whose reference was not measured is reported as not checked', () => {
    const checks = checkBudgets(results({'floor: /': [100], '/docs/nested/nested-1': [900]}), NO_ASSERTIONS);
    expect(check(checks, '/docs/nested/nested-1', 'TBT mobile')).toMatchObject({holds: null, target: '≤ 3 × `/` (not measured)'});
    // No LHCI results either: its budgets are not checked, not passed.
    expect(check(checks, '/docs/nested/nested-1', 'accessibility')?.holds).toBeNull();
  });

  test('LHCI’s verdicts become rows: one per preset for performance, one for both presets otherwise', () => {
    const route = '/docs/nested/nested-1';
    const lhrs = [lhr(route, {perf: 0.9, a11y: 0.97})];
    const checks = checkBudgets(results({...tbt, [route]: [100]}), {mobile: lhciAssert('mobile', lhrs), desktop: lhciAssert('desktop', [lhr(route, {perf: 0.99})])});
    expect(check(checks, route, 'performance mobile')).toMatchObject({target: '≥ 85', measured: '90', holds: true});
    expect(check(checks, route, 'performance desktop')).toMatchObject({target: '≥ 98', measured: '99', holds: true});
    expect(check(checks, route, 'accessibility')).toMatchObject({target: '100', measured: 'mobile 97 / desktop 100', holds: false});
    expect(check(checks, route, 'third-party requests')).toMatchObject({target: 'none', measured: '0', holds: true});
  });

  test('the floor’s routes are rows of the results but have no budgets', () => {
    const all = results({...tbt, '/docs/': [100]});
    expect(checkBudgets(all, NO_ASSERTIONS).filter((c) => c.route.startsWith('floor'))).toEqual([]);
    const markdown = report(all, checkBudgets(all, NO_ASSERTIONS), {
      date: '2026-01-01T00:00:00.000Z',
      minutes: 1,
      commit: 'abc1234',
      dirty: false,
      build: 'existing build',
      machine: '2 cores',
      versions: {node: 'v20', chromium: '1', lighthouse: '12.8.2', lhci: '0.15.1'},
      runs: 3,
      partial: false,
      settings: {},
      warnings: [],
    });
    expect(markdown).toContain('| `floor: /docs/intro` | 90.0 KB (6 files) | 90 / 90 | 300 ms |');
    expect(markdown).toContain('Lighthouse benchmark index (median of all runs): 1200\n');
  });

  test('median of the measured values', () => {
    expect(median([3, null, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([null])).toBeNull();
  });
});
