/**
 * A click-through, traced: a reader on the site's home page follows the navbar's link to a page,
 * a client-side navigation, on Lighthouse's phone screen. The home page loads unthrottled until
 * hydrated and quiet; the reader opens the navbar's menu (the phone's navbar folds its links into
 * it) and the link's chunks prefetch; then, at 4× CPU and traced, the click, until the page has
 * had no long task for a while (pageIdle.ts), with a ceiling.
 */
import {launchChromium, phone} from './browser';
import {waitForQuiet, watchLongTasks} from './pageIdle';
import {longTasksAfterMark, traceCategories, type Trace} from './trace-breakdown';

export interface ClickThrough {
  /** The long tasks after the click, each less 50 ms, summed. */
  blocking: number;
  longest: number;
  /** False when the page was still busy at the ceiling: the figures are then lower bounds. */
  settled: boolean;
}

export interface ClickThroughOptions {
  /** CPU throttling rate from the click on. */
  cpu: number;
  quietMs: number;
  ceilingMs: number;
}

const CLICK_MARK = 'bench:click';
/** A property of the home page's window: still there after the click only if no new document was loaded. */
const SAME_DOCUMENT = '__benchSameDocument';
const LOAD_TIMEOUT_MS = 120_000;

/** Follows the navbar's link named `linkName` from `origin`'s home page to `route`. */
export async function recordClickThrough(origin: string, linkName: string, route: string, options: ClickThroughOptions): Promise<ClickThrough> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext(phone());
    await watchLongTasks(context);
    const page = await context.newPage();
    await page.goto(`${origin}/`, {waitUntil: 'load', timeout: LOAD_TIMEOUT_MS});
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached', timeout: LOAD_TIMEOUT_MS});
    await waitForQuiet(page, 2_000, LOAD_TIMEOUT_MS);

    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    const link = page.locator('.navbar-sidebar').getByRole('link', {name: linkName, exact: true});
    await link.waitFor({state: 'visible'});
    // Docusaurus prefetches a link's chunks once it is visible: a reader's second before the tap.
    await page.waitForLoadState('networkidle');

    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: options.cpu});
    await browser.startTracing(page, {categories: traceCategories(false)});
    await page.evaluate(
      ({mark, flag}) => {
        (window as unknown as Record<string, boolean>)[flag] = true;
        performance.mark(mark);
      },
      {mark: CLICK_MARK, flag: SAME_DOCUMENT},
    );
    await link.click();
    const {quiet} = await waitForQuiet(page, options.quietMs, options.ceilingMs);
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as Trace;
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: 1});

    const arrived = await page.evaluate((flag) => ({
      path: location.pathname,
      sameDocument: (window as unknown as Record<string, boolean>)[flag] === true,
      reference: document.querySelector('.api-content') !== null,
    }), SAME_DOCUMENT);
    if (arrived.path !== route) throw new Error(`the link led to ${arrived.path}, not ${route}`);
    if (!arrived.sameDocument) throw new Error('the link loaded a new document: not a client-side navigation');
    if (!arrived.reference) throw new Error(`${route} shows no reference (.api-content) after the click`);

    const tasks = longTasksAfterMark(trace, CLICK_MARK);
    return {
      blocking: tasks.reduce((sum, task) => sum + task.duration - 50, 0),
      longest: Math.max(0, ...tasks.map((task) => task.duration)),
      settled: quiet,
    };
  } finally {
    await browser.close();
  }
}
