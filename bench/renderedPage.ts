/**
 * A page as a reader scrolls through it, unthrottled: how tall it says it is when it has loaded
 * against how tall it is once every section has rendered, and axe's serious and critical findings
 * on the whole page in both colour modes, once it has all rendered.
 *
 * A page that renders its sections as they come near the viewport (the kit) shows server HTML
 * until then: if that HTML is much shorter or taller than what replaces it, the scroll bar lies
 * and the page jumps under the reader. The error is |on load − rendered| / rendered.
 */
import type {Browser, BrowserContextOptions, Page} from 'playwright-core';
import {seriousFindings} from '../scripts/axe';
import {phone} from './browser';
import {outcomeOf, type Outcome} from './kitReport';
import {waitForQuiet, watchLongTasks} from './pageIdle';

export interface Heights {
  /** `document.documentElement.scrollHeight` once the page has loaded, hydrated and gone quiet, before any scrolling. */
  onLoad: number;
  /** The same once the page has been scrolled through to its end and has gone quiet. */
  rendered: number;
}

export interface AxeCounts {
  light: number;
  dark: number;
}

/** The widths measured: Lighthouse's phone, and a desktop window. */
export const PHONE_WIDTH = 412;
export const DESKTOP_WIDTH = 1280;

/** A big page takes a while to load, render and scan unthrottled (stock Redoc on 1,223 operations). */
const LOAD_TIMEOUT_MS = 300_000;
const SCROLL_TIMEOUT_MS = 15 * 60_000;
const AXE_TIMEOUT_MS = 15 * 60_000;
/** No long task for this long: the page has done what loading, or a scroll, set off. */
const QUIET_MS = 2_000;
const QUIET_CEILING_MS = 120_000;
/** Passes through the page, in case sections that rendered at the end made it longer. */
const MAX_PASSES = 3;

function contextOptions(width: number): BrowserContextOptions {
  return width === PHONE_WIDTH ? phone(width) : {viewport: {width, height: 900}};
}

async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took more than ${Math.round(ms / 60_000)} min`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const scrollHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

/**
 * Waits until the page's height has not changed for QUIET_MS. Sections that render in short tasks
 * (the kit's queue: a few milliseconds each) make no long task, so quiet alone would not say they
 * are done; their heights do.
 */
async function waitForSteadyHeight(page: Page): Promise<void> {
  const started = Date.now();
  let height = await scrollHeight(page);
  let since = Date.now();
  while (Date.now() - since < QUIET_MS) {
    if (Date.now() - started > QUIET_CEILING_MS) throw new Error(`the page's height still changed after ${QUIET_CEILING_MS / 1000} s`);
    await page.waitForTimeout(250);
    const now = await scrollHeight(page);
    if (now !== height) [height, since] = [now, Date.now()];
  }
}

/**
 * Scrolls to the end a screen at a time, two frames per screen so that every section passes
 * the viewport while the page looks, then waits for the page to go quiet and its height to stay;
 * again if it grew.
 */
async function scrollThrough(page: Page): Promise<void> {
  for (let pass = 1; pass <= MAX_PASSES; pass++) {
    // No named functions in here: tsx would wrap them in a helper the page does not have.
    await page.evaluate(async () => {
      while (window.scrollY + window.innerHeight < document.documentElement.scrollHeight - 1) {
        window.scrollBy(0, window.innerHeight);
        for (let frames = 0; frames < 2; frames++) await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
      }
    });
    await waitForQuiet(page, QUIET_MS, QUIET_CEILING_MS);
    await waitForSteadyHeight(page);
    const atEnd = await page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1);
    if (atEnd) return;
  }
  throw new Error(`still not at the end of the page after ${MAX_PASSES} passes`);
}

/**
 * The navbar's colour-mode switch, without the fades to the new colours: the browser does not run
 * the fades of sections it skips off screen (content-visibility), so a scan of a scrolled-through
 * page would read some colours half-way. What the fades end at, the scan reads at once.
 */
async function switchToDark(page: Page): Promise<void> {
  await page.addStyleTag({content: '*, *::before, *::after {transition: none !important}'});
  await page.getByRole('button', {name: /dark and light mode/}).click();
  await page.locator('html[data-theme="dark"]').waitFor({state: 'attached'});
}

/**
 * Visits `url` in light mode at `width`: its heights, and with `axe` its findings in light mode,
 * then in dark mode after the navbar's switch (the dark pass runs the colour rules only, as the
 * tests do: scripts/axe.ts). A scan that fails leaves the heights measured.
 */
export async function visitRendered(
  browser: Browser,
  url: string,
  options: {width: number; axe: boolean},
): Promise<{heights: Heights; axe?: Outcome<AxeCounts>}> {
  const context = await browser.newContext(contextOptions(options.width));
  try {
    await watchLongTasks(context);
    const page = await context.newPage();
    await page.goto(url, {waitUntil: 'load', timeout: LOAD_TIMEOUT_MS});
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached', timeout: LOAD_TIMEOUT_MS});
    await waitForQuiet(page, QUIET_MS, QUIET_CEILING_MS);
    const onLoad = await scrollHeight(page);
    await withTimeout(scrollThrough(page), SCROLL_TIMEOUT_MS, 'scrolling through the page');
    const heights = {onLoad, rendered: await scrollHeight(page)};
    if (!options.axe) return {heights};
    const axe = outcomeOf(
      (async () => {
        const light = await withTimeout(seriousFindings(page, 'light'), AXE_TIMEOUT_MS, 'the light-mode axe scan');
        await switchToDark(page);
        const dark = await withTimeout(seriousFindings(page, 'dark'), AXE_TIMEOUT_MS, 'the dark-mode axe scan');
        return {light: light.length, dark: dark.length};
      })(),
    );
    return {heights, axe: await axe};
  } finally {
    await context.close();
  }
}
