/**
 * The placeholders' heights, fitted to the page as its sections come to life.
 *
 * The server estimates each section's height from its HTML (../server/sectionEstimates.ts), with weights
 * fitted to two specs and chosen to err on the tall side. How far off they are depends on the spec
 * and the width, most on wide parameter tables. The sections that have come to life tell: their heights against their estimates
 * give a factor, `--kit-fit` on the reference, by which the CSS scales the estimates of the sections
 * the browser has not laid out yet (../shared/heldCss.ts). A section once laid out keeps its own
 * height (`contain-intrinsic-size: auto`), so the factor only changes the room held for the others,
 * and only when what has been measured says something new: after 1, 2, 4, 8… sections, keeping
 * the section at the top of the viewport where it was (browsers without scroll anchoring, Safari,
 * would not, and Chromium's did not after a jump through the menu). The first
 * section counts in full: weighing the first ones less left the page further off on load.
 *
 * Sections of text alone (a part of the API's description, a tag: no right panel) are fitted apart,
 * by `--kit-fit-text`: the server errs on them far more than on operations (their heading and padding
 * weigh more than the weights allow for), and a page that opens on text sections would otherwise
 * take their factor for every operation below.
 */
import {afterNextFrame} from '../shared/tasks';
import {ATTR, PROP, SELECTOR} from '../shared/contract';

/** The factor stays within these bounds: odd sections do not halve or double the page. */
const FIT_RANGE = [0.5, 1.5] as const;

/** What the sections of one kind have measured so far, and when their factor is next updated. */
interface Tally {
  estimated: number;
  measured: number;
  sections: number;
  nextUpdate: number;
}

const newTally = (): Tally => ({estimated: 0, measured: 0, sections: 0, nextUpdate: 1});

/** The custom property of each kind's factor, set on the reference (../shared/heldCss.ts). */
const FIT_PROPERTY = {operation: PROP.fit, text: PROP.fitText} as const;

export class HeightFit {
  private readonly tallies = {operation: newTally(), text: newTally()};
  private pending: HTMLElement[] = [];
  private scheduled = false;
  private disposed = false;

  constructor(private readonly reference: HTMLElement) {}

  /** A section has come to life: measured after the browser has laid it out, with the others of the frame. */
  rendered(section: HTMLElement): void {
    this.pending.push(section);
    if (this.scheduled) return;
    this.scheduled = true;
    // After the frame: its layout is done, and reading it costs nothing more.
    void afterNextFrame().then(() => this.measure());
  }

  dispose(): void {
    this.disposed = true;
  }

  private measure(): void {
    this.scheduled = false;
    const sections = this.pending;
    this.pending = [];
    if (this.disposed) return;
    for (const section of sections) {
      if (!section.isConnected) continue;
      const style = getComputedStyle(section);
      // The estimate is registered as a length (../shared/heldCss.ts): its computed value is in pixels.
      const estimate = parseFloat(style.getPropertyValue(PROP.height));
      const height = section.getBoundingClientRect().height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
      if (!(estimate > 0) || !(height > 0)) continue;
      const tally = this.tallies[isTextSection(section) ? 'text' : 'operation'];
      tally.estimated += estimate;
      tally.measured += height;
      tally.sections += 1;
    }
    const updates = (Object.keys(this.tallies) as (keyof HeightFit['tallies'])[]).filter((kind) => {
      const tally = this.tallies[kind];
      if (tally.sections < tally.nextUpdate) return false;
      while (tally.nextUpdate <= tally.sections) tally.nextUpdate *= 2;
      return true;
    });
    if (updates.length === 0) return;
    // The sections above the viewport change height too: what the reader sees stays where it is.
    const anchor = this.sectionAtTop();
    const top = anchor?.getBoundingClientRect().top;
    for (const kind of updates) {
      const {measured, estimated} = this.tallies[kind];
      const fit = Math.min(FIT_RANGE[1], Math.max(FIT_RANGE[0], measured / estimated));
      this.reference.style.setProperty(FIT_PROPERTY[kind], fit.toFixed(3));
    }
    if (anchor && top !== undefined) {
      const moved = anchor.getBoundingClientRect().top - top;
      if (Math.abs(moved) >= 1) window.scrollBy(0, moved);
    }
  }

  /** The first section that reaches into the viewport (sections are one above the other: a binary search). */
  private sectionAtTop(): HTMLElement | undefined {
    const sections = this.reference.querySelectorAll<HTMLElement>(SELECTOR.sections);
    let [low, high] = [0, sections.length - 1];
    if (high < 0) return undefined;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (sections[middle]!.getBoundingClientRect().bottom > 0) high = middle;
      else low = middle + 1;
    }
    return sections[low];
  }
}

/** A section of text alone: the server marks it, and it holds its estimate scaled by the text factor (../shared/heldCss.ts). */
function isTextSection(section: HTMLElement): boolean {
  return section.hasAttribute(ATTR.text);
}
