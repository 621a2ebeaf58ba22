// @ts-check
/**
 * Request samples in the reader's languages, written by the build into each operation's
 * `x-codeSamples`, after the spec's own, so that Redoc shows them in its "Request samples" tabs.
 * Each starts from the operation's request with the values a reader would send first
 * (../reference/shared/operationRequest.js), as an HTTP Archive request, which
 * @readme/httpsnippet writes in each language (the CHANGELOG of 1.3.0 says why that writer). The
 * patch of Redoc remembers the language a reader picks, across operations and pages, by label,
 * else by language (`kitSampleFamily`, which this file uses too).
 */
const fs = require('node:fs');
const path = require('node:path');
const {kitSampleFamily} = require('redoc');
const {METHODS, harRequest, operationRequest} = require('../reference/shared/operationRequest');
const {curlCommand} = require('../reference/shared/curlCommand');

/**
 * The languages the kit can write, by the id the `requestSamples` option names them with: the
 * tab's label, the language Redoc highlights it as, and @readme/httpsnippet's target and client
 * (curl's is the kit's own, which the console writes its requests with too).
 * Each client needs nothing but the language's standard library (Node.js's own `http`, not a
 * package), except Python's (requests) and PHP's (the curl extension), which nearly every
 * installation of them has.
 */
/** @typedef {Parameters<import('@readme/httpsnippet').HTTPSnippet['convert']>[0] | 'kit'} TargetId */
/** @typedef {{label: string; lang: string; target: TargetId; client: string}} Language */
const LANGUAGES = Object.freeze(/** @satisfies {Record<string, Language>} */ ({
  curl: {label: 'curl', lang: 'shell', target: 'kit', client: 'curl'},
  javascript: {label: 'JavaScript', lang: 'javascript', target: 'javascript', client: 'fetch'},
  node: {label: 'Node.js', lang: 'javascript', target: 'node', client: 'native'},
  python: {label: 'Python', lang: 'python', target: 'python', client: 'requests'},
  go: {label: 'Go', lang: 'go', target: 'go', client: 'native'},
  java: {label: 'Java', lang: 'java', target: 'java', client: 'nethttp'},
  csharp: {label: 'C#', lang: 'csharp', target: 'csharp', client: 'httpclient'},
  php: {label: 'PHP', lang: 'php', target: 'php', client: 'curl'},
  ruby: {label: 'Ruby', lang: 'ruby', target: 'ruby', client: 'native'},
}));

/** @typedef {keyof typeof LANGUAGES} LanguageId */
/**
 * The kit preset's `requestSamples` option: `false` for none, or the languages, in tab order.
 * @typedef {false | {languages?: LanguageId[]}} RequestSamplesOption
 */

/** @type {LanguageId[]} */
const DEFAULT_LANGUAGES = /** @type {LanguageId[]} */ (Object.keys(LANGUAGES));

/**
 * The languages Redoc highlights the samples of `languages` as (a site that keeps only some of
 * Prism's grammars keeps these).
 * @param {LanguageId[]} languages
 */
function sampleLanguages(languages) {
  return [...new Set(languages.map((id) => LANGUAGES[id].lang))];
}

/**
 * The option checked: the languages to write, in order, or none.
 * @param {unknown} option
 * @returns {LanguageId[]}
 */
function resolveRequestSamples(option) {
  if (option === false) return [];
  if (option === undefined || option === true) return DEFAULT_LANGUAGES;
  const languages = typeof option === 'object' && option !== null && 'languages' in option ? /** @type {{languages: unknown}} */ (option).languages : undefined;
  if (option === null || typeof option !== 'object' || (languages !== undefined && !Array.isArray(languages))) {
    throw new Error("reference-kit: the `requestSamples` option is `false` or `{languages: [...]}`, for instance `{languages: ['curl', 'python']}`.");
  }
  if (!Array.isArray(languages)) return DEFAULT_LANGUAGES;
  const unknown = languages.filter((id) => typeof id !== 'string' || !Object.prototype.hasOwnProperty.call(LANGUAGES, id));
  if (unknown.length > 0) {
    throw new Error(
      `reference-kit: \`requestSamples.languages\` names ${unknown.map((id) => JSON.stringify(id)).join(', ')}, which the kit does not write. ` +
        `It writes ${DEFAULT_LANGUAGES.join(', ')}.`,
    );
  }
  return [...new Set(/** @type {LanguageId[]} */ (languages))];
}

