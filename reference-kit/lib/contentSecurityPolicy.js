// @ts-check
/**
 * A Content-Security-Policy for every page the build writes, as a `<meta>` at the top of its
 * `<head>`: a static host may let a site set no response headers (GitHub Pages sets none). Defence
 * in depth behind the sanitized spec HTML: should a spec's markup reach a page, the browser runs no
 * inline script but Docusaurus's own, no inline event handler or `javascript:` URL, no script from
 * another site, and loads nothing from another site but what the policy names.
 *
 * Docusaurus's own inline scripts (the colour mode before first paint and the announcement bar's
 * state, written before its root element; the base-URL banner in the home page's `<head>`; what
 * plugins add to `<head>` or before the root) are allowed by their SHA-256. They are recognised by
 * where they start in the page's source: before the root element (`<div id="__docusaurus">`).
 * Everything a page renders, a spec's reference included, is inside that element, so it starts after
 * it in the source, however its markup nests or fails to; no script from there is ever hashed. (What
 * a page puts in `<head>` through Helmet, such as a spec's title, is escaped text; no component of
 * the kit writes a script there.) The page is read with an HTML parser (parse5, as Redoc's jsdom
 * resolves it), never a pattern.
 *
 * Options (the kit preset's `contentSecurityPolicy`): `false` writes no policy; an object's `extend`
 * adds sources to directives and its `override` replaces a directive's sources (`false` leaves the
 * directive out). Directives a `<meta>` policy cannot carry are refused with the header to use.
 */
const crypto = require('node:crypto');

/**
 * A policy: each directive's sources, in the order they are written.
 * @typedef {Record<string, string[]>} Directives
 */
/**
 * The kit preset's `contentSecurityPolicy` option.
 * @typedef {object} ContentSecurityPolicyOptions
 * @property {Record<string, string[]>} [extend] Sources added to a directive (to the kit's own, or
 *   to those of the directive it falls back to, as `default-src` for `img-src`). A directive's
 *   `'none'` goes once it has another source.
 * @property {Record<string, string[] | false>} [override] A directive's sources, in place of the
 *   kit's; `false` leaves the directive out of the policy.
 */
/** @typedef {boolean | ContentSecurityPolicyOptions | undefined} ContentSecurityPolicyOption */

/** The kit's policy. `style-src 'unsafe-inline'`: styled-components adds style elements as Redoc renders, and the server's HTML has style attributes. */
const DEFAULT_DIRECTIVES = Object.freeze({
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  // Redoc's search box (off by default) runs its index in a worker made from a blob: only a running script can make one.
  'worker-src': ["'self'", 'blob:'],
  'form-action': ["'self'"],
  'frame-src': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
});

/** Where a fetch directive falls back to when the policy lacks it (CSP Level 3). */
const FALLBACK = /** @type {Record<string, string[]>} */ ({
  'script-src-elem': ['script-src', 'default-src'],
  'script-src-attr': ['script-src', 'default-src'],
  'style-src-elem': ['style-src', 'default-src'],
  'style-src-attr': ['style-src', 'default-src'],
  'worker-src': ['child-src', 'script-src', 'default-src'],
  'frame-src': ['child-src', 'default-src'],
  'fenced-frame-src': ['frame-src', 'child-src', 'default-src'],
  'child-src': ['default-src'],
  'script-src': ['default-src'],
  'style-src': ['default-src'],
  'img-src': ['default-src'],
  'font-src': ['default-src'],
  'connect-src': ['default-src'],
  'media-src': ['default-src'],
  'object-src': ['default-src'],
  'manifest-src': ['default-src'],
});

/** The directives a `<meta>` policy can carry; anything else is a typo or ignored by browsers. */
const KNOWN_DIRECTIVES = new Set([
  'default-src',
  ...Object.keys(FALLBACK),
  'base-uri',
  'form-action',
  'upgrade-insecure-requests',
  'block-all-mixed-content',
  'require-trusted-types-for',
  'trusted-types',
  'webrtc',
]);

/** Directives browsers ignore in a `<meta>` policy, logging an error: they work only as response headers. */
const HEADER_ONLY = new Set(['frame-ancestors', 'report-uri', 'report-to', 'sandbox']);

