// @ts-check
/**
 * A spec in pieces: one JSON text per operation and per component, so that a section of the
 * reference can be built from the few pieces it shows without parsing the whole spec.
 *
 * The build splits the spec and puts the pieces' texts in bundles of about 48,000 characters
 * (`bucketTexts`), each a module of its own, required the first time a piece in it is read, so
 * that the browser compiles and parses only the bundles a page reads. Past 1,000,000 characters of
 * pieces, the browser fetches the bundles instead, in text files of about 128,000 characters
 * (./specDataPlugin.js: `BUCKET_SIZE`, `FETCHED_PIECES_SIZE`, `FETCHED_FILE_SIZE`; the browser's
 * side is ../reference/shared/pieceStore.ts and ../reference/browser/specParts.ts). The whole spec
 * is the pieces joined again, parsed the first time anything reads it (../theme/useSpecData.ts).
 *
 * What a piece refers to is found in its text, in the browser: every `#/components/<type>/<name>`
 * in it, as a `$ref`, a discriminator's mapping or a `<SchemaDefinition schemaRef="…">` in
 * Markdown. Two things Redoc finds by looking through all schemas are written by the build
 * instead: the schemas that extend a schema of a discriminator's family through `allOf` (Redoc's
 * `findDerived`), and the schemas a tag lists with `x-tags` (Redoc's tag related schemas).
 *
 * Node only (the build); the browser's side is ../reference/shared/pieceStore.ts.
 */

/** Where operations live. */
const OPERATION_CONTAINERS = ['paths', 'webhooks', 'x-webhooks'];
/** The keys of a path item that Redoc reads as operations (Redoc's `isOperationName`, without `$ref`). */
const OPERATION_NAMES = ['get', 'post', 'put', 'head', 'patch', 'delete', 'options'];

/**
 * The spec's pieces, as the build makes them.
 * @typedef {object} SplitSpec
 * @property {string} base The spec without the operations and without the entries of
 *   `components` (its security schemes stay, which every operation may name), as JSON.
 * @property {[string, string, string, string][]} operations `[container, path, method, json]`, in
 *   the spec's order: the method `''` holds the path item's other fields (and the whole item when it
 *   is a `$ref`), then one piece per operation.
 * @property {[string, string, string][]} components `[type, name, json]`, in the spec's order.
 * @property {Record<string, string[]>} derived For the schemas of a discriminator's family
 *   (`schemas/<name>`): the schemas that extend it through `allOf`.
 * @property {Record<string, string[]>} tagged By tag name: the schemas that list it in `x-tags`.
 */
/**
 * The spec's pieces as a page gets them: the JSON texts in bundles (`buckets`), each a module of
 * its own that the browser compiles only when a piece in it is read; each piece by its place.
 * @typedef {object} SpecPieces
 * @property {string} base
 * @property {[string, string, string, number, number][]} operations `[container, path, method, bucket, index]`.
 * @property {[string, string, number, number][]} components `[type, name, bucket, index]`.
 * @property {(() => string[])[]} buckets
 * @property {(bucket: number) => Promise<void> | undefined} [fetching] When the bundles are fetched
 *   (a large spec's, in the browser): the fetch of the file that holds a bundle, started by the first
 *   call, undefined once the file is in; a bundle read before then is fetched synchronously.
 * @property {() => Promise<void>} [fetchingAll] The fetches of every file.
 * @property {Record<string, string[]>} derived
 * @property {Record<string, string[]>} tagged
 * @property {boolean} [page] A page of a spec rendered as pages (./referencePages.js): its whole
 *   spec holds the components its operations and base reach, not every component of the spec.
 */

/** @param {unknown} value @returns {value is Record<string, any>} */
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The `#/components/schemas/<name>` a reference names, as `schemas/<name>`. */
const SCHEMA_REF = /^#\/components\/schemas\/([^/]+)$/;

/**
 * @param {any} spec
 * @returns {SplitSpec}
 */
