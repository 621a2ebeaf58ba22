/**
 * Lighthouse's accessibility, best-practices and SEO audits on the API pages the benchmark
 * measures (bench/results.md): each category must score 100, so a regression in Redoc's markup
 * (heading order, unnamed selects, an anchor without href, contrast) fails `npm test`, not only
 * the benchmark. Performance is left to `npm run bench`: it is timing, and timing flakes.
 *
 * Lighthouse drives a browser of its own through chrome-launcher: the same headless shell as the
 * other tests, in a fresh profile.
 */
import {expect, test} from '@playwright/test';

type LighthouseModule = typeof import('lighthouse', {with: {'resolution-mode': 'import'}});

const CATEGORIES = ['accessibility', 'best-practices', 'seo'] as const;
const API_ROUTES = ['/examples/using-single-yaml/', '/examples/custom-layout/', '/docs/nested/nested-1'];

test.describe('Lighthouse on the API pages', () => {
  for (const route of API_ROUTES) {
    test(`${route}: accessibility, best practices and SEO score 100`, async ({baseURL}) => {
      test.setTimeout(120_000);
      const [{default: lighthouse, desktopConfig}, {launch}] = (await Promise.all([
        import('lighthouse'),
        import('chrome-launcher'),
      ])) as [LighthouseModule, typeof import('chrome-launcher', {with: {'resolution-mode': 'import'}})];
      const chrome = await launch({
        chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
        chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
        logLevel: 'silent',
      });
      try {
        const result = await lighthouse(
          `${baseURL}${route}`,
          {port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES]},
          desktopConfig,
        );
        const lhr = result?.lhr;
        expect(lhr, 'Lighthouse returned a report').toBeTruthy();
        for (const category of CATEGORIES) {
          const failed = lhr!.categories[category]!.auditRefs
            .filter((ref) => ref.weight > 0 && lhr!.audits[ref.id]!.score !== null && lhr!.audits[ref.id]!.score! < 1)
            .map((ref) => ref.id);
          expect.soft(failed, `${category}: failed audits on ${route}`).toEqual([]);
          expect.soft(lhr!.categories[category]!.score, `${category} score on ${route}`).toBe(1);
        }
      } finally {
        chrome.kill();
      }
    });
  }
});