/** @typedef {import('@readme/httpsnippet').HTTPSnippet} Snippet */
/** @type {typeof import('@readme/httpsnippet').HTTPSnippet | undefined} */
let Snippets;

/** @readme/httpsnippet, loaded the first time a spec needs it, or the build's error saying what to do. */
function snippetClass() {
  if (Snippets) return Snippets;
  try {
    Snippets = require('@readme/httpsnippet').HTTPSnippet;
  } catch (error) {
    // The version the kit was made with, from the packages its package.json asks the site to install.
    const {sitePackages} = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8'));
    const install = `npm install --save-exact @readme/httpsnippet@${sitePackages['@readme/httpsnippet']}`;
    const message =
      `reference-kit: the request samples are written with @readme/httpsnippet, which this site does not have: run \`${install}\`, ` +
      "or set `requestSamples: false` in the kit's entry.";
    const failure = Object.assign(new Error(message), {cause: error});
    // What to do is the whole message; a stack trace of the kit's loading would bury it.
    failure.stack = message;
    throw failure;
  }
  return /** @type {typeof import('@readme/httpsnippet').HTTPSnippet} */ (Snippets);
}

/**
 * One language's sample of a request, or nothing where the writer has none.
 * @param {Snippet} snippet
 * @param {(typeof LANGUAGES)[LanguageId]} language
 */
function sampleSource(snippet, language) {
  if (language.target === 'kit') return '';
  const sources = snippet.convert(language.target, language.client);
  return Array.isArray(sources) && typeof sources[0] === 'string' ? sources[0] : '';
}

/**
 * The spec with each operation's samples added to its `x-codeSamples`: after the spec's own, and
 * none in a language the spec's own samples already show (its label, or its language: a spec's
 * `Shell` sample stands for curl, its `JavaScript` one for the browser and Node.js). The spec given is not changed:
 * the operations that get samples, and the path items holding them, are copies.
 * @param {any} spec An OpenAPI 3 description, bundled.
 * @param {LanguageId[]} languages
 * @param {string} base The absolute URL a relative server is resolved against.
 */
function withRequestSamples(spec, languages, base) {
  if (languages.length === 0 || typeof spec?.paths !== 'object' || spec.paths === null) return spec;
  const Snippet = snippetClass();
  /**
   * A path item with its operations' samples added.
   * @param {string} pathName
   * @param {unknown} pathItem
   */
  const withSamples = (pathName, pathItem) => {
    if (typeof pathItem !== 'object' || pathItem === null || Array.isArray(pathItem)) return pathItem;
    /** @type {Record<string, any>} */
    const item = {...pathItem};
    for (const method of METHODS) {
      const operation = Object.prototype.hasOwnProperty.call(item, method) ? item[method] : undefined;
      if (typeof operation !== 'object' || operation === null || Array.isArray(operation) || '$ref' in operation) continue;
      const request = operationRequest(spec, pathName, method, {base});
      if (!request) continue;
      // The writer's type asks for `postData` always; HAR, and the writer itself, take a request without a body.
      const snippet = new Snippet(/** @type {import('@readme/httpsnippet').HarRequest} */ (harRequest(request)));
      const own = Array.isArray(operation['x-codeSamples']) ? operation['x-codeSamples'] : Array.isArray(operation['x-code-samples']) ? operation['x-code-samples'] : [];
      const labels = new Set(own.map((sample) => String(sample?.label ?? sample?.lang ?? '').toLowerCase()));
      const families = new Set(own.map((sample) => kitSampleFamily(sample?.lang)));
      const added = languages
        .map((id) => LANGUAGES[id])
        .filter((language) => !labels.has(language.label.toLowerCase()) && !families.has(kitSampleFamily(language.lang)))
        .map((language) => ({lang: language.lang, label: language.label, source: language.target === 'kit' ? curlCommand(request) : sampleSource(snippet, language)}))
        .filter((sample) => sample.source !== '');
      // `x-code-samples` is Redoc's older spelling; one list, under the name Redoc reads first.
      const copy = {...operation, 'x-codeSamples': [...own, ...added]};
      delete copy['x-code-samples'];
      item[method] = copy;
    }
    return item;
  };
  // fromEntries defines each key as the spec's own, `__proto__` included.
  const paths = Object.fromEntries(Object.entries(spec.paths).map(([pathName, pathItem]) => [pathName, withSamples(pathName, pathItem)]));
  return {...spec, paths};
}

module.exports = {DEFAULT_LANGUAGES, LANGUAGES, resolveRequestSamples, sampleLanguages, withRequestSamples};
