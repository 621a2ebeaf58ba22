/**
 * A click-through, traced: a reader on the site's home page follows the navbar's link to a page,
 * a client-side navigation, on Lighthouse's phone screen. The home page loads unthrottled until
 * hydrated and quiet; the reader opens the navbar's menu (the phone's navbar folds its links into
 * it) and the link's chunks prefetch; then, at 4× CPU and traced, the click, until the page has
 * had no long task for a while (pageIdle.ts), with a ceiling.
 */
import {CdpBrowser} from './cdpBrowser';
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

/**
 * The centre of the navbar's button or link named `name` once it is shown and has not moved since
 * the last call (the phone's menu slides in); false until then.
 */
function settledCentre(name: string): {x: number; y: number} | false {
  const candidates = Array.from(document.querySelectorAll<HTMLElement>('.navbar-sidebar a, button.navbar__toggle'));
  const target = candidates.find((element) => (element.getAttribute('aria-label') ?? element.textContent ?? '').trim() === name);
  const rect = target?.getBoundingClientRect();
  const shown = rect && rect.width > 0 && rect.left >= 0 && rect.right <= window.innerWidth;
  const centre = shown ? {x: rect.left + rect.width / 2, y: rect.top + rect.height / 2} : undefined;
  const store = window as unknown as {__benchCentre?: string};
  const previous = store.__benchCentre;
  store.__benchCentre = JSON.stringify(centre);
  return centre !== undefined && store.__benchCentre === previous ? centre : false;
}

/** True once the page has loaded no new resource for 500 ms (Docusaurus's prefetches done). */
function resourcesQuiet(): boolean {
  const store = window as unknown as {__benchResources?: {count: number; at: number}};
  const count = performance.getEntriesByType('resource').length;
  if (store.__benchResources?.count !== count) store.__benchResources = {count, at: performance.now()};
  return performance.now() - store.__benchResources.at >= 500;
}

/** Follows the navbar's link named `linkName` from `origin`'s home page to `route`. */
export async function recordClickThrough(origin: string, linkName: string, route: string, options: ClickThroughOptions): Promise<ClickThrough> {
  // Without Playwright: no DevTools network domain, whose decoding of each fetched page a reader's browser does not do (cdpBrowser.ts).
  const browser = await CdpBrowser.launch();
  try {
    const page = await browser.newPage();
    await page.emulatePhone();
    await watchLongTasks(page);
    await page.goto(`${origin}/`, LOAD_TIMEOUT_MS);
    await page.waitForFunction('hydrated', () => document.documentElement.dataset.hasHydrated === 'true', undefined, LOAD_TIMEOUT_MS);
    await waitForQuiet(page, 2_000, LOAD_TIMEOUT_MS);

    // The phone's navbar folds its links into a menu: open it, and take the link once it has slid in.
    const toggle = await page.waitForFunction('the navbar\'s menu button', settledCentre, 'Toggle navigation bar', LOAD_TIMEOUT_MS);
    await page.click(toggle.x, toggle.y);
    const link = await page.waitForFunction(`the navbar's "${linkName}" link`, settledCentre, linkName, LOAD_TIMEOUT_MS);
    // Docusaurus prefetches a link's chunks once it is visible: a reader's second before the tap.
    await page.waitForFunction('prefetches done', resourcesQuiet, undefined, LOAD_TIMEOUT_MS);

    await page.send('Emulation.setCPUThrottlingRate', {rate: options.cpu});
    await browser.startTracing(traceCategories(false));
    await page.evaluate(
      ({mark, flag}) => {
        (window as unknown as Record<string, boolean>)[flag] = true;
        performance.mark(mark);
      },
      {mark: CLICK_MARK, flag: SAME_DOCUMENT},
    );
    await page.click(link.x, link.y);
    const {quiet} = await waitForQuiet(page, options.quietMs, options.ceilingMs);
    const trace = JSON.parse(await browser.stopTracing()) as Trace;
    await page.send('Emulation.setCPUThrottlingRate', {rate: 1});

    const arrived = await page.evaluate(
      (flag) => ({
        path: location.pathname,
        sameDocument: (window as unknown as Record<string, boolean>)[flag] === true,
        reference: document.querySelector('.api-content') !== null,
      }),
      SAME_DOCUMENT,
    );
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
