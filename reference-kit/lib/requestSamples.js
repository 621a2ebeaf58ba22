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
/**
 * `maxBodyDepth`: the deepest request body the writer is given. PHP's indents each level of a body
 * with the indent of the level above written twice, so its output doubles with each level and a
 * body 25 levels deep passes V8's longest string.
 * @typedef {{label: string; lang: string; target: TargetId; client: string; maxBodyDepth?: number}} Language
 */
const LANGUAGES = Object.freeze(/** @satisfies {Record<string, Language>} */ ({
  curl: {label: 'curl', lang: 'shell', target: 'kit', client: 'curl'},
  javascript: {label: 'JavaScript', lang: 'javascript', target: 'javascript', client: 'fetch'},
  node: {label: 'Node.js', lang: 'javascript', target: 'node', client: 'native'},
  python: {label: 'Python', lang: 'python', target: 'python', client: 'requests'},
  go: {label: 'Go', lang: 'go', target: 'go', client: 'native'},
  java: {label: 'Java', lang: 'java', target: 'java', client: 'nethttp'},
  csharp: {label: 'C#', lang: 'csharp', target: 'csharp', client: 'httpclient'},
  php: {label: 'PHP', lang: 'php', target: 'php', client: 'curl', maxBodyDepth: 8},
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
 * A sample the build did not write, and why: the writer would not take the request, or failed.
 * @typedef {{operation: string; language: string; reason: string}} SkippedSample
 */

/**
 * How deep a value nests: 0 for a scalar, 1 for an object or array of scalars. Iterative, as a
 * spec's example may nest deeper than the stack.
 * @param {unknown} value
 */
function nesting(value) {
  let deepest = 0;
  /** @type {[unknown, number][]} */
  const stack = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = /** @type {[unknown, number]} */ (stack.pop());
    if (typeof current !== 'object' || current === null) continue;
    deepest = Math.max(deepest, depth + 1);
    Object.values(current).forEach((child) => stack.push([child, depth + 1]));
  }
  return deepest;
}

/** How deep the request's JSON body nests (0 without one, or for a body that is not JSON). */
function bodyNesting(/** @type {import('../reference/shared/operationRequest').OperationRequest} */ request) {
  if (request.body?.text === undefined || !/json/i.test(request.body.mediaType)) return 0;
  try {
    return nesting(JSON.parse(request.body.text));
  } catch {
    return 0;
  }
}

/**
 * One language's sample of a request, or why there is none: a body deeper than the writer takes,
 * or the writer's own failure, which costs this one sample and not the build.
 * @param {Snippet} snippet
 * @param {Language} language
 * @param {number} depth How deep the request's body nests.
 * @returns {{source: string} | {reason: string}}
 */
function sampleSource(snippet, language, depth) {
  if (language.maxBodyDepth !== undefined && depth > language.maxBodyDepth) {
    return {reason: `its body nests ${depth} levels, and the ${language.label} writer takes ${language.maxBodyDepth}`};
  }
  try {
    const sources = snippet.convert(/** @type {Exclude<TargetId, 'kit'>} */ (language.target), language.client);
    return {source: Array.isArray(sources) && typeof sources[0] === 'string' ? sources[0] : ''};
  } catch (error) {
    return {reason: `the ${language.label} writer failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`};
  }
}

/**
 * The spec with each operation's samples added to its `x-codeSamples`: after the spec's own, and
 * none in a language the spec's own samples already show (its label, or its language: a spec's
 * `Shell` sample stands for curl, its `JavaScript` one for the browser and Node.js). The spec given is not changed:
 * the operations that get samples, and the path items holding them, are copies.
 * @param {any} spec An OpenAPI 3 description, bundled.
 * @param {LanguageId[]} languages
 * @param {string} base The absolute URL a relative server is resolved against.
 * @param {SkippedSample[]} [skipped] Gets the samples not written (skippedSamplesWarning says them).
 */
function withRequestSamples(spec, languages, base, skipped = []) {
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
      const depth = bodyNesting(request);
      const own = Array.isArray(operation['x-codeSamples']) ? operation['x-codeSamples'] : Array.isArray(operation['x-code-samples']) ? operation['x-code-samples'] : [];
      const labels = new Set(own.map((sample) => String(sample?.label ?? sample?.lang ?? '').toLowerCase()));
      const families = new Set(own.map((sample) => kitSampleFamily(sample?.lang)));
      /** @type {{lang: string; label: string; source: string}[]} */
      const added = [];
      languages
        .map((id) => LANGUAGES[id])
        .filter((language) => !labels.has(language.label.toLowerCase()) && !families.has(kitSampleFamily(language.lang)))
        .forEach((language) => {
          const written = language.target === 'kit' ? {source: curlCommand(request)} : sampleSource(snippet, language, depth);
          if ('reason' in written) skipped.push({operation: `${method.toUpperCase()} ${pathName}`, language: language.label, reason: written.reason});
          else if (written.source !== '') added.push({lang: language.lang, label: language.label, source: written.source});
        });
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

/** How many of the samples not written a warning names; it counts the rest. */
const NAMED_SKIPS = 5;

/**
 * The build's warning for the samples of a spec it did not write, or nothing when it wrote them all.
 * @param {string} source The spec's file or URL, as the site's config gives it.
 * @param {SkippedSample[]} skipped
 */
function skippedSamplesWarning(source, skipped) {
  if (skipped.length === 0) return undefined;
  // A path is the spec's text: its control characters are shown escaped, never sent to the terminal.
  const shown = (/** @type {string} */ text) => text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (/** @type {string} */ char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const named = skipped.slice(0, NAMED_SKIPS).map((skip) => shown(`- ${skip.language} for ${skip.operation}: ${skip.reason}`));
  const rest = skipped.length > NAMED_SKIPS ? [`- and ${skipped.length - NAMED_SKIPS} more`] : [];
  return [
    `reference-kit: ${source}: ${skipped.length === 1 ? 'one request sample was' : `${skipped.length} request samples were`} not written; the operations keep their other samples.`,
    ...named,
    ...rest,
  ].join('\n');
}

module.exports = {DEFAULT_LANGUAGES, LANGUAGES, resolveRequestSamples, sampleLanguages, sampleSource, skippedSamplesWarning, withRequestSamples};
