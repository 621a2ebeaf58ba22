/**
 * How tall each section of a reference will be, estimated by the server from its HTML, so that a
 * section the browser has not laid out yet (content-visibility) holds about the room it will take.
 *
 * Redoc lays an operation out in two panels: the middle one (description, parameters, responses)
 * and the right one (samples), side by side on wide screens and one above the other on narrow ones.
 * Each panel's height is estimated as `A + B / w`: a part that does not depend on the panel's width
 * (a line per heading, paragraph, table row, code line…), and the area of its text, divided by the
 * panel's text width `w`, for the lines that text wraps onto. The server gives each section these
 * numbers as CSS custom properties (`sectionEstimate`, `sectionHeightAttributes`), and the held
 * sections' CSS (../shared/heldCss.ts) computes the height for the viewport's width.
 *
 * The weights were fitted to the measured sections of the pet store and of 572 operations of
 * GitHub's API (tests/fixtures/openapi-corpus), at widths from 360 to 1,920 px, to err on the tall
 * side (`WEIGHTS`).
 */
import type {TokenHandler} from 'parse5';
import {Tokenizer, TokenizerMode} from '../../lib/parse5';
import {AHEAD_PROPS, ATTR, PROP, SECTIONS_PER_STEP} from '../shared/contract';
import type {TextWidthFactors} from '../shared/heldCss';

/** What a panel holds that takes room, as counted by `sectionFeatures`. */
export interface PanelFeatures {
  /** Headings. */
  headings: number;
  /** Paragraphs, list items, quotes: blocks of text. */
  blocks: number;
  /** Table rows (parameters, schema fields). */
  rows: number;
  /** Buttons (responses, the endpoint). */
  buttons: number;
  /** Lines of code and of JSON samples, as written. */
  codeLines: number;
  /** Tabs (samples). */
  tabs: number;
  /** Characters of text in proportional type. */
  prose: number;
  /** Characters of code. */
  code: number;
}

export interface SectionFeatures {
  middle: PanelFeatures;
  right: PanelFeatures;
  /** Panels of each kind (an operation has one of each; a tag's description, one middle panel per part). */
  middlePanels: number;
  rightPanels: number;
}

const emptyPanel = (): PanelFeatures => ({headings: 0, blocks: 0, rows: 0, buttons: 0, codeLines: 0, tabs: 0, prose: 0, code: 0});

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const BLOCKS = new Set(['p', 'li', 'dt', 'dd', 'blockquote']);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** Elements whose content the tokenizer reads as text alone, as the HTML parser has it do. */
const TEXT_ONLY = {style: 'RAWTEXT', xmp: 'RAWTEXT', iframe: 'RAWTEXT', noembed: 'RAWTEXT', noframes: 'RAWTEXT', script: 'SCRIPT_DATA', textarea: 'RCDATA', title: 'RCDATA'} as const;

/**
 * Counts what the panels of a section's HTML hold, read with an HTML tokenizer (parse5's, as the
 * kit's Node code has it: ../../lib/parse5.js): the section's own HTML, as the server rendered it
 * on its own (./renderReference.ts). `panelClasses` are the class names that mark Redoc's middle
 * and right panels (their styled-components ids).
 */
