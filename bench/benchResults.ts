/**
 * bench/results.md is written by two benchmarks: `npm run bench` (bench/lighthouse.ts, the site on
 * Lighthouse CI) and `npm run bench:kit` (bench/kit.ts, the reference kit in a reader's site).
 * Each writes its own section and keeps the other's.
 */
import fs from 'node:fs';

/** The sections of bench/results.md, in the order they are written; each has its own generator. */
const RESULTS_SECTIONS = ['site', 'kit'] as const;
export type ResultsSection = (typeof RESULTS_SECTIONS)[number];

const sectionMarks = (name: string) => [`<!-- bench:${name} -->`, `<!-- /bench:${name} -->`] as const;

/**
 * Writes one section of the results file and keeps the rest of it as it is: the other benchmark's
 * section, and the text written by hand around them. Each section sits between marker comments; a section the file does not have yet goes
 * before the first section that follows it in `RESULTS_SECTIONS`, else at the end.
 */
export function writeResultsSection(file: string, name: ResultsSection, markdown: string): void {
  const existing = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const [start, end] = sectionMarks(name);
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const from = existing.indexOf(start);
  const to = existing.indexOf(end);
  if (from !== -1 && to > from) {
    fs.writeFileSync(file, existing.slice(0, from) + block + existing.slice(to + end.length));
    return;
  }
  const later = RESULTS_SECTIONS.slice(RESULTS_SECTIONS.indexOf(name) + 1)
    .map((section) => existing.indexOf(sectionMarks(section)[0]))
    .filter((index) => index !== -1);
  const at = later.length > 0 ? Math.min(...later) : existing.length;
  const before = existing.slice(0, at);
  const separator = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  fs.writeFileSync(file, `${before}${separator}${block}\n${at < existing.length ? '\n' : ''}${existing.slice(at)}`);
}
