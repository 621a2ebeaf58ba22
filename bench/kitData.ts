/**
 * What `npm run bench:kit` writes to bench/data/kit.json, and what the docs read from it
 * (src/data/benchmark.ts): the one contract between the benchmark and the pages that quote it.
 * Medians are worked out here, once, so that no page computes a figure of its own.
 */

/** How the benchmark's report and the docs write a figure: one way, for both. */
export const thousands = (value: number): string => Math.round(value).toLocaleString('en');
export const ms = (value: number): string => `${thousands(value)} ms`;
export const mib = (value: number): string => `${thousands(value)} MiB`;
export const percent = (share: number): string => `${(share * 100).toFixed(1)} %`;

/** A median over a measurement's runs. */
export interface MedianFigure {
  /** Null when every run failed or none was made. */
  median: number | null;
  /** A run still busy when its recording stopped: the median is a lower bound. */
  lowerBound: boolean;
  runs: number;
  failed: number;
}

export interface KitSiteData {
  spec: {id: string; operations: number; webhooks: number; bytes: number};
  /** `kit-plain`: the kit with its request samples and console off (bench/kitSites.ts). */
  variant: 'kit' | 'kit-plain' | 'stock';
  build:
    | {ok: true; seconds: number; cpuSeconds: number; peakMiB: number; htmlBytes: number}
    | {ok: false; seconds: number | null; peakMiB: number | null; error: string};
  /** Every script of a first visit of the home page. */
  homeScripts: {bytes: number; gzipBytes: number} | null;
  /** |height on load − rendered| / rendered, at 412 and 1280 px. */
  heightError: {phone: number | null; desktop: number | null};
  /** Sections scanned, of how many; null where the run's report did not count them (a page scanned whole). */
  axe: {light: number; dark: number; sectionsScanned: number | null; sectionsTotal: number | null} | null;
  coldLoad: {blocking: MedianFigure; longest: MedianFigure};
  clickThrough: {blocking: MedianFigure; longest: MedianFigure};
  lighthouse: MedianFigure;
  /** The longest task of opening an operation's console (0: none over 50 ms); measured on some sites only. */
  consoleOpening?: {longest: MedianFigure};
}

export interface KitBudgetData {
  spec: string;
  budget: string;
  target: string;
  measured: string;
  /** Null: not checked (nothing measured, or a lower bound under the limit). */
  holds: boolean | null;
}

export interface KitRunData {
  /** ISO date and time the run ended. */
  date: string;
  /** The repository's commit the run measured, and whether the work tree had changes. */
  commit: string;
  dirty: boolean;
  kitVersion: string;
  chromium: string;
  /** The machine's memory speed as the run started (bench/machine.ts). */
  machine?: string;
  runs: number;
  coldLoadsPerRound: number;
  /** Fewer specs, runs or sites than a full run: not comparable with one. */
  partial: boolean;
  minutes: number;
  sites: KitSiteData[];
  budgets: KitBudgetData[];
}
