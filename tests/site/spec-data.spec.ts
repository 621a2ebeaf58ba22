import {expect, test} from '@playwright/test';
import {siteRoutes, debugRoutes} from '../support/routes';

/** Text that only the sample specs contain: operation ids and callback names of the pet store API. */
const SPEC_MARKERS = ['findPetsByStatus', 'subscribeToOrderUpdates', 'orderInProgress', 'createUsersWithListInput'];

// The debug pages show the plugins' loaded content, specs included, by design.
const routes = siteRoutes.filter((route) => !(debugRoutes as readonly string[]).includes(route));

test.describe('spec data reaches only the pages that render it', () => {
  for (const route of routes) {
    test(route, async ({page}) => {
      const scripts: Promise<{url: string; body: string}>[] = [];
      page.on('response', (response) => {
        // Scripts the page runs; speculative prefetches of linked pages are not part of this page.
        if (response.request().resourceType() === 'script') {
          scripts.push(response.text().then((body) => ({url: response.url(), body})));
        }
      });
      await page.goto(route, {waitUntil: 'networkidle'});
      const rendersApi = (await page.locator('.redocusaurus').count()) > 0;
      const loaded = await Promise.all(scripts);
      expect(loaded.length).toBeGreaterThan(0);
      const withSpec = loaded.filter(({body}) => SPEC_MARKERS.some((marker) => body.includes(marker)));
      if (rendersApi) {
        // The reference is there, and its spec came with the page's own chunks.
        await expect(page.locator('.redocusaurus').first()).toBeVisible();
        expect(withSpec.length).toBeGreaterThan(0);
      } else {
        expect(withSpec.map(({url}) => url)).toEqual([]);
      }
    });
  }
});