export function sectionFeatures(html: string, panelClasses: {middle: string; right: string}): SectionFeatures {
  const features: SectionFeatures = {middle: emptyPanel(), right: emptyPanel(), middlePanels: 0, rightPanels: 0};
  interface Open {
    tag: string;
    panel?: 'middle' | 'right';
    code: boolean;
    hidden: boolean;
    collapsed: boolean;
  }
  const stack: Open[] = [];
  let text = '';
  /** The text since the last tag, counted in the panel it is in. */
  const countText = () => {
    const top = stack[stack.length - 1];
    const panel = top?.panel;
    if (text && panel && !top.hidden) {
      if (top.code) {
        features[panel].code += text.length;
        features[panel].codeLines += (text.match(/\n/g) ?? []).length;
      } else {
        features[panel].prose += text.replace(/\s+/g, ' ').trim().length;
      }
    }
    text = '';
  };
  const onText = ({chars}: {chars: string}) => {
    text += chars;
  };
  const handler: TokenHandler = {
    onCharacter: onText,
    onWhitespaceCharacter: onText,
    onNullCharacter: () => undefined,
    onComment: () => undefined,
    onDoctype: () => undefined,
    onEof: countText,
    onEndTag(token) {
      countText();
      // Close up to the matching element.
      for (let i = stack.length - 1; i >= 0; i--) {
        if (stack[i]!.tag === token.tagName) {
          stack.length = i;
          break;
        }
      }
    },
    onStartTag(token) {
      countText();
      const tag = token.tagName;
      const top = stack[stack.length - 1];
      const panel = top?.panel;
      const classes = ` ${token.attrs.find((attribute) => attribute.name === 'class')?.value ?? ''} `;
      let ownPanel = panel;
      if (!panel && classes.includes(` ${panelClasses.middle} `)) {
        ownPanel = 'middle';
        features.middlePanels += 1;
      } else if (!panel && classes.includes(` ${panelClasses.right} `)) {
        ownPanel = 'right';
        features.rightPanels += 1;
      }
      // A collapsed JSON value hides its list (Redoc's JSON viewer).
      const hidden = Boolean(top?.hidden) || (tag === 'ul' && Boolean(top?.collapsed) && classes.includes(' collapsible '));
      const code = Boolean(top?.code) || tag === 'pre' || tag === 'code' || classes.includes(' redoc-json ');
      if (ownPanel && !hidden) {
        const counts = features[ownPanel];
        if (HEADINGS.has(tag)) counts.headings += 1;
        else if (tag === 'tr') counts.rows += 1;
        else if (tag === 'button') counts.buttons += 1;
        else if (tag === 'pre') counts.codeLines += 1;
        else if (tag === 'li' && classes.includes('react-tabs__tab')) counts.tabs += 1;
        else if (tag === 'li' && code) counts.codeLines += 1;
        else if (BLOCKS.has(tag)) counts.blocks += 1;
      }
      if (tag in TEXT_ONLY) tokenizer.state = TokenizerMode[TEXT_ONLY[tag as keyof typeof TEXT_ONLY]];
      if (!VOID_ELEMENTS.has(tag) && !token.selfClosing) stack.push({tag, panel: ownPanel, code, hidden, collapsed: classes.includes(' collapsed ')});
    },
  };
  const tokenizer = new Tokenizer({sourceCodeLocationInfo: false}, handler);
  tokenizer.write(html, true);
  return features;
}

/**
 * Pixels per count in the part of a panel's height that does not depend on its width, and px² per
 * character of text (about a glyph's width times the line height) in the part that wraps. Fitted to
 * the 98th percentile (quantile regression, each spec weighing the same), not the mean: a section
 * whose estimate falls short reaches into the next one's box while the browser skips it, and tools
 * that read the page's geometry (axe) then see its text over the next section's background.
 */
const WEIGHTS = {
  middle: {panel: 18.3, headings: 69.3, blocks: 41.1, rows: 44.8, buttons: 21, codeLines: 0, tabs: 0, prose: 249.3, code: 447.3},
  right: {panel: 76.6, headings: 210.1, blocks: 0, rows: 0, buttons: 20.5, codeLines: 13.8, tabs: 0, prose: 0, code: 227.5},
};

/**
 * A panel kind's estimate over a section: `fixed` pixels, plus `wrapped` pixels at a text width of
 * 1,000 px (so `wrapped × 1000 / w` at a text width `w`).
 */
function panelEstimate(features: PanelFeatures, panels: number, kind: 'middle' | 'right'): {fixed: number; wrapped: number} {
  if (panels === 0) return {fixed: 0, wrapped: 0};
  const weights = WEIGHTS[kind];
  return {
    fixed:
      weights.panel * panels +
      weights.headings * features.headings +
      weights.blocks * features.blocks +
      weights.rows * features.rows +
      weights.buttons * features.buttons +
      weights.codeLines * features.codeLines +
      weights.tabs * features.tabs,
    wrapped: (weights.prose * features.prose + weights.code * features.code) / 1000,
  };
}

