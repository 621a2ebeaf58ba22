/**
 * axe-core's serious and critical findings on the open page: what the accessibility tests assert
 * (tests/support/accessibility.ts, with their allow-list on top) and the kit's benchmark counts
 * (bench/kit.ts). Redoc's reference is scanned like everything else.
 */
import AxeBuilder from '@axe-core/playwright';
import type {Page} from 'playwright-core';

export type ColourMode = 'light' | 'dark';

/**
 * Switching the colour mode changes colours and nothing else, so the light pass runs axe's
 * default rules (what `axe.run(document)` runs: WCAG and best practices) and the dark pass only
 * the rules about colour. That halves the scan.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

export interface AxeFinding {
  rule: string;
  impact: string;
  /** axe's target of the failing node, its parts joined by spaces. */
  target: string;
  /** The node's CSS selector when axe gave one (not inside a frame or shadow root); else empty. */
  selector: string;
  /** The first lines of axe's failure summary. */
  summary: string;
}

/** Stands in for axe-core's source when the open document already has axe (see `axeBuilder`). */
const AXE_ALREADY_IN_PAGE = 'void 0';

/**
 * @axe-core/playwright is typed against its own playwright-core; the page object is the same at
 * run time. Legacy mode runs axe in the page itself: the default mode finishes every analysis in
 * a new blank tab, which costs seconds per scan on the debug pages. It only matters for
 * cross-origin frames, and the sites scanned have none.
 *
 * In legacy mode every `analyze()` evaluates the 500 KB axe-core source twice, a third of a
 * second each on this machine. A scan of a document that already has axe (the dark
 * pass after the toggle) gives the builder a no-op source instead; a reload brings a
 * fresh document without axe, which gets the real one.
 *
 * Only violations are read, so axe describes only those: building a selector and an HTML
 * excerpt for every passing node took up to half of a scan.
 */
async function axeBuilder(page: Page): Promise<AxeBuilder> {
  const injected = await page.evaluate(() => typeof (window as {axe?: {run?: unknown}}).axe?.run === 'function');
  return new AxeBuilder({
    page: page as unknown as ConstructorParameters<typeof AxeBuilder>[0]['page'],
    axeSource: injected ? AXE_ALREADY_IN_PAGE : undefined,
  })
    .setLegacyMode()
    .options({resultTypes: ['violations']});
}

/**
 * The serious and critical findings on the open page, in the colour mode it shows (`mode` picks the
 * rules): the whole page, or all but the elements that `exclude` selects.
 */
export async function seriousFindings(page: Page, mode: ColourMode, exclude?: string): Promise<AxeFinding[]> {
  const builder = await axeBuilder(page);
  if (exclude) builder.exclude(exclude);
  const {violations} = await (mode === 'light' ? builder : builder.withRules(COLOUR_RULES)).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => ({
        rule: violation.id,
        impact: violation.impact ?? '',
        target: node.target.map(String).join(' '),
        selector: typeof node.target[0] === 'string' && node.target.length === 1 ? node.target[0] : '',
        summary: (node.failureSummary ?? '').split('\n').slice(0, 2).join(' ').slice(0, 300),
      })),
    );
}

/** How many serious or critical findings axe's default rules make on the open page. */
export async function seriousFindingCount(page: Page): Promise<number> {
  return (await seriousFindings(page, 'light')).length;
}
