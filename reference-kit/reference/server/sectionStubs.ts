/**
 * The short form of a section, which keeps a reference's server HTML to a size that does not grow
 * with the spec.
 *
 * The server renders every section of a reference into the page, so that it reads without
 * JavaScript. On a spec of hundreds of operations that is megabytes of HTML, and the browser
 * parses all of it while the page loads, in tasks that block the page for seconds on a phone. So
 * the page holds the sections in full up to a budget of HTML, and after it a short form of each:
 * its title, method and path, and the first sentence of its description, with the same ids, so
 * that links to it land and search indexes it (./renderReference.ts). In the browser a short
 * section is rendered in full as the reader comes near it, as every section is.
 *
 * A short section is made of React text alone, which React escapes: that is what lets it wait in a
 * noscript element, whose content a browser running scripts reads as text up to the first
 * `</noscript>`. Nothing of a spec's own markup ever goes there.
 */
import React from 'react';
import type {ContentItemModel, OperationModel} from 'redoc';
import {ATTR, CLASS} from '../shared/contract';

/** HTML of whole sections a page holds before the short forms start: all of a spec the size of the pet store. */
export const FULL_SECTIONS_HTML_BUDGET = 300_000;

/**
 * Characters of HTML per noscript element of the sections ahead. A browser running scripts reads a
 * noscript element's content as one token of text, which its HTML parser cannot yield inside.
 */
export const NOSCRIPT_PART_SIZE = 50_000;

/** Characters of a description the short form keeps: its first sentence, at most this long. */
const SUMMARY_LENGTH = 160;

/** The first sentence of Markdown `text`, as plain text (React escapes it when it writes it). */
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
 * The content of a section's short form. Elements made with `createElement`, not JSX: the tests'
 * runner (Playwright) compiles the JSX of the modules a test imports for a runtime of its own.
 */
export function SectionStub({item}: {item: ContentItemModel}): React.ReactElement {
  const h = React.createElement;
  const operation = item.type === 'operation' ? (item as unknown as OperationModel) : undefined;
  const heading = h('h2', {className: CLASS.stubTitle}, item.name);
  const summary = firstSentence(item.description ?? '');
  const description = summary ? h('p', {className: CLASS.stubDescription}, summary) : null;
  if (!operation) return h('div', {className: CLASS.stub}, heading, description);
  // Redoc's operation element carries `operation/<operationId>` too: links to it land on the stub.
  const hash = operation.operationHash;
  return h(
    'div',
    {className: CLASS.stub, ...(hash && {id: hash, [ATTR.section]: hash})},
    heading,
    description,
    h('p', {className: CLASS.stubEndpoint}, h('span', {className: `http-verb ${operation.httpVerb}`}, operation.httpVerb), ' ', h('span', null, operation.path)),
  );
}