function splitSpec(spec) {
  /** @type {Record<string, any>} */
  const base = {...spec};
  /** @type {[string, string, string, string][]} */
  const operations = [];
  for (const container of OPERATION_CONTAINERS) {
    const items = spec[container];
    if (!isObject(items)) continue;
    base[container] = {};
    for (const [path, item] of Object.entries(items)) {
      if (!isObject(item) || item.$ref !== undefined) {
        operations.push([container, path, '', JSON.stringify(item)]);
        continue;
      }
      const rest = Object.fromEntries(Object.entries(item).filter(([key]) => !OPERATION_NAMES.includes(key)));
      operations.push([container, path, '', JSON.stringify(rest)]);
      for (const [method, operation] of Object.entries(item)) {
        if (OPERATION_NAMES.includes(method)) operations.push([container, path, method, JSON.stringify(operation)]);
      }
    }
  }
  /** @type {[string, string, string][]} */
  const components = [];
  if (isObject(spec.components)) {
    /** @type {Record<string, any>} */
    const kept = {};
    for (const [type, entries] of Object.entries(spec.components)) {
      if (type === 'securitySchemes' || !isObject(entries)) {
        kept[type] = entries;
        continue;
      }
      kept[type] = {};
      for (const [name, value] of Object.entries(entries)) components.push([type, name, JSON.stringify(value)]);
    }
    base.components = kept;
  }
  const schemas = isObject(spec.components?.schemas) ? spec.components.schemas : {};
  return {base: JSON.stringify(base), operations, components, derived: derivedSchemas(schemas), tagged: taggedSchemas(schemas)};
}

/**
 * The schemas of each discriminator's family with the schemas that extend them: Redoc looks for
 * a schema's subtypes among all schemas (`findDerived`) when the schema, or a schema it extends,
 * has a discriminator.
 * @param {Record<string, any>} schemas
 */
function derivedSchemas(schemas) {
  /** @type {Map<string, string[]>} The schemas that name each schema in their `allOf`. */
  const children = new Map();
  for (const [name, schema] of Object.entries(schemas)) {
    for (const part of Array.isArray(schema?.allOf) ? schema.allOf : []) {
      const token = typeof part?.$ref === 'string' ? SCHEMA_REF.exec(part.$ref)?.[1] : undefined;
      if (token === undefined) continue;
      const parent = componentName(token);
      const list = children.get(parent) ?? [];
      list.push(name);
      children.set(parent, list);
    }
  }
  /** @type {Record<string, string[]>} */
  const derived = {};
  const visit = (/** @type {string} */ name) => {
    if (`schemas/${name}` in derived) return;
    const list = children.get(name) ?? [];
    derived[`schemas/${name}`] = list.map((child) => `schemas/${child}`);
    list.forEach(visit);
  };
  for (const [name, schema] of Object.entries(schemas)) if (isObject(schema?.discriminator)) visit(name);
  for (const key of Object.keys(derived)) if (derived[key]?.length === 0) delete derived[key];
  return derived;
}

/**
 * By tag: the schemas that list it in `x-tags`.
 * @param {Record<string, any>} schemas
 */
function taggedSchemas(schemas) {
  /** @type {Record<string, string[]>} */
  const tagged = {};
  for (const [name, schema] of Object.entries(schemas)) {
    const tags = schema?.['x-tags'];
    if (!Array.isArray(tags)) continue;
    for (const tag of tags) if (typeof tag === 'string') (tagged[tag] ??= []).push(`schemas/${name}`);
  }
  return tagged;
}

/**
 * A component's name from the last token of a reference to it: percent-decoded, then JSON pointer
 * escapes undone, as Redoc's parser reads it.
 * @param {string} token
 */
function componentName(token) {
  let name = token;
  try {
    name = decodeURIComponent(token);
  } catch {
    // Not percent-encoded: the name as written.
  }
  return name.replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * Puts the pieces' texts in bundles of about `size` characters, in order.
 * @param {string[]} texts
 * @param {number} size
 * @returns {{buckets: string[][]; places: [number, number][]}}
 */
function bucketTexts(texts, size) {
  /** @type {string[][]} */
  const buckets = [];
  /** @type {[number, number][]} */
  const places = [];
  let current = /** @type {string[]} */ ([]);
  let length = 0;
  for (const text of texts) {
    if (current.length > 0 && length + text.length > size) {
      buckets.push(current);
      current = [];
      length = 0;
    }
    places.push([buckets.length, current.length]);
    current.push(text);
    length += text.length;
  }
  if (current.length > 0) buckets.push(current);
  return {buckets, places};
}

module.exports = {splitSpec, bucketTexts};
