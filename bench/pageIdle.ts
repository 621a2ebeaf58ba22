/**
 * When a page has gone quiet: no long task (over 50 ms, as the browser reports them) for a while.
 * The benchmarks record until then, with a ceiling, instead of for a fixed time, so that a page
 * still working after the fixed time is not cut short, and a quiet one not waited on.
 */
import type {BrowserContext} from 'playwright-core';
import type {CdpPage} from './cdpBrowser';

/** Where the page keeps the end of its latest long task, in its own clock (performance.now()). */
const LATEST_END = '__benchLongTaskEnd';

/** Run in each document: notes the end of its latest long task under `key`. */
function noteLongTasks(key: string): void {
  const store = window as unknown as Record<string, number>;
  store[key] = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) store[key] = Math.max(store[key] ?? 0, entry.startTime + entry.duration);
  }).observe({type: 'longtask', buffered: true});
}

/** Makes every page of the context (Playwright's), or the page (./cdpBrowser.ts), note its long tasks; call before the first navigation. */
export async function watchLongTasks(target: BrowserContext | CdpPage): Promise<void> {
  await target.addInitScript(noteLongTasks, LATEST_END);
}

/** What waiting for quiet needs of a page: Playwright's, or one of ./cdpBrowser.ts. */
interface QuietPage {
  evaluate<R, A>(fn: (arg: A) => R, arg: A): Promise<R>;
  waitForTimeout(ms: number): Promise<void>;
}

export interface Quiet {
  /** False when the ceiling came first: the page was still busy. */
  quiet: boolean;
  /** How long the wait took, in milliseconds. */
  waitedMs: number;
}

/**
 * Waits until the page has had no long task for `quietMs`, counted from the later of the start of
 * the wait and the end of its latest long task, or until `ceilingMs` has passed. The page must
 * watch its long tasks (`watchLongTasks`).
 */
export async function waitForQuiet(page: QuietPage, quietMs: number, ceilingMs: number): Promise<Quiet> {
  const started = Date.now();
  const sample = () =>
    page.evaluate((key) => ({now: performance.now(), latestEnd: (window as unknown as Record<string, number>)[key] ?? 0}), LATEST_END);
  // An evaluation waits for a task in progress to end: its first answer is the earliest quiet moment.
  const since = (await sample()).now;
  for (;;) {
    const {now, latestEnd} = await sample();
    if (now - Math.max(since, latestEnd) >= quietMs) return {quiet: true, waitedMs: Date.now() - started};
    if (Date.now() - started >= ceilingMs) return {quiet: false, waitedMs: Date.now() - started};
    await page.waitForTimeout(250);
  }
}
