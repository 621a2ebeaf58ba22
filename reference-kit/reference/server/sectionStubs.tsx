/**
 * Server HTML of a reference kept to a size that does not grow with the spec.
 *
 * The server renders every section of a reference into the page, so that it reads without
 * JavaScript. On a spec of hundreds of operations that is megabytes of HTML, and the browser
 * parses all of it while the page loads, in tasks that block the page for seconds on a phone. So
 * the page holds the sections in full up to a budget of HTML, and after it a short form of each:
 * its title, method and path, and the first sentence of its description, with the same ids, so
 * that links to it land and search indexes it. In the browser a short section is rendered in full as the reader
 * comes near it, as every section is (./LiveReference.tsx).
 */
import React from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import type {ContentItemModel, OperationModel} from 'redoc';

/** HTML of whole sections a page holds before the short forms start: the pet store (21 operations, 15 schemas) is 290 KB. */
export const FULL_SECTIONS_HTML_BUDGET = 300_000;

/** Words of a description the short form keeps: its first sentence, at most this long. */
const SUMMARY_LENGTH = 160;

/** The first sentence of Markdown `text`, as plain text. */
export function firstSentence(text: string): string {
  const plain = text
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>|[*_`#>]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const sentence = /^.+?[.!?](?=\s|$)/.exec(plain)?.[0] ?? plain;
  return sentence.length <= SUMMARY_LENGTH ? sentence : `${sentence.slice(0, SUMMARY_LENGTH - 1).trimEnd()}…`;
}

/**
 * The short form of a section, in the section element the server rendered. Elements made with
 * `createElement`, not JSX: the tests' runner (Playwright) compiles the JSX of the modules a test
 * imports for a runtime of its own.
 */
function SectionStub({item}: {item: ContentItemModel}): React.ReactElement {
  const h = React.createElement;
  const operation = item.type === 'operation' ? (item as unknown as OperationModel) : undefined;
  const heading = h('h2', {className: 'kit-stub-title'}, item.name);
  const summary = firstSentence(item.description ?? '');
  const description = summary ? h('p', {className: 'kit-stub-description'}, summary) : null;
  if (!operation) return h('div', {className: 'kit-stub'}, heading, description);
  // Redoc's operation element carries `operation/<operationId>` too: links to it land on the stub.
  const hash = operation.operationHash;
  return h(
    'div',
    {className: 'kit-stub', ...(hash && {id: hash, 'data-section-id': hash})},
    heading,
    description,
    h('p', {className: 'kit-stub-endpoint'}, h('span', {className: `http-verb ${operation.httpVerb}`}, operation.httpVerb), ' ', h('span', null, operation.path)),
  );
}

/** Where each element that starts at `start` (an opening `<div`) ends, by counting `<div` and `</div>`. */
function elementEnd(html: string, start: number): number {
  const tags = /<(\/?)div\b[^>]*>/g;
  tags.lastIndex = start;
  let depth = 0;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) return tags.lastIndex;
  }
  throw new Error('reference-kit: unbalanced <div> in the reference HTML');
}

/**
 * Without JavaScript the page shows the sections of its noscript element, and the content column
 * holds no room for them (the element's first child, which the kit skips).
 */
export const NOSCRIPT_STYLE = '<style>.redocusaurus .api-content[data-kit-ahead]{padding-bottom:0}</style>';

/**
 * Characters of HTML per noscript element of the sections ahead. A browser running scripts reads a
 * noscript element's content as one token of text, which its HTML parser cannot yield inside:
 * GitHub's REST page's 1.16 MB in one element was one parse task of 441 ms on a phone (4× CPU);
 * in elements of about 50 KB, none over 98 ms.
 */
export const NOSCRIPT_PART_SIZE = 50_000;

/** The opening tag of each noscript element after the first (the first gives the room's steps). */
export const NOSCRIPT_PART = '<noscript data-kit-ahead="">';

/**
 * `html` (the reference as the server rendered it) with each section after the budget in its short
 * form, and each section's opening tag with the attributes `attributes` gives it from the full HTML
 * of every section (its estimated height, ./sectionHeights.ts). Sections are the elements with
 * `data-section-id` right inside the content column (`.api-content`); React escapes `<` in text and
 * attributes, so counting `<div` tags is exact.
 *
 * With `ahead`, the sections from the first short one on go into `<noscript>` elements at the end
 * of the content column (`NOSCRIPT_PART_SIZE` each), and the column keeps the space they will take
 * below the sections before them (`ahead` gives the attributes of the content column and of the
 * first noscript element from the index of the first of those sections). A browser that runs
 * scripts reads a noscript element's content as text: it neither builds, styles nor lays out the
 * elements of those sections while the page loads, which on a spec of a thousand operations is
 * most of the cost of the load. The kit then puts them into the page a few at a time
 * (./builtHtml.ts); a browser without scripts shows them where they are.
 */
export function withSectionStubs(
  html: string,
  items: ContentItemModel[],
  {
    budget = FULL_SECTIONS_HTML_BUDGET,
    attributes,
    ahead,
  }: {
    budget?: number;
    attributes?: (sectionHtmls: string[]) => string[];
    ahead?: (firstIndex: number) => {content: string; noscript: string};
  } = {},
): string {
  const byId = new Map(items.map((item) => [item.id, item]));
  const section = /<div\b[^>]*\bdata-section-id="([^"]*)"[^>]*>/g;
  const content = /class="[^"]*\bapi-content\b[^>]*>/.exec(html);
  if (!content) return html;
  section.lastIndex = content.index;
  const sections: {start: number; end: number; openingTag: string; id: string}[] = [];
  for (let match = section.exec(html); match; match = section.exec(html)) {
    const end = elementEnd(html, match.index);
    section.lastIndex = end;
    sections.push({start: match.index, end, openingTag: match[0], id: decodeHtml(match[1]!)});
  }
  const extra = attributes?.(sections.map(({start, end}) => html.slice(start, end)));
  let used = 0;
  const stubs = sections.map(({start, end, id}) => {
    used += end - start;
    return used > budget && byId.has(id);
  });
  const firstAhead = ahead ? stubs.indexOf(true) : -1;
  const room = firstAhead === -1 ? undefined : ahead!(firstAhead);
  let out = '';
  let copied = 0;
  if (room) {
    // The content column's opening tag gets the room it holds for the sections ahead.
    const contentTagEnd = content.index + content[0].length - 1;
    out = html.slice(0, contentTagEnd) + room.content;
    copied = contentTagEnd;
  }
  let partStart = 0;
  sections.forEach(({start, end, openingTag, id}, index) => {
    const stub = stubs[index]!;
    if (room && index === firstAhead) {
      out += html.slice(copied, start) + `<noscript${room.noscript}>${NOSCRIPT_STYLE}`;
      copied = start;
      partStart = out.length;
    } else if (room && index > firstAhead && out.length - partStart > NOSCRIPT_PART_SIZE) {
      // Between two sections: without scripts, the elements show the sections as one would.
      out += html.slice(copied, start) + `</noscript>${NOSCRIPT_PART}`;
      copied = start;
      partStart = out.length;
    }
    if (!stub && !extra) return;
    const tag = openingTag.replace(/>$/, `${extra?.[index] ?? ''}${stub ? ' data-kit-stub=""' : ''}>`);
    const inner = stub ? renderToStaticMarkup(React.createElement(SectionStub, {item: byId.get(id)!})) + '</div>' : html.slice(start + openingTag.length, end);
    out += html.slice(copied, start) + tag + inner;
    copied = end;
  });
  if (room) {
    const last = sections[sections.length - 1]!;
    out += html.slice(copied, last.end) + '</noscript>';
    copied = last.end;
  }
  return out + html.slice(copied);
}

function decodeHtml(text: string): string {
  return text.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}
