/** How the server hands the sections their estimated heights (reference-kit/reference/server/sectionEstimates.ts), on made-up estimates. */
import {expect, test} from '@playwright/test';
import {
  aheadRoom,
  estimatedPageHeight,
  sectionHeightAttributes,
  tallPageWarning,
  TALLEST_LAYOUT,
  type SectionEstimate,
  type SectionEstimateProps,
} from '../../reference-kit/reference/server/sectionEstimates';
import {AHEAD_PROPS, ATTR, PROP, SECTIONS_PER_STEP} from '../../reference-kit/reference/shared/contract';

const widths = {phone: {oneColumn: 3, middle: 3, right: 3}, laptop: {oneColumn: 1, middle: 1.9, right: 3}};

/** `count` sections of varied sizes, every seventh one of text alone. */
function estimates(count: number, scale = 1): SectionEstimate[] {
  return Array.from({length: count}, (_, index) => {
    const size = scale * (1 + ((index * 37) % 101));
    const text = index % 7 === 3;
    return {
      middleFixed: 40 + 9 * size,
      middleWrapped: 2 * size,
      rightFixed: text ? 0 : 80 + 5 * ((index * 13) % 17),
      rightWrapped: text ? 0 : (index % 5) * 3,
      oneColumnPadding: text ? 80 : 160,
      text,
    };
  });
}

const NUMBERS = [PROP.middleFixed, PROP.middleWrapped, PROP.rightFixed, PROP.rightWrapped, PROP.oneColumnPadding];

/** A section's group of shared estimates, if it has one. */
const groupOf = (attributes: SectionEstimateProps) => attributes[ATTR.heightGroup] as string | undefined;

/** The five numbers a section's attributes give it, from its inline style or its group's rule (CSS text). */
function numbersOf(attributes: SectionEstimateProps, css: string): number[] {
  if (attributes.style) return NUMBERS.map((name) => attributes.style![name]!);
  const group = groupOf(attributes);
  const declarations = new RegExp(`\\[${ATTR.heightGroup}="${group}"\\]\\{([^}]*)\\}`).exec(css)?.[1];
  if (!declarations) throw new Error(`no estimate for ${JSON.stringify(attributes)}`);
  return NUMBERS.map((name) => Number(new RegExp(`${name}:(\\d+)`).exec(declarations)![1]));
}

test('the first sections hold their own estimates; the others a group\'s, a few dozen groups for a thousand sections', () => {
  const sections = estimates(1000);
  const {attributes, css, key} = sectionHeightAttributes(sections, widths);
  expect(attributes).toHaveLength(1000);
  for (const [index, attribute] of attributes.slice(0, 20).entries()) {
    const own = sections[index]!;
    expect(numbersOf(attribute, css)).toEqual([own.middleFixed, own.middleWrapped, own.rightFixed, own.rightWrapped, own.oneColumnPadding].map(Math.round));
    expect(groupOf(attribute)).toBeUndefined();
  }
  const groups = new Set(attributes.slice(20).map(groupOf));
  expect(groups.has(undefined)).toBe(false);
  expect(groups.size).toBeGreaterThan(8);
  expect(groups.size).toBeLessThanOrEqual(32);
  for (const group of groups) expect(group!.startsWith(`${key}-`)).toBe(true);
  // One rule per group, and no other.
  expect(css.split(`[${ATTR.heightGroup}=`).length - 1).toBe(groups.size);
});

test('a group\'s numbers are its sections\' means: the page\'s height in one column stays what the sections add up to', () => {
  const sections = estimates(600);
  const {attributes, css} = sectionHeightAttributes(sections, widths);
  const oneColumn = ([mf, mw, rf, rw, p1]: number[]) => mf! + rf! + p1! + (mw! + rw!) * widths.phone.oneColumn;
  const own = sections.reduce((sum, s) => sum + oneColumn([s.middleFixed, s.middleWrapped, s.rightFixed, s.rightWrapped, s.oneColumnPadding]), 0);
  const held = attributes.reduce((sum, attribute) => sum + oneColumn(numbersOf(attribute, css)), 0);
  // Rounding to whole numbers, at most half a unit of each of five numbers per section.
  expect(Math.abs(held - own) / own).toBeLessThan(0.002);
  // And each section is near its own height: the groups are made of sections of about its size.
  const errors = attributes.map((attribute, index) => {
    const s = sections[index]!;
    const mine = oneColumn([s.middleFixed, s.middleWrapped, s.rightFixed, s.rightWrapped, s.oneColumnPadding]);
    return Math.abs(oneColumn(numbersOf(attribute, css)) - mine) / mine;
  });
  expect(errors.sort((a, b) => a - b)[Math.floor(errors.length / 2)]).toBeLessThan(0.1);
});

test('text sections are marked and grouped apart from operations', () => {
  const sections = estimates(300);
  const {attributes} = sectionHeightAttributes(sections, widths);
  const groupKinds = new Map<string, Set<boolean>>();
  for (const [index, attribute] of attributes.entries()) {
    expect(ATTR.text in attribute).toBe(sections[index]!.text);
    const group = groupOf(attribute);
    if (group) groupKinds.set(group, (groupKinds.get(group) ?? new Set()).add(sections[index]!.text));
  }
  for (const kinds of groupKinds.values()) expect(kinds.size).toBe(1);
});

