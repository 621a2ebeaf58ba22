import {expect, test} from '@playwright/test';
import {COLOUR_RULES} from '../../bench/axe';
import {allowList, expectNoSeriousViolations, expectNoSeriousViolationsOnLoad, MAX_ALLOW_LIST_ENTRIES, scanTimeout, waitForContent} from '../support/accessibility';
import {switchToDark} from '../support/colourMode';
import {mobileMenu, mobileMenuButton} from '../support/mobileMenu';
import {waitForHydration} from '../support/pageErrors';
import {apiRoutes, debugRoutes, siteRoutes} from '../support/routes';

// Every route is scanned at laptop width on its first visit (routes.spec.ts). This file keeps the
// allow-list honest and scans what only a phone shows.
test('the allow-list does not grow and every entry is explained', () => {
  expect(allowList.length).toBeLessThanOrEqual(MAX_ALLOW_LIST_ENTRIES);
  for (const entry of allowList) {
    expect(entry.rule).toMatch(/^[a-z0-9-]+$/);
    expect(entry.target.trim()).not.toBe('');
    expect(entry.target, 'an entry may not allow a rule everywhere').not.toMatch(/^(\*|html|body|#__docusaurus)$/);
    expect(siteRoutes.some((route) => new RegExp(entry.routes).test(route)), `${entry.rule}: routes match no route`).toBe(true);
    expect(entry.modes.length).toBeGreaterThan(0);
    // The dark pass runs the colour rules only; an entry for another rule there could never be used.
    if (!COLOUR_RULES.includes(entry.rule)) expect(entry.modes, `${entry.rule} is checked in light mode only`).toEqual(['light']);
    expect(entry.reason.length).toBeGreaterThan(30);
    // Only the debug pages' third-party panel may be allowed: every other page is the site's own,
    // Redoc's reference included (its colours and markup are ours to fix).
    const routes = siteRoutes.filter((route) => new RegExp(entry.routes).test(route));
    expect(routes.filter((route) => !(debugRoutes as readonly string[]).includes(route)), `${entry.rule} allows findings on site pages`).toEqual([]);
  }
});

/**
 * At phone width the navbar collapses into the mobile menu, which on docs pages holds the docs
 * sidebar: markup and colours no laptop-width scan sees. The menu stays open for both passes
 * (its own switch turns the page dark).
 */
/**
 * Every API page at phone width, whole page, light and dark, as it loads: Redoc lays its reference
 * out in one column there, with its own menu button, and its samples below the operations. Nothing
 * is scrolled to, so the sections below the first screen are the server's, held by the browser at
 * their estimated heights: none may show its content over the next one. The pet store's page at
 * laptop width too (routes.spec.ts scans every route there, without the held sections' check).
 */
test.describe('API pages as they load, not scrolled', () => {
  for (const [route, width] of [...apiRoutes.map((route) => [route, 375] as const), ['/examples/using-single-yaml/', 1280] as const]) {
    test(`${route} at ${width} px: no serious or critical axe violations and no held section over another, in light and dark mode`, async ({page}) => {
      test.setTimeout(scanTimeout(route));
      await expectNoSeriousViolationsOnLoad(page, route, width);
    });
  }
});

test.describe('at 375 px with the mobile menu open', () => {
  test.use({viewport: {width: 375, height: 800}});

  for (const route of ['/', '/docs/getting-started/Installation']) {
    test(`${route}: no serious or critical axe violations, in light and dark mode`, async ({page}) => {
      await page.goto(route);
      await waitForHydration(page);
      await mobileMenuButton(page).click();
      const menu = mobileMenu(page);
      await expect(menu).toBeVisible();
      await expectNoSeriousViolations(page, route);
      await expect(menu).toBeVisible();
    });
  }
});

/**
 * The scans read the colours a reader sees once the switch's fades are over, in sections the
 * browser skipped while the mode changed too: such a section's fade starts only when it is next
 * styled, and a scan that styled it first read the light colour on the dark background (CI).
 */
test('after the switch to dark, a section that was off screen is scanned at the colours its fade ends at', async ({page}) => {
  const route = '/examples/custom-layout/';
  const link = page.locator('[data-section-id="section/Conventions"] .redoc-markdown > p > a');
  await page.goto(route);
  await waitForContent(page, route);
  // As the light scan does: every element laid out and styled, this section's while it is skipped.
  const light = await link.evaluate((element) => {
    for (const each of Array.from(document.body.querySelectorAll('*'))) {
      each.getBoundingClientRect();
      void getComputedStyle(each).color;
    }
    return {colour: getComputedStyle(element).color, skipped: !element.checkVisibility({contentVisibilityAuto: true})};
  });
  expect(light.skipped, 'the section is off screen, skipped by content-visibility').toBe(true);

  await switchToDark(page);
  await waitForContent(page, route);
  // Read in the task that brings the section into view, before the browser paints a frame of it.
  const first = await link.evaluate((element) => {
    element.scrollIntoView({block: 'center'});
    return getComputedStyle(element).color;
  });
  await page.waitForTimeout(1000);
  const settled = await link.evaluate((element) => getComputedStyle(element).color);
  expect(settled).not.toBe(light.colour);
  expect(first, 'the first frame of the section in view has its dark colour').toBe(settled);
});
