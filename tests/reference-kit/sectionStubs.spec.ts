/** The server's HTML of a reference kept small (reference-kit/reference/sectionStubs.tsx), on a made-up reference. */
import {expect, test} from '@playwright/test';
import type {ContentItemModel} from 'redoc';
import {NOSCRIPT_PART, NOSCRIPT_PART_SIZE, NOSCRIPT_STYLE, withSectionStubs} from '../../reference-kit/reference/server/sectionStubs';

/** A reference of `count` operations, each section about 1 KB of HTML, as Redoc writes one. */
function reference(count: number): {html: string; items: ContentItemModel[]} {
  const ids = Array.from({length: count}, (_, index) => `tag/pets/operation/op${index}`);
  const sections = ids
    .map((id, index) => `<div id="${id}" class="sc-a section_x" data-section-id="${id}"><div><h2>Operation ${index}</h2><p>${'words '.repeat(160)}</p></div></div>`)
    .join('');
  const html = `<div class="redoc-wrap"><div class="menu-content"></div><div class="sc-c api-content"><div data-kit-info="">Info</div>${sections}</div></div>`;
  const items = ids.map((id, index) => ({
    id,
    type: 'operation',
    name: `Operation ${index}`,
    description: `Does thing ${index}. And more.`,
    operationHash: `operation/op${index}`,
    httpVerb: 'get',
    path: `/pets/${index}`,
  })) as unknown as ContentItemModel[];
  return {html, items};
}

test('without a room for them, the short sections stay in the content column', () => {
  const {html, items} = reference(40);
  const out = withSectionStubs(html, items, {budget: 10_000});
  expect(out).not.toContain('<noscript');
  expect(out.match(/ data-kit-stub=""/g)?.length).toBeGreaterThan(25);
  expect(out).toContain('<p class="kit-stub-endpoint"><span class="http-verb get">get</span> <span>/pets/39</span></p>');
});

test('with a room, the short sections go into a noscript element at the end of the content column, which holds their room', () => {
  const {html, items} = reference(40);
  let first: number | undefined;
  const out = withSectionStubs(html, items, {
    budget: 10_000,
    attributes: (sections) => sections.map((_, index) => ` data-n="${index}"`),
    ahead: (index) => {
      first = index;
      return {content: ' data-kit-ahead="" style="--kit-ahead-n:3"', noscript: ' data-kit-ahead="1,2"'};
    },
  });
  expect(first).toBeGreaterThan(0);
  expect(out).toContain('<div class="sc-c api-content" data-kit-ahead="" style="--kit-ahead-n:3"><div data-kit-info="">Info</div>');
  const [before, inside] = out.split(`<noscript data-kit-ahead="1,2">${NOSCRIPT_STYLE}`);
  expect(inside, 'one noscript element').toBeDefined();
  // In the page: the sections in full, each once, with its attributes; none short.
  expect(before!.match(/data-section-id="/g)).toHaveLength(first!);
  expect(before).not.toContain('data-kit-stub');
  for (let index = 0; index < first!; index++) expect(before).toContain(`data-section-id="tag/pets/operation/op${index}" data-n="${index}">`);
  // In the noscript element: every section from the first short one on, in order, then the end of the column.
  const ahead = Array.from(inside!.matchAll(/<div id="([^"]*)" class="sc-a section_x" data-section-id="[^"]*" data-n="(\d+)" data-kit-stub="">/g), (match) => Number(match[2]));
  expect(ahead).toEqual(Array.from({length: 40 - first!}, (_, offset) => first! + offset));
  expect(inside!.endsWith('</noscript></div></div>')).toBe(true);
  // Nothing in between that a script-running browser would build as elements.
  expect(inside!.slice(0, -'</noscript></div></div>'.length)).not.toContain('</noscript>');
});

test('past NOSCRIPT_PART_SIZE, the short sections go on in another noscript element, each cut between two sections', () => {
  const {html, items} = reference(400);
  const out = withSectionStubs(html, items, {
    budget: 10_000,
    ahead: () => ({content: ' data-kit-ahead=""', noscript: ' data-kit-ahead="1,2"'}),
  });
  const parts = out.split(`<noscript data-kit-ahead="1,2">${NOSCRIPT_STYLE}`)[1]!.replace(/<\/noscript><\/div><\/div>$/, '').split(`</noscript>${NOSCRIPT_PART}`);
  expect(parts.length).toBeGreaterThan(1);
  for (const part of parts) {
    // Whole sections only: each part starts with a section and holds as many openings as closings.
    expect(part.startsWith('<div id="tag/pets/operation/op')).toBe(true);
    expect(part.match(/<div\b/g)?.length).toBe(part.match(/<\/div>/g)?.length);
    expect(part.length).toBeLessThan(NOSCRIPT_PART_SIZE + 2_000);
  }
  // Every short section once, in order, across the parts.
  const ahead = Array.from(parts.join('').matchAll(/data-section-id="tag\/pets\/operation\/op(\d+)"/g), (match) => Number(match[1]));
  expect(ahead).toEqual(Array.from({length: ahead.length}, (_, offset) => ahead[0]! + offset));
  expect(ahead.at(-1)).toBe(399);
});

test('a reference within the budget has no noscript element and no room', () => {
  const {html, items} = reference(5);
  const out = withSectionStubs(html, items, {ahead: () => ({content: ' data-kit-ahead=""', noscript: ''})});
  expect(out).toBe(html);
});
