// @ts-check
/**
 * The headings of a spec's descriptions, found at build time instead of on every page load.
 *
 * Redoc's store turns the `#` and `##` headings of the API's description (and of each tag's) into
 * sections of the menu and the content. To find them, its `MarkdownRenderer.extractHeadings`
 * renders the whole description to HTML and throws the HTML away: marked's lexer, cold on the
 * first call, and Prism for every code block: most of the time the store takes, in the task that
 * hydrates the page.
 *
 * The result only depends on the text and the id it is prefixed with, so the build records every
 * extraction a store makes (`recordHeadings`, ./specDataPlugin.js) and ships the results with the
 * spec; the browser's store is built with those results in their place (`replayHeadings`). Any
 * extraction not recorded (other options, another spec) is done by Redoc as before.
 *
 * Plain JavaScript: Node runs it in the build, webpack bundles it for the browser.
 */
const {MarkdownRenderer} = require('redoc');

/**
 * What `extractHeadings` returns, as JSON.
 * @typedef {{id: string; name: string; level: number; items?: DescriptionHeading[]; description?: string}} DescriptionHeading
 */
/**
 * Extraction results by `headingsKey` of their input.
 * @typedef {Record<string, DescriptionHeading[]>} RecordedHeadings
 */
/** @typedef {(this: MarkdownRenderer, rawText: string) => DescriptionHeading[]} Extract */

/**
 * The headings are plain JSON (no `structuredClone` on the older browsers Docusaurus supports).
 * @param {DescriptionHeading[]} headings
 * @returns {DescriptionHeading[]}
 */
const copy = (headings) => JSON.parse(JSON.stringify(headings));

/**
 * FNV-1a over UTF-16 code units: the recorded data stays small, whatever the descriptions' length.
 * @param {string} text
 */
function fnv1a(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/**
 * The headings' ids start with the renderer's `parentId`, so it is part of the key.
 * @param {string | undefined} parentId
 * @param {string} rawText
 */
function headingsKey(parentId, rawText) {
  return `${parentId ?? ''}:${rawText.length}:${fnv1a(rawText)}`;
}

/**
 * Runs `build` with Redoc's `extractHeadings` replaced by `extract`, then puts Redoc's back.
 * @template T
 * @param {(original: Extract) => Extract} extract
 * @param {() => T} build
 * @returns {T}
 */
function withExtract(extract, build) {
  const prototype = /** @type {{extractHeadings: Extract}} */ (/** @type {unknown} */ (MarkdownRenderer.prototype));
  const original = prototype.extractHeadings;
  prototype.extractHeadings = extract(original);
  try {
    return build();
  } finally {
    prototype.extractHeadings = original;
  }
}

/**
 * Every heading extraction `build` makes (building a Redoc store, say), by input.
 * @param {() => unknown} build
 * @returns {RecordedHeadings}
 */
function recordHeadings(build) {
  /** @type {RecordedHeadings} */
  const recorded = {};
  withExtract(
    (original) =>
      function record(rawText) {
        const headings = original.call(this, rawText);
        recorded[headingsKey(this.parentId, rawText)] = copy(headings);
        return headings;
      },
    build,
  );
  return recorded;
}

/**
 * Runs `build` (building a Redoc store) with the recorded extractions answered from `recorded`.
 * @template T
 * @param {RecordedHeadings | undefined} recorded
 * @param {() => T} build
 * @returns {T}
 */
function replayHeadings(recorded, build) {
  if (!recorded) return build();
  return withExtract(
    (original) =>
      function replay(rawText) {
        const headings = recorded[headingsKey(this.parentId, rawText)];
        // A copy: the store's models are built from it, and the recording may serve another store.
        return headings ? copy(headings) : original.call(this, rawText);
      },
    build,
  );
}

module.exports = {recordHeadings, replayHeadings};
