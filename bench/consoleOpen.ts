/**
 * Opening an operation's "Try it" console, traced, on Lighthouse's phone screen: the page loads
 * unthrottled until hydrated and quiet; the reader scrolls to the first operation with a button
 * and points at it (which fetches the console's chunk, as a pointer or a focus does); then, at 4×
 * CPU and traced, the press, until the console is open and the page has had no long task for a
 * while. The figure is the longest task after the press: the kit promises one under 100 ms.
 */
import {launchChromium, phone} from './browser';
import {waitForQuiet, watchLongTasks} from './pageIdle';
import {longTasksAfterMark, traceCategories, type Trace} from './trace-breakdown';

export interface ConsoleOpening {
  /** The longest task after the press, in ms; 0 when none reached 50 ms. */
  longest: number;
  settled: boolean;
}

const PRESS_MARK = 'bench:console';
/** From a press to its release, as a reader's click takes. */
const PRESS_MS = 80;
const LOAD_TIMEOUT_MS = 120_000;
/** The console's chunk, by the name its import gives it (reference-kit/reference/browser/tryIt/consoleChunk.js). */
const CONSOLE_CHUNK = /kit-console/;

export async function recordConsoleOpening(url: string, options: {cpu: number; quietMs: number; ceilingMs: number}): Promise<ConsoleOpening> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext(phone());
    await watchLongTasks(context);
    const page = await context.newPage();
    let chunkLoaded = false;
    page.on('requestfinished', (request) => {
      if (CONSOLE_CHUNK.test(request.url())) chunkLoaded = true;
    });
    await page.goto(url, {waitUntil: 'load', timeout: LOAD_TIMEOUT_MS});
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached', timeout: LOAD_TIMEOUT_MS});
    await waitForQuiet(page, 2_000, LOAD_TIMEOUT_MS);

    const button = page.locator('.api-content .kit-try-it__button').first();
    await button.scrollIntoViewIfNeeded();
    // The server wrote the button; it answers once its section has come to life.
    const started = Date.now();
    while (!chunkLoaded) {
      if (Date.now() - started > 30_000) throw new Error("pointing at the first Try it button fetched no console chunk in 30 s");
      await button.hover();
      await page.waitForTimeout(250);
      await page.mouse.move(0, 0);
    }
    await page.waitForLoadState('networkidle');
    await waitForQuiet(page, 2_000, LOAD_TIMEOUT_MS);

    // A reader's press: `click()` runs Playwright's own listeners in the page, and a press and
    // release sent together are handled in one task, which no finger or mouse makes.
    const box = await button.boundingBox();
    if (!box) throw new Error('the first Try it button has no box');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: options.cpu});
    await browser.startTracing(page, {categories: traceCategories(false)});
    await page.evaluate((mark) => performance.mark(mark), PRESS_MARK);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, {delay: PRESS_MS});
    // A CSS query, not a role query: the harness's own work stays small (the trace leaves it out too).
    await page.locator('dialog[open]').waitFor({state: 'visible', timeout: LOAD_TIMEOUT_MS});
    const {quiet} = await waitForQuiet(page, options.quietMs, options.ceilingMs);
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as Trace;
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: 1});
    const tasks = longTasksAfterMark(trace, PRESS_MARK);
    return {longest: Math.max(0, ...tasks.map((task) => task.duration)), settled: quiet};
  } finally {
    await browser.close();
  }
}
