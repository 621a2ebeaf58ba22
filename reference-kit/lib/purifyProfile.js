// @ts-check
/**
 * The kit's sanitizing profile for the HTML of a spec's Markdown, given to the DOMPurify that Redoc
 * calls (`DOMPurify.sanitize(html)`, no options, when `untrustedSpec` is on): ./serverPurify.js
 * for the server's render, ./browserPurify.js for the browser's. `setConfig` makes Redoc's call
 * use it.
 *
 * DOMPurify's default profile keeps what cannot run script, and that is not enough for a page of
 * a site: forms that post a password elsewhere, `style` overlays, open dialogs, image maps, SVG's
 * `<style>`, the site's own CSS classes (Infima's fixed navbar). So this profile is a list of what
 * Markdown and the plain HTML of API descriptions use, and nothing else:
 * - elements: text, headings, lists, tables, code, quotes, links, images, `<details>`. No SVG or
 *   MathML at all: Markdown never makes them, they are where `<style>` and parser confusion (mXSS)
 *   live, and an SVG file still shows as an image (`<img>`, which runs no script and no CSS of the
 *   page). An element left out keeps its text, except those DOMPurify drops whole (`<style>`,
 *   `<svg>`, `<math>`, `<noscript>`, `<template>`…);
 * - attributes: those that describe content; no `style`, no data attributes (the kit and Redoc
 *   find their sections by them), no event, form or popover attributes;
 * - `class`: only the names Redoc's Markdown gives code (`language-*`, on a fenced block) and Prism
 *   gives its tokens (`token` and the token's types): colours, never a place on the page;
 * - addresses: http(s), mailto or relative, and `data:image/` for an image's `src`;
 * - an attribute whose value holds `<` or `>` is dropped: DOMPurify writes those characters as they
 *   are, and any code that reads the page's HTML as text (a tool of the reader's, a browser
 *   reading a raw-text element such as `<noscript>` up to its first `</noscript>`) would take
 *   `title="</div>"` for a tag (the kit itself never reads HTML that way);
 * - an `id` or `name` with a `/` is dropped: every id of Redoc's own sections has one
 *   (`tag/pet`, `operation/addPet`), so a spec cannot take a link to one of them;
 * - every other `id`, and `name` on a link (the only element whose `name` is an anchor), gets the
 *   prefix `user-content-`, as do the fragments of the spec's own links without a `/` and the ids in
 *   a cell's `headers`: a browser names a global after every element's id, and an id that is a
 *   global the page's scripts read (`webpackChunk<site>`, which webpack's runtime takes as its list
 *   of chunks) or an id of the page's own (`__docusaurus`) would stop or take over the page's
 *   scripts. A prefixed id is neither, and the spec's links still reach its anchors;
 * - `target` is `_blank` or nothing, with `rel="noopener noreferrer"`.
 * Only DOMPurify's oldest means (`setConfig`, allow lists, hooks): the rules hold with whichever
 * DOMPurify 3 a reader's install gives Redoc (`^3.0.6`), not only with this repository's.
 */

