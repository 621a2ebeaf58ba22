import {expect, test} from '@playwright/test';
import {allowList, COLOUR_RULES, MAX_ALLOW_LIST_ENTRIES} from '../support/accessibility';
import {siteRoutes} from '../support/routes';

// The scans themselves run on each route's first visit (routes.spec.ts); this file keeps the
// allow-list honest.
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
  }
});