/** A section's estimate: the numbers the held sections' CSS computes its height from (../shared/heldCss.ts). */
export interface SectionEstimate {
  /** The middle and right panels' fixed parts (`--kit-mf`, `--kit-rf`), in pixels. */
  middleFixed: number;
  rightFixed: number;
  /** Their wrapping parts (`--kit-mw`, `--kit-rw`), in pixels at a text width of 1,000 px. */
  middleWrapped: number;
  rightWrapped: number;
  /** The panels' own vertical padding in one column (`--kit-p1`), in pixels. */
  oneColumnPadding: number;
  /** Text alone (headings and paragraphs: a part of the API's description, a tag), fitted apart (../browser/heightFit.ts). */
  text: boolean;
}

export function sectionEstimate(features: SectionFeatures, spacing: {vertical: number}): SectionEstimate {
  const middle = panelEstimate(features.middle, features.middlePanels, 'middle');
  const right = panelEstimate(features.right, features.rightPanels, 'right');
  return {
    middleFixed: middle.fixed,
    middleWrapped: middle.wrapped,
    rightFixed: right.fixed,
    rightWrapped: right.wrapped,
    // In one column each panel has its own vertical padding (a section's middle panels share one).
    oneColumnPadding: 2 * spacing.vertical * ((features.middlePanels > 0 ? 1 : 0) + features.rightPanels),
    text: features.rightPanels === 0 && features.middle.rows === 0,
  };
}

/** The numbers of an estimate, as CSS custom properties. */
export type EstimateNumbers = Omit<SectionEstimate, 'text'>;

/** An estimate's numbers by custom property. */
function estimateProperties(estimate: EstimateNumbers): Record<string, number> {
  return {
    [PROP.middleFixed]: Math.round(estimate.middleFixed),
    [PROP.middleWrapped]: Math.round(estimate.middleWrapped),
    [PROP.rightFixed]: Math.round(estimate.rightFixed),
    [PROP.rightWrapped]: Math.round(estimate.rightWrapped),
    [PROP.oneColumnPadding]: Math.round(estimate.oneColumnPadding),
  };
}

/** A rule's declarations of custom properties. */
const declarations = (properties: Record<string, number>) =>
  Object.entries(properties)
    .map(([name, value]) => `${name}:${value}`)
    .join(';');

/** What a section's element carries of its estimate: its own numbers (`style`) or its group's, and whether it is text alone. */
export type SectionEstimateProps = {style?: Record<string, number>} & Record<string, unknown>;

/** The first sections hold their own estimates; the others, their group's (`sectionHeightAttributes`). */
const OWN_ESTIMATE_SECTIONS = 20;
/** Groups of sections that share an estimate, at most. */
const ESTIMATE_GROUPS = 32;

/**
 * Each section's attributes for its estimate, and the CSS rules they need.
 *
 * The browser shares the computed style of elements whose declarations are the same, and only
 * those: a section with its own estimate in its `style` is styled on its own, and on a page of a
 * thousand sections that is most of the style work of its first frames and of each change of the
 * fit. So the first sections, those the reader sees first and the fit measures first, keep their own
 * estimates inline, and the others hold the estimate of a group of sections of about their height
 * (at a phone's width and a laptop's: `widths`), named by a rule: a few dozen computed styles for
 * the page instead of one per section. A group's estimate is the mean of its sections' numbers, so
 * the page's height on one column is the sum of the sections' estimates as before; on two, where a
 * section takes the taller of its panels, a few percent less.
 *
 * The rules' names carry a hash of the rules: a page reached by client-side navigation keeps the CSS of
 * the references seen before it (../browser/builtPage.ts), and two references' groups must not meet.
 */