test('the groups\' names differ between references, and are the same for the same reference', () => {
  const first = sectionHeightAttributes(estimates(200), widths);
  expect(sectionHeightAttributes(estimates(200), widths)).toEqual(first);
  const other = sectionHeightAttributes(estimates(200, 1.5), widths);
  expect(other.key).not.toBe(first.key);
});

test('a reference of a few sections has no groups', () => {
  const {attributes, css} = sectionHeightAttributes(estimates(12), widths);
  expect(attributes.every((attribute) => attribute.style !== undefined)).toBe(true);
  expect(css).toBe('');
});

test('the room held for sections not yet in the page: what they will hold in one column and in two, operations and text apart, and after each step what is left', () => {
  const sections = estimates(100);
  const {held} = sectionHeightAttributes(sections, widths);
  const ahead = held.slice(30).map((numbers, index) => ({held: numbers, text: sections[30 + index]!.text}));
  const room = aheadRoom(ahead, widths.laptop);
  expect(Object.keys(room.content)).toEqual([...AHEAD_PROPS]);
  const numbers = AHEAD_PROPS.map((name) => room.content[name]!);
  type Ahead = (typeof ahead)[number];
  // What the sections hold (reference-kit/reference/shared/heldCss.ts), at a phone's text width k1 and at the laptop's.
  const oneColumn = ({held: h}: Ahead, k1: number) => h.middleFixed + h.rightFixed + h.oneColumnPadding + (h.middleWrapped + h.rightWrapped) * k1;
  const twoColumns = ({held: h}: Ahead) =>
    Math.max(h.middleFixed + h.middleWrapped * widths.laptop.middle, h.rightFixed + h.rightWrapped * widths.laptop.right);
  /** The room's height from its numbers (as reference-kit/reference/shared/heldCss.ts computes it), and the sections' own. */
  const check = (values: number[], rest: Ahead[]) => {
    const [n, f1, w1, f2, w2m, w2r, tf1, tw1, tf2, tw2m, tw2r] = values as [number, number, number, number, number, number, number, number, number, number, number];
    expect(n).toBe(rest.length);
    for (const text of [false, true]) {
      const members = rest.filter((section) => section.text === text);
      const [one, two] = text ? [[tf1, tw1], [tf2, tw2m, tw2r]] : [[f1, w1], [f2, w2m, w2r]];
      for (const k1 of [1, 3]) {
        const own = members.reduce((sum, section) => sum + oneColumn(section, k1), 0);
        expect(Math.abs(one[0]! + one[1]! * k1 - own)).toBeLessThanOrEqual(1 + k1);
      }
      const own = members.reduce((sum, section) => sum + twoColumns(section), 0);
      expect(Math.abs(two[0]! + two[1]! * widths.laptop.middle + two[2]! * widths.laptop.right - own)).toBeLessThanOrEqual(8);
    }
  };
  expect(ahead.some((section) => section.text)).toBe(true);
  check(numbers, ahead);
  // After each step of SECTIONS_PER_STEP sections, the room of those after them; none after the last step.
  const steps = room.steps.split(' ').map((step) => step.split(',').map(Number));
  expect(steps).toHaveLength(Math.ceil(70 / SECTIONS_PER_STEP) - 1);
  steps.forEach((step, index) => check(step, ahead.slice((index + 1) * SECTIONS_PER_STEP)));
});

test("a page's estimated height adds its sections' as the held sections' CSS does: panels stacked in one column, the taller of them in two", () => {
  const two = [
    {middleFixed: 100, middleWrapped: 10, rightFixed: 300, rightWrapped: 0, oneColumnPadding: 20},
    {middleFixed: 50, middleWrapped: 100, rightFixed: 10, rightWrapped: 5, oneColumnPadding: 0},
  ];
  // One column: 100 + 300 + 20 + (10 + 0) * 3, then 50 + 10 + 0 + (100 + 5) * 3.
  expect(estimatedPageHeight(two, widths.phone, 1)).toBe(450 + 375);
  // Two: max(100 + 10 * 1.9, 300), then max(50 + 100 * 1.9, 10 + 5 * 3).
  expect(estimatedPageHeight(two, widths.laptop, 2)).toBeCloseTo(300 + 240);
});

test('a reference taller than Chromium lays out gets a warning with its heights and the option that fixes it; one that fits, none', () => {
  expect(tallPageWarning({phone: TALLEST_LAYOUT, laptop: 1_000_000}, 'openapi/graph.json', false)).toBeUndefined();
  const warning = tallPageWarning({phone: 58_000_000.4, laptop: 21_000_000}, 'openapi/graph.json', false);
  expect(warning).toBe(
    'reference-kit: the reference of openapi/graph.json is about 58,000,000 px tall on a phone (412 px wide) and 21,000,000 px at 1,280 px, ' +
      "past the 33,554,432 px Chromium lays out: the sections past that point show as empty space, and links to them land there. Render it as pages, a page per tag: set `pages: 'tag'` on its entry in the kit's `specs`.",
  );
  expect(tallPageWarning({phone: 40_000_000, laptop: 20_000_000}, 'openapi/graph.json', true)).toMatch(/Split its largest tag into several tags\.$/);
});

