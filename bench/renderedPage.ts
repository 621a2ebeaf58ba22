/**
 * A page as a reader scrolls through it, unthrottled: how tall it says it is when it has loaded
 * against how tall it is once every section has rendered; and axe's serious and critical findings
 * in both colour modes on its sections rendered.
 *
 * A page that renders its sections as they come near the viewport (the kit) shows server HTML
 * until then: if that HTML is much shorter or taller than what replaces it, the scroll bar lies
 * and the page jumps under the reader. The error is |on load − rendered| / rendered.
 *
 * axe scans a page whole up to AXE_SECTIONS of the reference's sections; a page with more (hundreds
 * of operations alike in structure) is scanned with a sample of them, evenly spaced from the first
 * to the last, and everything outside the sections (navbar, menu, the API's title block, footer),
 * in a visit of its own that renders only those: axe's time follows the whole document, and on
 * GitHub's webhooks (306 sections, 700,000 elements once all rendered) it took two minutes for 20
 * sections. A whole scan of GitHub's 1,223 operations ran for more than 20 minutes.
 */
import type {Browser, BrowserContextOptions, Page} from 'playwright-core';
import {seriousFindings} from './axe';
import {phone} from './browser';
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
  /** The reference's sections axe scanned, of how many. */
  sections: {scanned: number; total: number};
  /** The first few findings, mode, rule and target, for the log. */
  examples: string[];
}

/** How many findings a scan keeps to show. */
const EXAMPLES = 5;

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
/**
 * Screens scrolled in one go, and how long they may take. Chromium's renderer has now and then
 * stopped drawing frames half-way down a page of a million elements (Okta's, GitHub's), idle, so
 * that the scroll waited for a frame until its 15 minutes were up; a fresh page got through. 50
 * screens of GitHub's page take 2 to 3 s.
 */
const STRETCH_SCREENS = 50;
const STALL_MS = 60_000;
/**
 * Tries of a visit (heights, axe): a page that stopped drawing gets more. GitHub's REST page at
 * 1,280 px stopped twice in a row in one run (kit 1.1.5), each time main thread idle.
 */
const VISIT_TRIES = 3;
/** The most sections axe scans on a page: the whole of every corpus page up to Okta's size. */
export const AXE_SECTIONS = 150;
/** Marks the sections left out of the scan, and the ones scanned, which are painted. */
const UNSCANNED = 'data-bench-unscanned';
const SCANNED = 'data-bench-scanned';

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
    for (let atEnd = false; !atEnd; ) {
      // A stretch of screens at a time, so that a page that stops drawing frames is noticed.
      // No named functions in here: tsx would wrap them in a helper the page does not have.
      const stretch = page.evaluate(async (screens) => {
        for (let screen = 0; screen < screens; screen++) {
          if (window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1) return true;
          window.scrollBy(0, window.innerHeight);
          for (let frames = 0; frames < 2; frames++) await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
        }
        return false;
      }, STRETCH_SCREENS);
      atEnd = await withTimeout(stretch, STALL_MS, `${STRETCH_SCREENS} screens of scrolling (the page stopped drawing frames)`);
    }
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
  // By its title, not its role: finding a role means computing it for every element of the page,
  // which on GitHub's (hundreds of thousands of elements) outlasted the click's 30 s.
  await page.locator('button[title*="dark and light mode"]').click();
  await page.locator('html[data-theme="dark"]').waitFor({state: 'attached'});
}

/**
 * A new page at `width`, loaded, hydrated and quiet, before any scrolling. The context goes with it.
 */
async function loadedPage(browser: Browser, url: string, width: number): Promise<Page> {
  const context = await browser.newContext(contextOptions(width));
  await watchLongTasks(context);
  const page = await context.newPage();
  await page.goto(url, {waitUntil: 'load', timeout: LOAD_TIMEOUT_MS});
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached', timeout: LOAD_TIMEOUT_MS});
  await waitForQuiet(page, QUIET_MS, QUIET_CEILING_MS);
  return page;
}

/**
 * Runs `work` on a new page of `url` at `width`, loaded and quiet. A visit in which the page
 * stopped drawing frames is made again in a new page, once (`onRetry` hears of it).
 */
async function visit<T>(browser: Browser, url: string, width: number, work: (page: Page) => Promise<T>, onRetry?: (error: unknown) => void): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const page = await loadedPage(browser, url, width);
    try {
      return await work(page);
    } catch (error) {
      if (attempt === VISIT_TRIES || !/stopped drawing frames/.test(String(error))) throw error;
      onRetry?.(error);
    } finally {
      await page.context().close();
    }
  }
}