export function sectionHeightAttributes(
  estimates: SectionEstimate[],
  widths: {phone: TextWidthFactors; laptop: TextWidthFactors},
): {attributes: SectionEstimateProps[]; held: EstimateNumbers[]; css: string; key: string} {
  const grouped = estimates.slice(OWN_ESTIMATE_SECTIONS);
  const height = (estimate: SectionEstimate) => [
    Math.log(
      Math.max(
        1,
        estimate.middleFixed + estimate.rightFixed + estimate.oneColumnPadding + (estimate.middleWrapped + estimate.rightWrapped) * widths.phone.oneColumn,
      ),
    ),
    Math.log(
      Math.max(1, estimate.middleFixed + estimate.middleWrapped * widths.laptop.middle, estimate.rightFixed + estimate.rightWrapped * widths.laptop.right),
    ),
  ];
  const groups: EstimateNumbers[] = [];
  const groupOf: number[] = [];
  // Text and operations apart: each kind is fitted by its own factor.
  for (const text of [false, true]) {
    const members = grouped.flatMap((estimate, index) => (estimate.text === text ? [index] : []));
    const count = Math.min(members.length, Math.max(1, Math.round((ESTIMATE_GROUPS * members.length) / Math.max(1, grouped.length))));
    for (const cluster of kMeans(members.map((index) => height(grouped[index]!)), count)) {
      const indices = cluster.map((member) => members[member]!);
      const mean = (key: keyof EstimateNumbers) => indices.reduce((sum, index) => sum + grouped[index]![key], 0) / indices.length;
      for (const index of indices) groupOf[index] = groups.length;
      groups.push({
        middleFixed: mean('middleFixed'),
        middleWrapped: mean('middleWrapped'),
        rightFixed: mean('rightFixed'),
        rightWrapped: mean('rightWrapped'),
        oneColumnPadding: mean('oneColumnPadding'),
      });
    }
  }
  const rules = groups.map((group) => `{${declarations(estimateProperties(group))}}`);
  const key = hash(rules.join(''));
  const text = (estimate: SectionEstimate) => (estimate.text ? {[ATTR.text]: ''} : {});
  return {
    attributes: estimates.map((estimate, index) =>
      index < OWN_ESTIMATE_SECTIONS
        ? {style: estimateProperties(estimate), ...text(estimate)}
        : {[ATTR.heightGroup]: `${key}-${groupOf[index - OWN_ESTIMATE_SECTIONS]}`, ...text(estimate)},
    ),
    held: estimates.map((estimate, index) => (index < OWN_ESTIMATE_SECTIONS ? estimate : groups[groupOf[index - OWN_ESTIMATE_SECTIONS]!]!)),
    css: rules.map((rule, index) => `[${ATTR.heightGroup}="${key}-${index}"]${rule}`).join(''),
    key,
  };
}

/**
 * The room the content column holds for the sections of the page's noscript element, `sections`
 * (./renderReference.ts), until the kit has put them in: sums of their numbers (`held`, as
 * `sectionHeightAttributes` gives them), operations and text apart, and their count, as custom
 * properties from which the held sections' CSS computes the content column's bottom padding (../shared/heldCss.ts).
 * In one column a section is as tall as its fixed parts and its wrapping parts at the column's
 * width: two sums. In two, as tall as its taller panel: the sums of the middle panel's parts of the
 * sections whose middle panel is the taller at a laptop's width (`laptop`), and of the right
 * panel's of the others, so that the room is what the sections will hold at that width.
 * `content` is the room before any section is put in; `steps`, after each `SECTIONS_PER_STEP`
 * sections, the numbers alone, in the order of the contract's `AHEAD_PROPS`, comma-separated, steps separated
 * by spaces.
 */
export function aheadRoom(sections: {held: EstimateNumbers; text: boolean}[], laptop: TextWidthFactors): {content: Record<string, number>; steps: string} {
  const numbersFrom = (first: number) => {
    const rest = sections.slice(first);
    const sums = [false, true].flatMap((text) => {
      let [fixed, wrapped, twoColumnFixed, middleWrapped, rightWrapped] = [0, 0, 0, 0, 0];
      for (const {held: numbers} of rest.filter((section) => section.text === text)) {
        fixed += numbers.middleFixed + numbers.rightFixed + numbers.oneColumnPadding;
        wrapped += numbers.middleWrapped + numbers.rightWrapped;
        const middleTaller =
          numbers.middleFixed + numbers.middleWrapped * laptop.middle >= numbers.rightFixed + numbers.rightWrapped * laptop.right;
        twoColumnFixed += middleTaller ? numbers.middleFixed : numbers.rightFixed;
        if (middleTaller) middleWrapped += numbers.middleWrapped;
        else rightWrapped += numbers.rightWrapped;
      }
      return [fixed, wrapped, twoColumnFixed, middleWrapped, rightWrapped].map(Math.round);
    });
    return [rest.length, ...sums];
  };
  const steps: string[] = [];
  for (let first = SECTIONS_PER_STEP; first < sections.length; first += SECTIONS_PER_STEP) steps.push(numbersFrom(first).join(','));
  const initial = numbersFrom(0);
  return {content: Object.fromEntries(AHEAD_PROPS.map((name, index) => [name, initial[index]!])), steps: steps.join(' ')};
}