/** Keywords a reader may write without their single quotes. */
const KEYWORDS = new Set([
  'self',
  'none',
  'unsafe-inline',
  'unsafe-eval',
  'unsafe-hashes',
  'strict-dynamic',
  'report-sample',
  'wasm-unsafe-eval',
  'inline-speculation-rules',
  'script',
]);

const OPTION = 'reference-kit: the `contentSecurityPolicy` option';

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
const isPlainObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A directive's name, checked.
 * @param {string} name
 * @param {'extend' | 'override'} where
 */
function checkDirectiveName(name, where) {
  if (HEADER_ONLY.has(name)) {
    throw new Error(
      `${OPTION}: \`${where}\` names \`${name}\`, which browsers ignore in a <meta> policy (and log an error for). ` +
        'Set it in a Content-Security-Policy response header on your host instead (the kit\'s README says how).',
    );
  }
  if (!KNOWN_DIRECTIVES.has(name)) {
    throw new Error(`${OPTION}: \`${where}\` names \`${name}\`, which is not a directive a <meta> policy takes: one of ${[...KNOWN_DIRECTIVES].sort().join(', ')}.`);
  }
}

/**
 * A directive's sources, checked.
 * @param {unknown} sources
 * @param {string} where
 * @returns {string[]}
 */
function checkSources(sources, where) {
  if (!Array.isArray(sources)) throw new Error(`${OPTION}: \`${where}\` must be a list of sources, such as ["'self'", "https://cdn.example.com"].`);
  return sources.map((source) => {
    if (typeof source !== 'string' || source === '' || /[\s;,"]/.test(source)) {
      throw new Error(`${OPTION}: \`${where}\` has ${JSON.stringify(source)}; a source is one word, without spaces, semicolons, commas or double quotes.`);
    }
    if (KEYWORDS.has(source.toLowerCase())) {
      throw new Error(`${OPTION}: \`${where}\` has ${JSON.stringify(source)}; a keyword keeps its single quotes: "'${source.toLowerCase()}'".`);
    }
    return source;
  });
}

/**
 * Sources without `'none'` once there is another, deduplicated.
 * @param {string[]} sources
 */
function merged(sources) {
  const unique = [...new Set(sources)];
  return unique.length > 1 ? unique.filter((source) => source !== "'none'") : unique;
}

/**
 * The policy the option asks for, or `false` for none. Throws, naming the option and what is wrong,
 * when the option is not what it should be.
 * @param {unknown} option
 * @returns {false | Directives}
 */
function resolveContentSecurityPolicy(option) {
  if (option === false) return false;
  /** @type {Directives} */
  const directives = Object.fromEntries(Object.entries(DEFAULT_DIRECTIVES).map(([name, sources]) => [name, [...sources]]));
  if (option === undefined || option === true) return directives;
  if (!isPlainObject(option)) {
    throw new Error(`${OPTION} must be false (no policy), true or left out (the kit's policy), or an object with \`extend\` and/or \`override\`; got ${JSON.stringify(option)}.`);
  }
  const unknown = Object.keys(option).filter((key) => key !== 'extend' && key !== 'override');
  if (unknown.length > 0) throw new Error(`${OPTION} takes \`extend\` and \`override\`, not ${unknown.map((key) => `\`${key}\``).join(', ')}.`);
  const {extend = {}, override = {}} = option;
  if (!isPlainObject(extend)) throw new Error(`${OPTION}: \`extend\` must be an object of directives, such as {'img-src': ['https://cdn.example.com']}.`);
  if (!isPlainObject(override)) throw new Error(`${OPTION}: \`override\` must be an object of directives, such as {'frame-src': ['https://www.youtube-nocookie.com']}.`);

  for (const [name, sources] of Object.entries(override)) {
    const where = `override['${name}']`;
    checkDirectiveName(name, 'override');
    if (sources === false) {
      // The hashes of Docusaurus's inline scripts go in script-src: without it, they would be blocked.
      if (name === 'script-src') throw new Error(`${OPTION}: \`${where}\` cannot be false: the policy needs script-src for Docusaurus's own inline scripts; extend or override it instead.`);
      delete directives[name];
      continue;
    }
    const checked = checkSources(sources, where);
    if (checked.includes("'none'") && checked.length > 1) throw new Error(`${OPTION}: \`${where}\` has 'none' with other sources, which browsers ignore.`);
    directives[name] = checked;
  }
  for (const [name, sources] of Object.entries(extend)) {
    const where = `extend['${name}']`;
    checkDirectiveName(name, 'extend');
    const checked = checkSources(sources, where);
    const fallback = (FALLBACK[name] ?? []).find((other) => directives[other]);
    const base = directives[name] ?? (fallback ? directives[fallback] ?? [] : []);
    directives[name] = merged([...base, ...checked]);
  }
  return directives;
}

