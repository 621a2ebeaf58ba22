/**
 * The benchmarks' own Chromium driver (bench/cdpBrowser.ts), which records cold loads and
 * click-throughs without DevTools' network domain: it plays the phone, runs init scripts first,
 * clicks where it is told, evaluates, and returns the trace it recorded. With the tests' browser.
 */
import {expect, test} from '@playwright/test';
import {CdpBrowser} from '../../bench/cdpBrowser';
import {traceCategories, type Trace} from '../../bench/trace-breakdown';

const BROWSER = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** A page whose script reads what the init script left, with a button that counts its clicks. */
const PAGE = `data:text/html,${encodeURIComponent(
  '<!doctype html><meta name="viewport" content="width=device-width"><body style="margin:0">' +
    '<button id="b" style="position:absolute;left:100px;top:200px;width:80px;height:40px">press</button>' +
    '<script>window.seen = window.initValue; window.clicks = 0; b.onclick = () => { window.clicks += 1; };</script>',
)}`;

test('the benchmarks\' Chromium driver loads a page as a phone, runs init scripts first, clicks, evaluates and traces', async () => {
  const browser = await CdpBrowser.launch(BROWSER);
  try {
    const page = await browser.newPage();
    await page.emulatePhone();
    await page.addInitScript((value) => {
      (window as unknown as {initValue: string}).initValue = value;
    }, 'before the page');
    await browser.startTracing(traceCategories(false));
    await page.goto(PAGE, 30_000);
    expect(await page.evaluate(() => ({width: window.innerWidth, ratio: window.devicePixelRatio, seen: (window as unknown as {seen: string}).seen}))).toEqual({
      width: 412,
      ratio: 1.75,
      seen: 'before the page',
    });
    await page.evaluate((name) => performance.mark(name), 'cdp-test');
    // Beside the button, then on it.
    await page.click(20, 20);
    await page.click(140, 220);
    expect(await page.evaluate(() => (window as unknown as {clicks: number}).clicks)).toBe(1);
    await expect(page.evaluate(() => {
      throw new Error('thrown in the page');
    })).rejects.toThrow(/thrown in the page/);
    const trace = JSON.parse(await browser.stopTracing()) as Trace;
    expect(trace.traceEvents.some((event) => event.name === 'cdp-test' && event.cat.includes('blink.user_timing'))).toBe(true);
  } finally {
    await browser.close();
  }
});
