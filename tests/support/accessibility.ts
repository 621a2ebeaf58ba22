import fs from 'node:fs';
import path from 'node:path';
import {expect, test, type Page} from '@playwright/test';
import {seriousFindings, type AxeFinding, type ColourMode} from '../../bench/axe';
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
  for (const element of Array.from(document.body.querySelectorAll('*'))) void getComputedStyle(element).color;
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
  // they are off screen (content-visibility, reference-kit/reference/shared/heldCss.ts).
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

/**
 * The rule of `heldSectionOverflows`' findings, reported with axe's: serious, as what it would let
 * a scan find (one section's text over another's background) would be.
 */
export const HELD_OVERFLOW_RULE = 'held-section-overflow';

/**
 * Runs in the page: the sections the browser skips (`content-visibility`, each held at the height
 * the server estimated) that show an element of their content outside their box, once a script has
 * asked for the geometry of every element (as axe and Lighthouse do). An element's box counts as
 * shown where no ancestor up to the section clips it (`overflow` other than `visible`), as axe
 * reads it: what shows below a section lies over the next one's title. An estimate that falls short
 * lays content out past the box; the kit's held sections clip it (reference/shared/heldCss.ts), and
 * `laidOutPast` counts those sections, for the record. Zero-sized elements (a closed list) are left out.
 */
function heldSectionOverflows(): {findings: {target: string; summary: string}[]; held: number; laidOutPast: number} {
  const findings: {target: string; summary: string}[] = [];
  let [held, laidOutPast] = [0, 0];
  // Each ancestor's style is read once: a section's elements share most of their ancestors.
  const clipping = new Map<Element, boolean>();
  const clips = (element: Element) => {
    if (!clipping.has(element)) {
      const style = getComputedStyle(element);
      clipping.set(element, style.overflowX !== 'visible' || style.overflowY !== 'visible');
    }
    return clipping.get(element)!;
  };
  for (const section of Array.from(document.querySelectorAll<HTMLElement>('.api-content > [data-section-id]'))) {
    const first = section.firstElementChild;
    if (!first || first.checkVisibility({contentVisibilityAuto: true} as CheckVisibilityOptions)) continue;
    held += 1;
    const box = section.getBoundingClientRect();
    let [shownBelow, shownAbove, laidOut, deepest] = [0, 0, 0, ''];
    for (const element of Array.from(section.querySelectorAll('*'))) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      laidOut = Math.max(laidOut, rect.bottom - box.bottom);
      let [top, bottom] = [rect.top, rect.bottom];
      for (let ancestor = element.parentElement; ancestor; ancestor = ancestor.parentElement) {
        if (clips(ancestor)) {
          const clip = ancestor.getBoundingClientRect();
          [top, bottom] = [Math.max(top, clip.top), Math.min(bottom, clip.bottom)];
        }
        if (ancestor === section) break;
      }
      if (bottom <= top) continue;
      if (bottom - box.bottom > shownBelow) {
        shownBelow = bottom - box.bottom;
        deepest = `${element.localName}${element.classList.length ? `.${Array.from(element.classList).join('.')}` : ''}`;
      }
      shownAbove = Math.max(shownAbove, box.top - top);
    }
    if (laidOut >= 1) laidOutPast += 1;
    // Less than a pixel is rounding.
    if (shownBelow < 1 && shownAbove < 1) continue;
    findings.push({
      target: `[data-section-id="${section.getAttribute('data-section-id') ?? ''}"]`,
      summary:
        `Skipped section of ${Math.round(box.height)} px that shows content ${Math.round(shownBelow)} px below its box` +
        `${shownAbove >= 1 ? ` and ${Math.round(shownAbove)} px above it` : ''} (deepest: ${deepest})`,
    });
  }
  return {findings, held, laidOutPast};
}

/**
 * Waits for an API page to have loaded: hydrated, its requests done, and the sections the server
 * held in noscript elements put into the page (the content column holds their room until then,
 * reference-kit/reference/browser/sectionAdoption.ts); then two frames. Nothing is scrolled to.
 */
async function waitForLoadedReference(page: Page): Promise<void> {
  await waitForHydration(page, 60_000);
  await page.waitForLoadState('networkidle', {timeout: 120_000});
  await expect(page.locator('.api-content[data-kit-ahead]')).toHaveCount(0, {timeout: 60_000});
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/**
 * The page at `url` as it loads, at `width` (800 px high), scanned whole in light mode and then,
 * loaded again, in dark mode (the theme stored as a reader's choice is), each right after the load:
 * no scrolling, no section brought into view, so that the sections below the first screen are
 * still the server's HTML, skipped by the browser and held at their estimated heights, the page any
 * tool that reads the layout early sees. Each mode's findings: axe's serious and critical ones
 * (bench/axe.ts; the allow-list applies as in `expectNoSeriousViolations`), and a
 * `HELD_OVERFLOW_RULE` finding for each held section that lets an element out of its box once
 * laid out (`heldSectionOverflows`), which no allow-list entry covers.
 */
export async function seriousFindingsOnLoad(page: Page, url: string, width: number): Promise<Record<ColourMode, Finding[]>> {
  const route = new URL(url, 'http://localhost').pathname;
  await page.setViewportSize({width, height: 800});
  const findings = {} as Record<ColourMode, Finding[]>;
  await page.goto(url);
  for (const mode of ['light', 'dark'] satisfies ColourMode[]) {
    // The reader's choice of mode is read as the page loads: a load of its own for each mode.
    if ((await page.locator('html').getAttribute('data-theme')) !== mode) {
      await page.evaluate((theme) => localStorage.setItem('theme', theme), mode);
      await page.reload();
    }
    await waitForLoadedReference(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    // Before axe: reading the geometry lays out every skipped section, as axe's scan does.
    const overflows = await page.evaluate(heldSectionOverflows);
    test.info().annotations.push({
      type: 'held sections',
      description: `${url} at ${width} px, ${mode}: ${overflows.held} held, ${overflows.laidOutPast} laid out past their estimate (clipped)`,
    });
    const held = overflows.findings.map(({target, summary}): Finding => ({rule: HELD_OVERFLOW_RULE, impact: 'serious', target, summary, allowedBy: []}));
    findings[mode] = [...(await seriousViolations(page, mode, entriesFor(route, mode))), ...held];
  }
  await page.evaluate(() => localStorage.removeItem('theme'));
  return findings;
}

/**
 * Asserts (softly, as `expectNoSeriousViolations`) that `seriousFindingsOnLoad` finds nothing
 * that the allow-list does not cover, in either mode.
 */
export async function expectNoSeriousViolationsOnLoad(page: Page, url: string, width: number): Promise<void> {
  const findings = await seriousFindingsOnLoad(page, url, width);
  for (const mode of ['light', 'dark'] satisfies ColourMode[]) {
    const unexpected = findings[mode].filter((finding) => finding.allowedBy.length === 0);
    expect.soft(unexpected, `${mode} mode on ${url} at ${width} px, right after the load`).toEqual([]);
  }
}
