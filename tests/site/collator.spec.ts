/**
 * Pages without an API reference never sort with `localeCompare` or `Intl.Collator` while they load:
 * the first call builds an ICU collator, 20–50 ms of main thread here (four times that on a phone),
 * which Docusaurus's `useShallowMemoObject` paid during the hydration of every docs page and code
 * block until patches/@docusaurus+theme-common+2.4.3.patch.
 */
import {expect, test} from '@playwright/test';
import {waitForHydration} from '../support/pageErrors';

declare global {
  interface Window {
    __collatorCalls?: string[];
  }
}

const ROUTES = ['/', '/docs', '/docs/getting-started/Installation', '/examples/'];

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({viewport: {width, height: 900}});

    for (const route of ROUTES) {
      test(`${route} builds no collator while it loads`, async ({page}) => {
        await page.addInitScript(() => {
          const calls: string[] = (window.__collatorCalls = []);
          const localeCompare = String.prototype.localeCompare;
          String.prototype.localeCompare = function (this: string, ...args: Parameters<typeof localeCompare>) {
            calls.push(`localeCompare ${new Error().stack?.split('\n')[2]?.trim() ?? ''}`);
            return localeCompare.apply(this, args);
          };
          const Collator = Intl.Collator;
          Intl.Collator = function (...args: ConstructorParameters<typeof Collator>) {
            calls.push('Intl.Collator');
            return new Collator(...args);
          } as typeof Intl.Collator;
        });
        await page.goto(route);
        await waitForHydration(page);
        // Effects after hydration (the code block's word-wrap observer, the mobile sidebar) have run by the next frame.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
        expect(await page.evaluate(() => window.__collatorCalls)).toEqual([]);
      });
    }
  });
}
