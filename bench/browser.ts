/**
 * The browser the benchmarks measure with: Debian's full Chromium, as readers run it (the tests
 * drive the lighter headless shell), or BENCH_CHROMIUM_PATH; and the phone it plays.
 */
import {chromium, type Browser, type BrowserContextOptions} from 'playwright-core';

export const BENCH_CHROMIUM = process.env.BENCH_CHROMIUM_PATH ?? '/usr/bin/chromium';
/** No sandbox in containers, no GPU, and no traffic or updates of Chromium's own to blur a measurement. */
export const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({executablePath: BENCH_CHROMIUM, args: CHROME_FLAGS});
}

/** Lighthouse's mobile screen, 412×823 at 1.75x with touch, at another width when given. */
export function phone(width = 412): BrowserContextOptions {
  return {viewport: {width, height: 823}, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true};
}