/** Visits `url` in light mode at `width`: its height on load, and once scrolled through. */
export function measureHeights(browser: Browser, url: string, width: number, onRetry?: (error: unknown) => void): Promise<Heights> {
  return visit(
    browser,
    url,
    width,
    async (page) => {
      const onLoad = await scrollHeight(page);
      await withTimeout(scrollThrough(page), SCROLL_TIMEOUT_MS, 'scrolling through the page');
      return {onLoad, rendered: await scrollHeight(page)};
    },
    onRetry,
  );
}

/**
 * Chooses the sections axe scans, at most `limit`, evenly spaced so that the first and the last are
 * among them, and marks the others to be left out. Sections are the outermost elements with
 * Redoc's `data-section-id` (tags, operations, webhooks: the kit's and stock's alike).
 */
function chooseSections(page: Page, limit: number): Promise<AxeCounts['sections']> {
  return page.evaluate(
    ({limit, unscanned, scanned}) => {
      const all = Array.from(document.querySelectorAll('[data-section-id]')).filter(
        (section) => !section.parentElement?.closest('[data-section-id]'),
      );
      const chosen = new Set<number>();
      if (all.length <= limit) all.forEach((_, index) => chosen.add(index));
      else for (let step = 0; step < limit; step++) chosen.add(Math.round((step * (all.length - 1)) / (limit - 1)));
      all.forEach((section, index) => section.setAttribute(chosen.has(index) ? scanned : unscanned, ''));
      return {scanned: chosen.size, total: all.length};
    },
    {limit, unscanned: UNSCANNED, scanned: SCANNED},
  );
}

/** Sections brought into view in one go, and how long they may take (as STRETCH_SCREENS). */
const STRETCH_SECTIONS = 10;

/**
 * Brings each section to be scanned into view, two frames each, as a reader scrolling to it would
 * (the kit renders a section as it nears the viewport; stock has rendered them all), then waits
 * for the page to go quiet. The sections left out stay as they are: mostly the server's HTML. A
 * stretch of sections that outlasts STALL_MS means the page stopped drawing frames (Okta's did).
 */
async function renderChosenSections(page: Page): Promise<void> {
  for (let from = 0, done = false; !done; from += STRETCH_SECTIONS) {
    const stretch = page.evaluate(
      async ({scanned, from, count}) => {
        const chosen = Array.from(document.querySelectorAll(`[${scanned}]`));
        for (const section of chosen.slice(from, from + count)) {
          // The element may have been replaced by the time its turn comes: look it up again by its id.
          const id = section.getAttribute('data-section-id');
          (document.querySelector(`[data-section-id="${CSS.escape(id ?? '')}"]`) ?? section).scrollIntoView();
          for (let frames = 0; frames < 2; frames++) await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
        }
        return from + count >= chosen.length;
      },
      {scanned: SCANNED, from, count: STRETCH_SECTIONS},
    );
    done = await withTimeout(stretch, STALL_MS, `${STRETCH_SECTIONS} sections brought into view (the page stopped drawing frames)`);
  }
  await waitForQuiet(page, QUIET_MS, QUIET_CEILING_MS);
  await waitForSteadyHeight(page);
}

/**
 * axe's serious and critical findings on `url` at 1280 px, in light mode, then in dark mode after the
 * navbar's switch (the dark pass runs the colour rules only, as the tests do: bench/axe.ts): the
 * whole page with up to AXE_SECTIONS sections, else a sample of them and everything around them.
 * The sections scanned are rendered first and painted: axe cannot judge what the browser skips
 * (`content-visibility`).
 */
export function scanPage(browser: Browser, url: string, onRetry?: (error: unknown) => void): Promise<AxeCounts> {
  return visit(browser, url, DESKTOP_WIDTH, scanLoadedPage, onRetry);
}

async function scanLoadedPage(page: Page): Promise<AxeCounts> {
  await chooseSections(page, AXE_SECTIONS);
  await withTimeout(renderChosenSections(page), SCROLL_TIMEOUT_MS, 'rendering the sections to scan');
  // Sections the kit replaced as they came to life lost their marks: mark them again, by position.
  const sections = await chooseSections(page, AXE_SECTIONS);
  await page.addStyleTag({content: `[${SCANNED}] {content-visibility: visible !important}`});
  const exclude = sections.scanned < sections.total ? `[${UNSCANNED}]` : undefined;
  const light = await withTimeout(seriousFindings(page, 'light', exclude), AXE_TIMEOUT_MS, 'the light-mode axe scan');
  await switchToDark(page);
  const dark = await withTimeout(seriousFindings(page, 'dark', exclude), AXE_TIMEOUT_MS, 'the dark-mode axe scan');
  const examples = [...light.map((finding) => ({mode: 'light', finding})), ...dark.map((finding) => ({mode: 'dark', finding}))]
    .slice(0, EXAMPLES)
    .map(({mode, finding}) => `${mode}: ${finding.rule} at ${finding.target}: ${finding.summary}`);
  return {light: light.length, dark: dark.length, sections, examples};
}
