import fs from 'node:fs';
import path from 'node:path';
import {expect, type Page} from '@playwright/test';
import {seriousFindings, type AxeFinding, type ColourMode} from '../../scripts/axe';
import {switchToDark} from './colourMode';
import {waitForHydration} from './pageErrors';

/**
 * axe-core scans of the whole page in light and dark mode, for the one first visit per route
 * (tests/site/routes.spec.ts) and the phone-width visits (tests/site/accessibility.spec.ts).
 * Redoc's reference is scanned like everything else: its markup and colours are ours to fix
 * (reference-kit/).
 *
 * What truly cannot be changed is listed in tests/site/a11y-allowlist.json. An entry allows a
 * violation of `rule` when the failing element is, or is inside, an element matching the CSS
 * selector `target`, on a route matching the regular expression `routes`, in one of `modes`.
 */
export interface AllowListEntry {
  rule: string;
  target: string;
  routes: string;
  modes: Array<'light' | 'dark'>;
  reason: string;
}

export const allowList: AllowListEntry[] = JSON.parse(
  fs.readFileSync(path.join(__dirname, '..', 'site', 'a11y-allowlist.json'), 'utf8'),
).entries;

/** The allow-list may shrink, never grow: lower this number when an entry is removed. */
export const MAX_ALLOW_LIST_ENTRIES = 1;

interface Finding extends Omit<AxeFinding, 'selector'> {
  /** Indexes (into the route's allow-list entries) of the entries that cover this finding. */
  allowedBy: number[];
}

async function seriousViolations(page: Page, mode: ColourMode, entries: AllowListEntry[]): Promise<Finding[]> {
  const findings = await seriousFindings(page, mode);
  // Which entries cover which finding is decided on the live DOM: is the element inside `target`?
  const covered = await page.evaluate(
    ({items, allow}) =>
      items.map((item) => {
        const element = item.selector ? document.querySelector(item.selector) : null;
        return allow
          .map((entry, index) => ({entry, index}))
          .filter(({entry}) => entry.rule === item.rule && element?.closest(entry.target))
          .map(({index}) => index);
      }),
    {items: findings, allow: entries},
  );
  return findings.map(({selector: _selector, ...finding}, index) => ({...finding, allowedBy: covered[index]}));
}

function entriesFor(route: string, mode: ColourMode) {
  return allowList.filter((entry) => new RegExp(entry.routes).test(route) && entry.modes.includes(mode));
}

/**
 * Starts the colour fades that sections skipped by `content-visibility` owe, and ends them. A
 * skipped section keeps the style it had before the switch (laid out by the light scan, say) until it
 * comes near the viewport or a script reads it; only then does its links' fade (Infima's) start,
 * from the light colour. A section that came near the viewport as the dark scan began was measured
 * at that fade's first frame (a CI run: #1b6b7b on the dark background, /examples/custom-layout/).
 * Reading every element's style starts every fade the switch owes; those of sections still skipped
 * are ended, as a reader sees them end when the section comes into view; the others are waited for.
 * Runs in the page.
 */
function finishSkippedFades(): void {
  for (const element of Array.from(document.body.querySelectorAll('*'))) getComputedStyle(element).color;
  for (const animation of document.getAnimations()) {
    const target = animation instanceof CSSTransition ? (animation.effect as KeyframeEffect | null)?.target : null;
    if (target && !target.checkVisibility({contentVisibilityAuto: true})) animation.finish();
  }
}

/** Waits until the page shows its content, including Redoc's and the code blocks in the current mode. */
export async function waitForContent(page: Page, route: string) {
  await waitForHydration(page);
  await expect(page.getByRole('heading').first()).toBeVisible();
  if (/^\/examples\/(using|custom)-/.test(route)) await expect(page.locator('.redocusaurus h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // After the switch, colours fade to their new values (Infima's buttons, for one): a scan in
  // the middle of the fade measures colours no reader ever sees for more than a moment. A finished
  // fade can stay listed: the browser does not update the animations of sections it skips while
  // they are off screen (content-visibility, reference-kit/reference/Reference.module.css).
  await page.evaluate(finishSkippedFades);
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => !(animation instanceof CSSTransition) || animation.playState === 'finished'),
  );
}

/**
 * Scans the page the test has open and hydrated: in light mode, then switched to dark. Findings
 * that no allow-list entry covers, and entries that claim this route and mode but match nothing,
 * fail softly, so one run reports every route's findings.
 */
export async function expectNoSeriousViolations(page: Page, route: string): Promise<void> {
  for (const mode of ['light', 'dark'] satisfies ColourMode[]) {
    // The toggle, where there is one, is also a second or two cheaper than reloading a Redoc page.
    if (mode === 'dark') await switchToDark(page);
    await waitForContent(page, route);
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);

    const entries = entriesFor(route, mode);
    const findings = await seriousViolations(page, mode, entries);
    const unexpected = findings.filter((finding) => finding.allowedBy.length === 0);
    expect.soft(unexpected, `${mode} mode on ${route}`).toEqual([]);
    entries.forEach((entry, index) => {
      const used = findings.some((finding) => finding.allowedBy.includes(index));
      expect.soft(used, `allow-list entry ${entry.rule} in ${entry.target} is not needed on ${route} (${mode}); remove it`).toBe(true);
    });
  }
}

/** Time a test needs for a visit plus both scans: a whole Redoc page has 14,000 nodes for axe. */
export const scanTimeout = (route: string) => (/^\/(examples\/(using|custom)-|docs\/(nested|guides\/schema-imports))/.test(route) ? 180_000 : 120_000);
