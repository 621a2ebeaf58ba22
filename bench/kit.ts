/**
 * The reference kit in a reader's site, against stock redocusaurus: the sites the kit's tests make
 * (scripts/kitSite.ts), built for production and measured in the same run, with the kit's
 * budgets. Writes its section of bench/results.md; the rest of that file is `npm run bench`'s.
 *
 *   npm run build && node --import tsx bench/kit.ts [--runs 3]
 *
 * The sites, each a copy of the stock reader site (an empty Docusaurus 2.4.3 site after the
 * Installation page) with the corpus's large spec as a second API page:
 * - stock: nothing more;
 * - pinned: the guide's first two steps (Redoc 2.1.4, patched, under the stock preset);
 * - kit: the guide's three steps;
 * - kit, small second spec: the kit with the pet store in the large spec's place (same id and
 *   route), for the home page's JavaScript: only the size of the spec differs.
 *
 * It is a report, not a test: a failed budget is reported, not an exit code. Run it on an idle
 * machine; interleaved runs keep a busy moment from falling on one site only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {parseYaml} from '@redocly/openapi-core';
import {chromium, type Browser} from 'playwright-core';
import {Symbolicator, analyze, record, type RunResult} from './trace-breakdown';
import {measureFirstLoad, kilobytes} from './firstLoad';
import {writeResultsSection} from './benchResults';
import {median} from './benchReport';
import {runCommand, type Resources} from '../scripts/runCommand';
import {seriousFindingCount} from '../scripts/axe';
import {operationSummaries} from '../scripts/openapiOperations';
import {REPO_ROOT} from '../scripts/repoRoot';
import {API_ROUTE, LARGE_ROUTE, addLargeSpec, applyGuide} from '../scripts/kitSite';
import {SAMPLE_SPEC, copyReaderSite, removeReaderSite, serveReaderBuild, stockReaderSite, type RunningServer} from '../scripts/readerSite';

const CHROMIUM = process.env.BENCH_CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Two builds that differ only in a spec's content still differ by a few bytes on the home page:
 * webpack's runtime lists the async chunks by numeric id and content hash, and ids are digits of a
 * hash (4 bytes seen). Anything of the spec itself would be kilobytes.
 */
const HOME_BYTES_SLACK = 64;
const log = (message: string): void => void process.stderr.write(`${message}\n`);

type SiteName = 'stock' | 'pinned' | 'kit' | 'kit, small second spec';
interface Site {
  name: SiteName;
  dir: string;
  build: Resources;
  server?: RunningServer;
}

/** `npm run build` (minified) under GNU time: wall time, CPU time, the largest process's peak memory. */
async function timedBuild(dir: string): Promise<Resources> {
  const {exitCode, output, resources} = await runCommand(['npm', 'run', 'build'], {cwd: dir, measure: true});
  if (exitCode !== 0 || !resources) throw new Error(`the build in ${dir} failed (exit ${exitCode}):\n${output.slice(-4000)}`);
  return resources;
}

/** What a trace says of the main thread after first paint: blocking, the longest task, when the last one ends. */
function afterFirstPaint(run: RunResult) {
  const tasks = run.longTasks.filter((task) => task.start >= run.fcp);
  return {
    blocking: run.tbt,
    longest: Math.max(0, ...tasks.map((task) => task.duration)),
    lastEnds: Math.max(run.fcp, ...tasks.map((task) => task.start + task.duration)),
  };
}

type Lighthouse = typeof import('lighthouse', {with: {'resolution-mode': 'import'}});
type ChromeLauncher = typeof import('chrome-launcher', {with: {'resolution-mode': 'import'}});

/** Lighthouse's mobile preset (its defaults): the performance score and the simulated TBT. */
async function lighthouseMobile(url: string): Promise<{score: number; tbt: number}> {
  const [{default: lighthouse}, {launch}] = (await Promise.all([import('lighthouse'), import('chrome-launcher')])) as [Lighthouse, ChromeLauncher];
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, {port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance']});
    const lhr = result!.lhr;
    return {score: Math.round((lhr.categories.performance!.score ?? 0) * 100), tbt: lhr.audits['total-blocking-time']!.numericValue ?? 0};
  } finally {
    chrome.kill();
  }
}