function kMeans(points: number[][], count: number): number[][] {
  if (points.length === 0 || count <= 0) return [];
  const byFirst = points.map((_, index) => index).sort((a, b) => points[a]![0]! - points[b]![0]!);
  let centres = Array.from({length: count}, (_, cluster) => [...points[byFirst[Math.floor(((cluster + 0.5) * points.length) / count)]!]!]);
  let assignment: number[] = [];
  for (let pass = 0; pass < 30; pass++) {
    const next = points.map((point) => {
      let best = 0;
      let bestDistance = Infinity;
      centres.forEach((centre, cluster) => {
        const distance = centre.reduce((sum, value, axis) => sum + (value - point[axis]!) ** 2, 0);
        if (distance < bestDistance) [best, bestDistance] = [cluster, distance];
      });
      return best;
    });
    if (next.every((cluster, index) => cluster === assignment[index])) break;
    assignment = next;
    centres = centres.map((centre, cluster) => {
      const members = points.filter((_, index) => assignment[index] === cluster);
      return members.length ? centre.map((_, axis) => members.reduce((sum, point) => sum + point[axis]!, 0) / members.length) : centre;
    });
  }
  const clusters = centres.map(() => [] as number[]);
  assignment.forEach((cluster, index) => clusters[cluster]!.push(index));
  return clusters.filter((members) => members.length > 0);
}

/** A short name for `text` (FNV-1a, base 36). */
function hash(text: string): string {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value.toString(36);
}

/** The tallest layout Chromium makes: past it, a page's content is not laid out (LayoutUnit's range, 2^25 px). */
export const TALLEST_LAYOUT = 33_554_432;

/**
 * A page's estimated height from its sections' estimates, as the held sections' CSS computes each
 * (../shared/heldCss.ts): in one column, the panels one above the other; in two, the taller.
 */
export function estimatedPageHeight(estimates: EstimateNumbers[], factors: TextWidthFactors, columns: 1 | 2): number {
  return estimates.reduce((sum, estimate) => {
    if (columns === 1) {
      return sum + estimate.middleFixed + estimate.rightFixed + estimate.oneColumnPadding + (estimate.middleWrapped + estimate.rightWrapped) * factors.oneColumn;
    }
    return sum + Math.max(estimate.middleFixed + estimate.middleWrapped * factors.middle, estimate.rightFixed + estimate.rightWrapped * factors.right);
  }, 0);
}

/**
 * The build's warning for a reference taller than Chromium lays out, at a phone's width or a
 * laptop's, with what to do; undefined when it fits.
 */
export function tallPageWarning(heights: {phone: number; laptop: number}, source: string, asPages: boolean): string | undefined {
  if (heights.phone <= TALLEST_LAYOUT && heights.laptop <= TALLEST_LAYOUT) return undefined;
  const px = (value: number) => `${Math.round(value).toLocaleString('en-US')} px`;
  const fix = asPages
    ? 'Split its largest tag into several tags.'
    : "Render it as pages, a page per tag: set `pages: 'tag'` on its entry in the kit's `specs`.";
  return (
    `reference-kit: the reference of ${source} is about ${px(heights.phone)} tall on a phone (412 px wide) and ${px(heights.laptop)} at 1,280 px, ` +
    `past the ${px(TALLEST_LAYOUT)} Chromium lays out: the sections past that point show as empty space, and links to them land there. ${fix}`
  );
}