const ALLOWED_TAGS = [
  ...['p', 'br', 'hr', 'div', 'span', 'section', 'article', 'address', 'center', 'font'],
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
  ...['b', 'strong', 'i', 'em', 'u', 's', 'strike', 'del', 'ins', 'mark', 'small', 'big', 'sub', 'sup', 'tt'],
  ...['abbr', 'acronym', 'bdi', 'bdo', 'cite', 'data', 'dfn', 'kbd', 'q', 'samp', 'time', 'var', 'wbr', 'ruby', 'rp', 'rt'],
  ...['code', 'pre', 'blockquote'],
  ...['ul', 'ol', 'li', 'dl', 'dt', 'dd'],
  ...['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
  ...['a', 'img', 'picture', 'source', 'figure', 'figcaption'],
  ...['details', 'summary'],
  // The element DOMPurify parses into and walks from: left out, it is removed and its content copied, on every call.
  'body',
];

const ALLOWED_ATTR = [
  ...['id', 'name', 'class', 'title', 'lang', 'dir'],
  ...['href', 'hreflang', 'target', 'type'],
  ...['src', 'srcset', 'sizes', 'media', 'alt', 'width', 'height', 'loading', 'decoding'],
  ...['align', 'valign', 'colspan', 'rowspan', 'scope', 'headers', 'abbr', 'span', 'border', 'cellpadding', 'cellspacing', 'nowrap'],
  ...['start', 'reversed', 'value', 'open', 'datetime', 'cite', 'color', 'face', 'size'],
];

/**
 * The token types (and aliases) of the Prism grammars Redoc 2.1.4 loads (its src/utils/highlight.ts,
 * with Prism's built-in markup, CSS, C-like and JavaScript), each a class of a token's `<span>`.
 * tests/reference-kit/purifyProfile.spec.ts checks that the list still covers them.
 */
const PRISM_TOKEN_TYPES = new Set(
  `adverb annotation application-javascript application-json application-xml argument-name
  assign-left atrule attr-equals attr-name attr-value attribute attribute-arguments
  attribute-class-name attribute-content backtick-quoted-string base-clause bash block-regex boolean
  builtin cdata char class-member class-name class-name-definition class-name-fully-qualified command
  command-literal comment constant constructor-invocation content conversion-option csp css datetime
  decorator delimiter directive directive-hash directive-name doctype doctype-tag double-colon
  double-quoted-string entity environment escape expression file-descriptor filehandle for-or-select
  format-spec format-string function function-definition function-name function-variable generic
  generic-function generic-method generics hashbang header header-name header-value heredoc-string
  hpkp hsts http-version id identifier import important included-cdata inline-javascript
  internal-subset interpolation interpolation-punctuation interpolation-string javascript key keyword
  label language-csharp language-css language-javascript language-regex languages-csp languages-hpkp
  languages-hsts literal literal-property macro macro-name method method-definition module
  multiline-comment multiline-string name named-entity named-parameter namespace nil nowdoc-string
  null number omit operator other-directive package parameter preprocessor prolog property
  punctuation range raw-string reason-phrase record-arguments regex regex-delimiter regex-flags
  regex-literal regex-source request-line request-target response-status return-type rule scalar
  script selector selector-function-argument shebang short-argument single-quoted-string
  special-attr static static-context status-code string string-interpolation string-literal
  string-property style symbol tag target template-punctuation template-string text-css text-html
  text-plain text-xml triple-quoted-string type-casting type-declaration type-expression type-hint
  type-list url v-string value variable verb`.split(/\s+/),
);
/** The class marked gives a fenced code block: `language-` and the block's language (`c++`, `c#`…). */
const CODE_LANGUAGE_CLASS = /^language-[\w#+.-]+$/;

/** Browsers ignore ASCII whitespace and control characters inside a scheme (`java\tscript:`). */
const IGNORED_IN_SCHEME = /[\u0000-\u0020]/g;
/** An address with a scheme other than http(s) or mailto (a relative address has none). */
const OTHER_SCHEME = /^(?!(?:https?|mailto):)[a-z][a-z\d+.-]*:/i;
/** For every attribute DOMPurify checks as an address: http(s), mailto, or no scheme at all. */
const ALLOWED_URI_REGEXP = /^(?:(?:https?|mailto):|(?![a-z][a-z\d+.-]*:))/i;

/** @param {string} tag @param {string} attribute @param {string} value */
function isAllowedAddress(tag, attribute, value) {
  const compact = value.replace(IGNORED_IN_SCHEME, '');
  if (!OTHER_SCHEME.test(compact)) return true;
  // DOMPurify lets `data:` through on an image's `src`; only images, then.
  return attribute === 'src' && (tag === 'img' || tag === 'source') && /^data:image\//i.test(compact);
}

/** @param {string} value The class names Redoc's Markdown and Prism give code, of those in `value`. */
function codeClasses(value) {
  return value
    .split(/\s+/)
    .filter((name) => name === 'token' || PRISM_TOKEN_TYPES.has(name) || CODE_LANGUAGE_CLASS.test(name))
    .join(' ');
}

/** What every id of a spec's gets before it: never a global a script reads, nor an id of the page's. */
const SPEC_ID_PREFIX = 'user-content-';

/** @type {import('dompurify').UponSanitizeAttributeHook} */
function checkAttribute(node, data) {
  const value = data.attrValue;
  if (/[<>]/.test(value)) {
    data.keepAttr = false;
    return;
  }
  const tag = node.nodeName.toLowerCase();
  switch (data.attrName) {
    case 'class':
      data.attrValue = codeClasses(value);
      if (data.attrValue === '') data.keepAttr = false;
      break;
    case 'id':
    case 'name':
      if (value.includes('/') || (data.attrName === 'name' && tag !== 'a')) data.keepAttr = false;
      else data.attrValue = SPEC_ID_PREFIX + value;
      break;
    case 'headers':
      data.attrValue = value.split(/\s+/).filter(Boolean).map((id) => SPEC_ID_PREFIX + id).join(' ');
      break;
    case 'href':
      if (!isAllowedAddress(tag, data.attrName, value)) data.keepAttr = false;
      // A link to an anchor of the spec's own (Redoc's sections, `#tag/pet`, have a `/`).
      else if (/^#[^/]+$/.test(value)) data.attrValue = `#${SPEC_ID_PREFIX}${value.slice(1)}`;
      break;
    case 'src':
    case 'cite':
      if (!isAllowedAddress(tag, data.attrName, value)) data.keepAttr = false;
      break;
    case 'target':
      if (tag === 'a' && value.toLowerCase() === '_blank') data.attrValue = '_blank';
      else data.keepAttr = false;
      break;
    default:
  }
}

/** @type {import('dompurify').NodeHook} */
function protectOpener(node) {
  const element = /** @type {Element} */ (node);
  // A page opened from a link with a target could otherwise reach back to this one (window.opener).
  if (typeof element.hasAttribute === 'function' && element.hasAttribute('target')) element.setAttribute('rel', 'noopener noreferrer');
}

/** The configuration given to `setConfig`. */
const PROFILE = Object.freeze({
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOWED_URI_REGEXP,
  // The kit and Redoc find a reference's parts by data attributes (`data-section-id`, `data-kit-*`).
  ALLOW_DATA_ATTR: false,
});

/**
 * Gives `purify` (a DOMPurify instance of the kit's own, not a shared one) the profile, and returns it.
 * @template {import('dompurify').DOMPurify} T
 * @param {T} purify
 * @returns {T}
 */
function withSpecProfile(purify) {
  if (typeof purify.setConfig !== 'function') return purify;
  purify.setConfig(PROFILE);
  purify.addHook('uponSanitizeAttribute', checkAttribute);
  purify.addHook('afterSanitizeAttributes', protectOpener);
  return purify;
}

module.exports = {withSpecProfile, PROFILE, PRISM_TOKEN_TYPES, SPEC_ID_PREFIX};
