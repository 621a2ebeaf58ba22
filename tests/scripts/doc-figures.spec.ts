/**
 * Docs cannot drift from the measurements or the code. A figure with a unit in the prose of the
 * docs, the README or the kit's README is either a limit the code sets (checked against the code
 * below) or it is rendered from the benchmark's data (`<BenchmarkFigure>`, `<BenchmarkTable>`,
 * src/data/benchmark.ts): a measured figure typed into prose fails here. Node only.
 */
import fs from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {benchmarkFigures, benchmarkRows, figuresOf, kitRun, MissingFigure} from '../../src/data/benchmark';
import {corpus} from '../../bench/corpus';
import {REPO_ROOT} from '../../scripts/repoRoot';

/** The docs whose prose is checked. The kit's CHANGELOG and bench/results.md are dated records, not prose to keep true. */
function checkedDocs(): string[] {
  const docs = fs.readdirSync(path.join(REPO_ROOT, 'docs'), {recursive: true, encoding: 'utf8'}).filter((file) => /\.mdx?$/.test(file));
  return [...docs.map((file) => path.join('docs', file)), 'README.md', 'reference-kit/README.md'];
}

/** Prose only: no code blocks or spans, no JSX or HTML tags, no comments, no link targets. */
function prose(markdown: string): string {
  return markdown
    .replace(/^```[\s\S]*?^```/gm, '')
    .replace(/`[^`\n]*`/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/?[A-Za-z][^>]*>/g, '')
    .replace(/\]\([^)]*\)/g, ']');
}

/** A number with a unit of time, size, share or ratio: "480 ms", "1.5 GiB", "12 %", "4×", "3 times". */
const FIGURE = /(?<![\w.,])\d[\d,]*(?:\.\d+)?(?:\s|&nbsp;)?(?:ms|s|min|minutes|seconds|hours|MiB|GiB|MB|KB|kB|GB|bytes|%|×|times)(?![\w])/g;

export function figuresIn(markdown: string): string[] {
  return [...prose(markdown).matchAll(FIGURE)].map((match) => match[0].replace(/&nbsp;/g, ' '));
}

/**
 * Figures the docs may write out: limits and settings of the code, each with the line of code that
 * sets it. When the code changes, this test fails until the docs and this list follow.
 */
const CODE_FIGURES: {figures: string[]; file: string; source: RegExp}[] = [
  {figures: ['300 KB'], file: 'reference-kit/reference/server/sectionStubs.ts', source: /FULL_SECTIONS_HTML_BUDGET = 300_000;/},
  {figures: ['50 KB'], file: 'reference-kit/reference/server/sectionStubs.ts', source: /NOSCRIPT_PART_SIZE = 50_000;/},
  {figures: ['1 MB'], file: 'reference-kit/lib/specDataPlugin.js', source: /FETCHED_PIECES_SIZE = 1_000_000;/},
  {figures: ['128 KB'], file: 'reference-kit/lib/specDataPlugin.js', source: /FETCHED_FILE_SIZE = 128_000;/},
  {figures: ['2 GiB'], file: 'bench/kitReport.ts', source: /buildPeakMiB: 2048,/},
  {figures: ['4×', '4 ×'], file: 'bench/kit.ts', source: /CPU_SLOWDOWN = 4;/},
  {figures: ['3 times'], file: 'bench/lighthouserc.cjs', source: /numberOfRuns: 3,/},
  {figures: ['3×'], file: 'bench/benchReport.ts', source: /apiTbtPerHomeTbt: 3,/},
  {figures: ['1.2×'], file: 'bench/benchReport.ts', source: /tbtPerFloorTbt: 1\.2,/},
  {figures: ['100 KB'], file: 'bench/benchReport.ts', source: /firstLoadKB: 100,/},
  {figures: ['5 seconds'], file: 'scripts/build/specs.ts', source: /REMOTE_TIMEOUT_MS = 5000;/},
];

/** Figures the docs give of the corpus's files (bench/corpus.ts), each with what makes it true. */
const CORPUS_FIGURES: {figures: string[]; what: string; holds: () => boolean}[] = [
  {
    figures: ['9 MB'],
    what: "every corpus spec but GitHub's whole REST API is at most 9 MB",
    holds: () => corpus.filter((entry) => entry.id !== 'github-rest').every((entry) => entry.bytes <= 9_000_000),
  },
];

test.describe('figures in the docs', () => {
  test('every figure written out in prose is a limit of the code; measured figures come from the data', () => {
    const allowed = new Set([...CODE_FIGURES, ...CORPUS_FIGURES].flatMap((entry) => entry.figures));
    const typed = checkedDocs().flatMap((file) =>
      figuresIn(fs.readFileSync(path.join(REPO_ROOT, file), 'utf8'))
        .filter((figure) => !allowed.has(figure))
        .map((figure) => `${file}: "${figure}"`),
    );
    expect(typed, 'render a measured figure with <BenchmarkFigure> (src/data/benchmark.ts), or add a limit of the code to CODE_FIGURES').toEqual([]);
  });

  test('each limit the docs write out is still what the code sets', () => {
    const stale = CODE_FIGURES.filter(({file, source}) => !source.test(fs.readFileSync(path.join(REPO_ROOT, file), 'utf8')));
    expect(stale.map(({figures, file}) => `${figures.join(', ')}: ${file}`)).toEqual([]);
    expect(CORPUS_FIGURES.filter((entry) => !entry.holds()).map((entry) => entry.what)).toEqual([]);
  });

  test('the figure check finds figures in prose and not in code', () => {
    expect(figuresIn('Blocks 480 ms, builds at 1,095&nbsp;MiB, 12.5 % off, 4× CPU, 3 times.')).toEqual(['480 ms', '1,095 MiB', '12.5 %', '4×', '3 times']);
    expect(figuresIn('Run `sleep 5 s`.\n\n```sh\ntime: 12 s\n```\n<!-- 9 ms -->\n[v1.2](https://x.test/3%20s) Node.js 20.18.1')).toEqual([]);
  });

  test("every <BenchmarkFigure> in the docs names a figure the last run's data gives", () => {
    const named = checkedDocs().flatMap((file) =>
      [...fs.readFileSync(path.join(REPO_ROOT, file), 'utf8').matchAll(/<BenchmarkFigure of="([^"]+)"/g)].map((match) => ({file, name: match[1]})),
    );
    expect(named.length).toBeGreaterThan(10);
    for (const {file, name} of named) {
      const figure = (benchmarkFigures as Record<string, () => string>)[name];
      expect(figure, `${file}: <BenchmarkFigure of="${name}">`).toBeDefined();
      expect(figure(), `${file}: ${name}`).toMatch(/\d/);
    }
    expect(benchmarkRows().map((row) => row.id)).toContain('petstore');
  });

  test('a figure the run did not measure stops the build, naming what is missing', () => {
    const withoutStock = {...kitRun, sites: kitRun.sites.filter((site) => site.variant !== 'stock')};
    expect(() => figuresOf(withoutStock).stockPerKitPetStore()).toThrow(MissingFigure);
    expect(() => figuresOf(withoutStock).stockPerKitPetStore()).toThrow(/stock pet store site/);
    const stillBusy = {
      ...kitRun,
      sites: kitRun.sites.map((site) => ({...site, coldLoad: {...site.coldLoad, longest: {...site.coldLoad.longest, lowerBound: true}}})),
    };
    expect(() => figuresOf(stillBusy).kitLongestTasks()).toThrow(/only a lower bound/);
  });
});