/**
 * The policy with `sources` added to `connect-src` (or to what it falls back to): where the
 * operations' consoles send requests (./serverOrigins.js).
 * @param {Directives} directives
 * @param {string[]} sources
 * @returns {Directives}
 */
function withConnectSources(directives, sources) {
  if (sources.length === 0) return directives;
  const fallback = (FALLBACK['connect-src'] ?? []).find((other) => directives[other]);
  const base = directives['connect-src'] ?? (fallback ? directives[fallback] ?? [] : []);
  return {...directives, 'connect-src': merged([...base, ...sources])};
}

/** parse5 (./parse5.js), loaded when first needed. */
function loadParser() {
  /** @type {typeof import('parse5')} */
  const parse5 = require('./parse5');
  return parse5;
}
/** @type {typeof import('parse5') | undefined} */
let parser;

/** @typedef {import('parse5').DefaultTreeAdapterMap['element']} Element */
/** @typedef {import('parse5').DefaultTreeAdapterMap['parentNode']} ParentNode */
/** @typedef {import('parse5').DefaultTreeAdapterMap['document']} Document */

/**
 * @param {{nodeName: string}} node
 * @returns {node is Element}
 */
const isElement = (node) => 'tagName' in node;

/**
 * The elements of `node`, in the order of the tree, with their content; not inside `<template>`,
 * whose content is inert.
 * @param {ParentNode} node
 * @returns {Generator<Element>}
 */
function* elements(node) {
  for (const child of node.childNodes) {
    if (!isElement(child)) continue;
    yield child;
    yield* elements(child);
  }
}

/** The root element's start tag as Docusaurus's template writes it: only a hint of where to stop parsing. */
const ROOT_TAG = '<div id="__docusaurus">';

/**
 * Where the first element with the root's id starts in the source of `document`, or Infinity.
 * @param {Document} document
 */
function rootStartIn(document) {
  let rootStart = Infinity;
  for (const element of elements(document)) {
    const start = element.sourceCodeLocation?.startOffset;
    if (start !== undefined && start < rootStart && element.attrs.some(({name, value}) => name === 'id' && value === '__docusaurus')) rootStart = start;
  }
  return rootStart;
}

/**
 * A built page as the policy reads it: the page's tree up to its root element at least, and where
 * that element starts in its source.
 *
 * Only what comes before the root element matters, so the parser first reads the page up to the
 * first occurrence of the template's root tag (a large page is megabytes after it). That text is
 * only a guess: the parser must find the root element starting there, else the whole page is
 * parsed (the text was in a script or an attribute before the root, say).
 * @param {string} html
 * @returns {{document: Document; rootStart: number} | undefined} Undefined for an HTML file that is
 *   not a page Docusaurus rendered (one of `static/`, say), which has no root element.
 */
function readPage(html) {
  parser ??= loadParser();
  const guess = html.indexOf(ROOT_TAG);
  if (guess !== -1) {
    const document = parser.parse(html.slice(0, guess + ROOT_TAG.length), {sourceCodeLocationInfo: true});
    if (rootStartIn(document) === guess) return {document, rootStart: guess};
  }
  const document = parser.parse(html, {sourceCodeLocationInfo: true});
  const rootStart = rootStartIn(document);
  return rootStart === Infinity ? undefined : {document, rootStart};
}

/**
 * The text of each inline script Docusaurus wrote in the page: every `<script>` without `src` that
 * starts before the root element, and is not in `<noscript>` (whose content a browser running
 * scripts reads as text) or `<template>`. A script whose place in the source is at or after the root
 * element's start is the page's content, which a spec may have written: never returned.
 * @param {Document} document
 * @param {number} rootStart
 * @returns {string[]}
 */
