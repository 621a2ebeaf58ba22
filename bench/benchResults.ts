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
 * Writes one section of the results file, keeping the others: `npm run bench` writes the site's,
 * bench/kit.ts the reference kit's. Each section sits between marker comments.
 */
export function writeResultsSection(file: string, name: ResultsSection, markdown: string): void {
  const existing = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const sections = new Map<string, string>();
  for (const section of RESULTS_SECTIONS) {
    const [start, end] = sectionMarks(section);
    const from = existing.indexOf(start);
    const to = existing.indexOf(end);
    if (from !== -1 && to > from) sections.set(section, existing.slice(from + start.length, to).trim());
  }
  sections.set(name, markdown.trim());
  const written = RESULTS_SECTIONS.filter((section) => sections.has(section)).map((section) => {
    const [start, end] = sectionMarks(section);
    return `${start}\n${sections.get(section)}\n${end}\n`;
  });
  fs.writeFileSync(file, written.join('\n'));
}
