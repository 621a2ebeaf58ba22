// @ts-check
/**
 * Limits on the schema models Redoc builds for a reference, and the error a spec past them gets.
 *
 * Redoc 2.1.4, as the kit patches it (../patches/redoc+2.1.4.patch), models a schema's fields when
 * they are rendered, so the cost of a page follows what it shows. Two things can still grow with
 * the schema graph, and the patch reads limits for both from `kitLimits` on Redoc's options:
 * - options that expand fields by themselves (`schemaExpansionLevel`, `expandSingleSchemaField`):
 *   once the render has built `autoExpandModels` models, they expand no further fields, which stay
 *   collapsed for the reader to open;
 * - alternatives (`oneOf`, `anyOf`) and array items, which Redoc models with their schema, as its
 *   labels need them: alternatives that refer to each other are modelled for every path through
 *   them. Past `maxModelsPerSchema` models for one schema, the patch throws, and `modelLimitError`
 *   turns that into an error that names the spec, the schema and what to do.
 * The server's render of a reference sets them (../reference/server/BuiltReference.tsx), and the
 * build models every named schema of a spec with them (`checkNamedSchemas`, ./specDataPlugin.js).
 *
 * Plain JavaScript: Node runs it in the build, webpack bundles it for the server render.
 */
const {SchemaModel} = require('redoc');

/**
 * Far above what a real schema needs of its own, and below what runs Node out of memory: the
 * kit's CHANGELOG (1.2.1) has the counts they were chosen by.
 * @typedef {{maxModelsPerSchema: number; autoExpandModels?: number}} ModelLimits
 * @type {Readonly<Required<ModelLimits>>}
 */
const MODEL_LIMITS = {maxModelsPerSchema: 5_000, autoExpandModels: 5_000};

/**
 * What the patch counts in: the limits, and the models built so far.
 * @typedef {ModelLimits & {built: number; depth: number}} KitLimits
 */

/**
 * Sets the limits on Redoc's options (a `RedocNormalizedOptions`), with a count from zero.
 * @template {object} T
 * @param {T} options
 * @param {ModelLimits} [limits]
 * @returns {T & {kitLimits: KitLimits}}
 */
function withModelLimits(options, limits = MODEL_LIMITS) {
  return Object.assign(options, {kitLimits: {...limits, built: 0, depth: 0}});
}

/**
 * What the patch attaches to its error.
 * @typedef {{pointer: string; last: string; refs: string[]; maxModelsPerSchema: number}} LimitDetails
 */

/**
 * The `$ref`s from the schema to the model that went past the limit, the middle left out.
 * @param {string[]} refs
 */
function shortPath(refs) {
  const shown = refs.length > 8 ? [...refs.slice(0, 4), `… ${refs.length - 8} more …`, ...refs.slice(-4)] : refs;
  return shown.join(' > ');
}

/**
 * The error to report for a spec whose schema went past `maxModelsPerSchema`, or undefined when
 * `error` is not that.
 * @param {unknown} error
 * @param {string} source The spec's file or URL, as the site's config names it.
 * @returns {Error | undefined}
 */
function modelLimitError(error, source) {
  const details = /** @type {{kitLimit?: LimitDetails}} */ (error ?? {}).kitLimit;
  if (!details) return undefined;
  const names = [...new Set(details.refs.map((ref) => /^#\/components\/schemas\/([^/]+)$/.exec(ref)?.[1]).filter(Boolean))];
  return Object.assign(
    new Error(
      `reference-kit: the spec ${source} cannot be rendered within limits. ` +
        `Modelling its schema ${details.pointer} built more than ${details.maxModelsPerSchema} of Redoc's schema models: ` +
        `its oneOf/anyOf alternatives or array items refer to each other, and Redoc models them for every path through them ` +
        `(the last model at ${details.last}, through ${shortPath(details.refs) || 'no $ref'}).\n` +
        `What to do: make the alternatives at ${details.pointer} reach each other through properties (Redoc models a ` +
        `property when it is shown), or a discriminator, rather than through nested oneOf/anyOf; or list the schemas Redoc ` +
        `should not expand in its \`ignoreNamedSchemas\` option` +
        (names.length ? ` (the schemas on that path: ${names.slice(0, 6).join(', ')})` : '') +
        '.',
    ),
    {cause: error},
  );
}

/**
 * Models every schema of `components.schemas` with the limits, as the reference would when it shows
 * it: so that a spec past them fails the build, naming its file, whether or not a page shows the
 * schema. Only the schemas: their fields are modelled when shown, and counted then.
 * @param {{parser: import('redoc').OpenAPIParser; options: import('redoc').RedocNormalizedOptions}} spec The store's `spec`.
 * @param {string} source The spec's file or URL, for the error.
 * @param {ModelLimits} [limits]
 */
function checkNamedSchemas({parser, options}, source, limits = MODEL_LIMITS) {
  const limited = withModelLimits(Object.create(options), {maxModelsPerSchema: limits.maxModelsPerSchema});
  const schemas = parser.spec.components?.schemas ?? {};
  for (const name of Object.keys(schemas)) {
    const pointer = `#/components/schemas/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    try {
      new SchemaModel(parser, {$ref: pointer}, pointer, limited);
    } catch (error) {
      throw modelLimitError(error, source) ?? error;
    }
  }
  return limited.kitLimits.built;
}

module.exports = {MODEL_LIMITS, withModelLimits, modelLimitError, checkNamedSchemas};