function ownInlineScripts(document, rootStart) {
  /** @type {string[]} */
  const scripts = [];
  /** @param {ParentNode} node */
  const visit = (node) => {
    for (const child of node.childNodes) {
      if (!isElement(child)) continue;
      const start = child.sourceCodeLocation?.startOffset;
      // Whatever starts at the root element or after it (or has no place in the source) is content.
      if (start === undefined || start >= rootStart) continue;
      if (child.tagName === 'noscript' || child.tagName === 'template') continue;
      if (child.tagName === 'script') {
        if (!child.attrs.some(({name}) => name === 'src')) {
          scripts.push(child.childNodes.map((text) => ('value' in text ? text.value : '')).join(''));
        }
        continue;
      }
      visit(child);
    }
  };
  visit(document);
  return scripts;
}

/**
 * The text of each inline script of `html` that the policy allows (see `ownInlineScripts`), or
 * undefined when `html` is not a page Docusaurus rendered.
 * @param {string} html
 */
function docusaurusInlineScripts(html) {
  const page = readPage(html);
  return page && ownInlineScripts(page.document, page.rootStart);
}

/**
 * The hash source of a script's text, as a browser computes it (SHA-256 of its UTF-8).
 * @param {string} script
 */
const hashSource = (script) => `'sha256-${crypto.createHash('sha256').update(script, 'utf8').digest('base64')}'`;

/**
 * The policy's text for a page whose own inline scripts are `scripts`.
 * @param {Directives} directives
 * @param {string[]} scripts
 */
function policyText(directives, scripts) {
  const hashes = [...new Set(scripts.map(hashSource))];
  return Object.entries(directives)
    .map(([name, sources]) => {
      // Hashes go where scripts are checked: script-src, and script-src-elem when a reader adds it.
      const all = name === 'script-src' || name === 'script-src-elem' ? merged([...sources, ...hashes]) : sources;
      return [name, ...all].join(' ');
    })
    .join('; ');
}

/**
 * The policy `directives` ask for on the page `html`, with the hashes of its own inline scripts; or
 * undefined when `html` is not a page Docusaurus rendered.
 * @param {string} html
 * @param {Directives} [directives] The kit's policy when not given.
 */
function policyFor(html, directives = resolveContentSecurityPolicy(undefined) || {}) {
  const scripts = docusaurusInlineScripts(html);
  return scripts && policyText(directives, scripts);
}

/** @param {string} text */
const escapeAttribute = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * `html` with its policy as a `<meta>` at the top of its `<head>`, where it covers every element
 * that follows: right after `<meta charset>` when that comes first (the encoding must be declared
 * in the first 1024 bytes, and the policy can be long), else first. An HTML file that is not a page
 * Docusaurus rendered is returned unchanged.
 * @param {string} html
 * @param {Directives} directives
 * @param {string} [file] The page's file, for the error.
 */
function withContentSecurityPolicy(html, directives, file = 'a built page') {
  const page = readPage(html);
  if (!page) return html;
  const {document, rootStart} = page;
  const htmlElement = document.childNodes.find(isElement);
  const head = htmlElement?.childNodes.find((child) => isElement(child) && child.tagName === 'head');
  const headTag = head && isElement(head) ? head.sourceCodeLocation?.startTag : undefined;
  if (!head || !isElement(head) || !headTag) throw new Error(`reference-kit: ${file} has no <head> for its Content-Security-Policy.`);
  const first = head.childNodes.find(isElement);
  const charset = first?.tagName === 'meta' && first.attrs.some(({name}) => name === 'charset') ? first.sourceCodeLocation : undefined;
  const at = charset?.endOffset ?? headTag.endOffset;
  const meta = `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(policyText(directives, ownInlineScripts(document, rootStart)))}">`;
  return html.slice(0, at) + meta + html.slice(at);
}

module.exports = {
  DEFAULT_DIRECTIVES,
  resolveContentSecurityPolicy,
  docusaurusInlineScripts,
  policyFor,
  withConnectSources,
  withContentSecurityPolicy,
};
