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

/** The short form of a section, in the section element the server rendered. */
function SectionStub({item}: {item: ContentItemModel}): React.ReactElement {
  const operation = item.type === 'operation' ? (item as unknown as OperationModel) : undefined;
  const heading = <h2 className="kit-stub-title">{item.name}</h2>;
  const summary = firstSentence(item.description ?? '');
  const description = summary ? <p className="kit-stub-description">{summary}</p> : null;
  if (!operation) {
    return (
      <div className="kit-stub">
        {heading}
        {description}
      </div>
    );
  }
  // Redoc's operation element carries `operation/<operationId>` too: links to it land on the stub.
  const hash = operation.operationHash;
  return (
    <div className="kit-stub" {...(hash && {id: hash, 'data-section-id': hash})}>
      {heading}
      {description}
      <p className="kit-stub-endpoint">
        <span className={`http-verb ${operation.httpVerb}`}>{operation.httpVerb}</span> <span>{operation.path}</span>
      </p>
    </div>
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
 * `html` (the reference as the server rendered it) with each section after the budget in its short
 * form, and each section's opening tag with the attributes `attributes` gives it from the full HTML
 * of every section (its estimated height, ./sectionHeights.ts). Sections are the elements with
 * `data-section-id` right inside the content column (`.api-content`); React escapes `<` in text and
 * attributes, so counting `<div` tags is exact.
 */
export function withSectionStubs(
  html: string,
  items: ContentItemModel[],
  {budget = FULL_SECTIONS_HTML_BUDGET, attributes}: {budget?: number; attributes?: (sectionHtmls: string[]) => string[]} = {},
): string {
  const byId = new Map(items.map((item) => [item.id, item]));
  const section = /<div\b[^>]*\bdata-section-id="([^"]*)"[^>]*>/g;
  const content = /class="[^"]*\bapi-content\b/.exec(html);
  if (!content) return html;
  section.lastIndex = content.index;
  const sections: {start: number; end: number; openingTag: string; id: string}[] = [];
  for (let match = section.exec(html); match; match = section.exec(html)) {
    const end = elementEnd(html, match.index);
    section.lastIndex = end;
    sections.push({start: match.index, end, openingTag: match[0], id: decodeHtml(match[1]!)});
  }
  const extra = attributes?.(sections.map(({start, end}) => html.slice(start, end)));
  let out = '';
  let copied = 0;
  let used = 0;
  sections.forEach(({start, end, openingTag, id}, index) => {
    used += end - start;
    const item = byId.get(id);
    const stub = used > budget && item !== undefined;
    if (!stub && !extra) return;
    const tag = openingTag.replace(/>$/, `${extra?.[index] ?? ''}${stub ? ' data-kit-stub=""' : ''}>`);
    const inner = stub ? renderToStaticMarkup(<SectionStub item={item} />) + '</div>' : html.slice(start + openingTag.length, end);
    out += html.slice(copied, start) + tag + inner;
    copied = end;
  });
  return out + html.slice(copied);
}

function decodeHtml(text: string): string {
  return text.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}