async function firstLoadScripts(browser: Browser, url: string) {
  const context = await browser.newContext();
  try {
    const load = await measureFirstLoad(await context.newPage(), url);
    return load.files.filter((file) => file.kind === 'script');
  } finally {
    await context.close();
  }
}

async function axeFindings(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({viewport: {width: 1280, height: 900}});
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached', timeout: 60_000});
    // Not 'networkidle': offline, the stock page's image from Redoc's CDN may never settle. The
    // stock theme renders its reference again just after hydration; give that a moment.
    await page.waitForTimeout(2_000);
    return await seriousFindingCount(page);
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const {values} = parseArgs({options: {runs: {type: 'string', default: '3'}}});
  const runs = Number(values.runs);
  const started = Date.now();
  const petStore = parseYaml(fs.readFileSync(SAMPLE_SPEC, 'utf8'));
  const load = () => os.loadavg().map((value) => value.toFixed(2)).join(' ');
  const loadBefore = load();

  log('The stock reader site…');
  await stockReaderSite();
  const sites: Site[] = [];
  try {
    for (const name of ['stock', 'pinned', 'kit', 'kit, small second spec'] as const) {
      log(`Making the ${name} site…`);
      // The folder's path is written into the bundles (Docusaurus's registry names modules by it):
      // the two kit sites get names of one length, so that their home pages can weigh the same.
      const dir = await copyReaderSite({stock: 'stock', pinned: 'pinned', kit: 'kit-large', 'kit, small second spec': 'kit-small'}[name]);
      if (name !== 'stock') await applyGuide(dir, name === 'pinned' ? 'pin' : 'all');
      addLargeSpec(dir, name === 'kit, small second spec' ? petStore : undefined);
      log(`Building the ${name} site…`);
      sites.push({name, dir, build: await timedBuild(dir)});
    }
    for (const site of sites) site.server = await serveReaderBuild(site.dir);
    const site = (name: SiteName) => sites.find((candidate) => candidate.name === name)!;
    const url = (name: SiteName, route: string) => site(name).server!.url + route;

    // First what does not vary from run to run (and fails fast): home page scripts, axe.
    const browser = await chromium.launch({executablePath: CHROMIUM, args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking']});
    const summaries = operationSummaries(petStore);
    const home = new Map<SiteName, {bytes: number; gzipBytes: number; withSpec: boolean}>();
    const axe = new Map<SiteName, number>();
    try {
      for (const {name} of sites) {
        const scripts = await firstLoadScripts(browser, url(name, '/'));
        home.set(name, {
          bytes: scripts.reduce((sum, file) => sum + file.bytes, 0),
          gzipBytes: scripts.reduce((sum, file) => sum + file.gzipBytes, 0),
          withSpec: scripts.some((file) => summaries.some((summary) => file.body.includes(summary))),
        });
        if (name !== 'kit, small second spec') axe.set(name, await axeFindings(browser, url(name, API_ROUTE)));
      }
    } finally {
      await browser.close();
    }

    // Traces: 4× CPU, 412 px, light, every page once per round.
    const pages = (['stock', 'pinned', 'kit'] as const).flatMap((name) => [API_ROUTE, LARGE_ROUTE].map((route) => ({name, route})));
    const traces = new Map<string, ReturnType<typeof afterFirstPaint>[]>();
    const symbols = new Symbolicator();
    for (let run = 1; run <= runs; run++) {
      for (const {name, route} of pages) {
        log(`trace ${run}/${runs}: ${name} ${route}`);
        const trace = await record(url(name, route), {dark: false, cpu: 4, width: 412, settle: 10_000, loadTimeout: 300_000});
        const key = `${name} ${route}`;
        traces.set(key, [...(traces.get(key) ?? []), afterFirstPaint(await analyze(trace, url(name, route), symbols))]);
      }
    }
    const trace = (name: SiteName, route: string) => {
      const results = traces.get(`${name} ${route}`)!;
      return {
        blocking: median(results.map((result) => result.blocking))!,
        longest: median(results.map((result) => result.longest))!,
        lastEnds: median(results.map((result) => result.lastEnds))!,
      };
    };

    // Lighthouse, mobile, the API pages of the stock and the kit site, in turn.
    const lighthouse = new Map<string, {score: number; tbt: number}[]>();
    for (let run = 1; run <= runs; run++) {
      for (const name of ['stock', 'kit'] as const) {
        for (const route of [API_ROUTE, LARGE_ROUTE]) {
          log(`lighthouse ${run}/${runs}: ${name} ${route}`);
          const key = `${name} ${route}`;
          lighthouse.set(key, [...(lighthouse.get(key) ?? []), await lighthouseMobile(url(name, route))]);
        }
      }
    }
    const lh = (name: SiteName, route: string) => {
      const results = lighthouse.get(`${name} ${route}`)!;
      return {score: median(results.map((result) => result.score))!, tbt: median(results.map((result) => result.tbt))!};
    };

    // ------------------------------------------------------------------ report
    const ms = (value: number) => `${Math.round(value).toLocaleString('en')} ms`;
    const s = (value: number) => `${value.toFixed(1)} s`;
    const pageName = (route: string) => (route === API_ROUTE ? 'pet store (21 operations)' : 'GitHub, 572 operations');
    const rows: string[] = [
      '| page | site | blocking after first paint | longest task | last long task ends | Lighthouse mobile perf / TBT |',
      '| --- | --- | --- | --- | --- | --- |',
    ];
    for (const route of [API_ROUTE, LARGE_ROUTE]) {
      for (const name of ['stock', 'pinned', 'kit'] as const) {
        const t = trace(name, route);
        const l = name === 'pinned' ? undefined : lh(name, route);
        rows.push(
          `| ${pageName(route)} | ${name} | ${ms(t.blocking)} | ${ms(t.longest)} | ${s(t.lastEnds / 1000)} | ${l ? `${l.score} / ${ms(l.tbt)}` : 'not measured'} |`,
        );
      }
    }
    const other: string[] = [
      '| site | home page JavaScript (gzip 6) | spec in it | serious or critical axe findings, pet store page, light, 1280 px | build: time / CPU / peak memory |',
      '| --- | --- | --- | --- | --- |',
      ...sites.map(({name, build}) => {
        const {gzipBytes, withSpec} = home.get(name)!;
        const findings = axe.get(name);
        return `| ${name} | ${kilobytes(gzipBytes)} | ${withSpec ? 'yes' : 'no'} | ${findings ?? 'not measured'} | ${s(build.seconds)} / ${s(build.cpuSeconds)} / ${build.peakMiB} MiB |`;
      }),
    ];

    const kitPet = trace('kit', API_ROUTE);
    const kitLarge = trace('kit', LARGE_ROUTE);
    const stockPet = trace('stock', API_ROUTE);
    const stockLarge = trace('stock', LARGE_ROUTE);
    const budgets: [string, string, boolean][] = [
      ['Pet store page: kit blocking ≤ 1/4 of stock\'s', `${ms(kitPet.blocking)} against ${ms(stockPet.blocking / 4)} (${(kitPet.blocking / stockPet.blocking).toFixed(2)} of stock)`, kitPet.blocking <= stockPet.blocking / 4],
      ['Large spec page: kit blocking ≤ 2 × the kit\'s pet store page', `${ms(kitLarge.blocking)} against ${ms(2 * kitPet.blocking)} (${(kitLarge.blocking / kitPet.blocking).toFixed(2)} ×)`, kitLarge.blocking <= 2 * kitPet.blocking],
      ['Large spec page: kit longest task ≤ the kit\'s pet store page\'s', `${ms(kitLarge.longest)} against ${ms(kitPet.longest)}`, kitLarge.longest <= kitPet.longest],
      ['Large spec page: kit ahead of stock on every trace figure', `blocking ${ms(kitLarge.blocking)} / ${ms(stockLarge.blocking)}, longest ${ms(kitLarge.longest)} / ${ms(stockLarge.longest)}, last ${s(kitLarge.lastEnds / 1000)} / ${s(stockLarge.lastEnds / 1000)}`, kitLarge.blocking < stockLarge.blocking && kitLarge.longest < stockLarge.longest && kitLarge.lastEnds < stockLarge.lastEnds],
      [
        `Home page of a kit site with the large spec: same JavaScript as with the pet store in its place (uncompressed, ± ${HOME_BYTES_SLACK} bytes)`,
        `${home.get('kit')!.bytes.toLocaleString('en')} bytes against ${home.get('kit, small second spec')!.bytes.toLocaleString('en')}`,
        Math.abs(home.get('kit')!.bytes - home.get('kit, small second spec')!.bytes) <= HOME_BYTES_SLACK,
      ],
      ['Build of the large-spec site: kit time ≤ 1.25 × stock\'s', `${s(site('kit').build.seconds)} against ${s(1.25 * site('stock').build.seconds)}`, site('kit').build.seconds <= 1.25 * site('stock').build.seconds],
      ['Build of the large-spec site: kit peak memory ≤ 1.25 × stock\'s', `${site('kit').build.peakMiB} MiB against ${Math.round(1.25 * site('stock').build.peakMiB)} MiB`, site('kit').build.peakMiB <= 1.25 * site('stock').build.peakMiB],
    ];
    const held = budgets.filter(([, , holds]) => holds).length;

    const section = [
      '## The reference kit in a reader\'s site',
      '',
      `Generated by \`node --import tsx bench/kit.ts\` (${new Date().toISOString()}, took ${((Date.now() - started) / 60_000).toFixed(1)} min; load average ${loadBefore} before, ${load()} after).`,
      '',
      '- **Sites**: copies of the stock reader site (`scripts/readerSite.ts`: an empty Docusaurus 2.4.3 site after the Installation page, stock redocusaurus 1.6.4 from npm), each with the corpus\'s GitHub subset (572 operations) as a second API page: **stock**; **pinned**, after the guide\'s steps 1 and 2 (Redoc 2.1.4, patched, under the stock preset); **kit**, after its three steps (`docs/guides/fast-accessible-reference-pages.mdx`, applied as the tests apply it); and **kit, small second spec**, the kit with the pet store at the large spec\'s id and route, for the home page. Each built with `npm run build` (minified) under GNU time, served by `scripts/serve-build.mjs`.',
      `- **Traces**: \`bench/trace-breakdown.ts\`'s recording, Debian's Chromium, 4× CPU throttling, 412 px at 1.75x, light mode, cold; real long tasks after first contentful paint (blocking: each minus 50 ms), recorded until 10 s after the load event; median of ${runs} runs, the pages in turn in each round.`,
      `- **Lighthouse**: mobile preset (simulated throttling), performance only, median of ${runs} runs.`,
      '- **Home page JavaScript**: every script of a first visit of `/` until hydrated and idle (`bench/firstLoad.ts`), gzip level 6; "spec in it" looks for the pet store\'s operation summaries.',
      '',
      ...rows,
      '',
      ...other,
      '',
      `### Budgets: ${held} of ${budgets.length} hold`,
      '',
      '| budget | measured | holds |',
      '| --- | --- | --- |',
      ...budgets.map(([budget, measured, holds]) => `| ${budget} | ${measured} | ${holds ? 'yes' : '**NO**'} |`),
      '',
    ].join('\n');
    writeResultsSection(path.join(REPO_ROOT, 'bench', 'results.md'), 'kit', section);
    process.stdout.write(`${section}\n`);
  } finally {
    await Promise.all(sites.map((site) => site.server?.close()));
    await Promise.all(sites.map((site) => removeReaderSite(site.dir)));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
