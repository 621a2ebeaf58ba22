/**
 * One Lighthouse run with its mobile preset (its defaults: a 412 px phone, simulated 4× CPU and a
 * slow network), performance only, in a fresh headless Chromium.
 */
import {BENCH_CHROMIUM, CHROME_FLAGS} from './browser';

type Lighthouse = typeof import('lighthouse', {with: {'resolution-mode': 'import'}});
type ChromeLauncher = typeof import('chrome-launcher', {with: {'resolution-mode': 'import'}});

/** The performance score (0 to 100); a run that could not score the page throws with Lighthouse's reason. */
export async function lighthouseMobileScore(url: string): Promise<number> {
  const [{default: lighthouse}, {launch}] = (await Promise.all([import('lighthouse'), import('chrome-launcher')])) as [Lighthouse, ChromeLauncher];
  const chrome = await launch({chromePath: BENCH_CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent'});
  try {
    const result = await lighthouse(url, {port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance']});
    const lhr = result?.lhr;
    const score = lhr?.categories.performance?.score;
    if (typeof score !== 'number') throw new Error(`Lighthouse gave no score: ${lhr?.runtimeError?.message ?? 'no result'}`);
    return Math.round(score * 100);
  } finally {
    // Its processes are gone before the next measurement starts, so that a Chromium shutting down
    // does not share the CPU with the next page's traced load.
    const exited = chrome.process.exitCode !== null || chrome.process.signalCode !== null ? Promise.resolve() : new Promise((resolve) => chrome.process.once('exit', resolve));
    chrome.kill();
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  }
}
