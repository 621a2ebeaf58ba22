/**
 * What is wrong with a value against an OpenAPI schema, in words a developer reads: the mock
 * server's answer to a request whose body does not match its operation (./mock.ts). The keywords
 * an API description uses for a request body, OpenAPI 3.0's and 3.1's: types (with `nullable`),
 * `enum` and `const`, objects' `required`, `properties` and `additionalProperties: false`, arrays'
 * `items` and sizes, strings' lengths and `pattern`, numbers' bounds, and `allOf`, `anyOf`, `oneOf`
 * and `$ref` inside the spec. A keyword it does not know passes: the mock answers rather than
 * refusing a request a real server might take.
 */
import {resolved} from '../../shared/operationRequest';

type Schema = Record<string, unknown>;

/** Past this depth of nested schemas (a recursive one), the value is taken as it is. */
const MAX_DEPTH = 32;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The JSON type of a value, as JSON Schema names it (`integer` for a whole number). */
function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** `1 character`, `2 characters`. */
const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** `/a/0/b` as a reader would write it: `body.a[0].b`. */
function where(path: (string | number)[]): string {
  return path.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? `${text}.${key}` : `${text}[${JSON.stringify(key)}]`), 'body');
}

function typeMatches(expected: unknown, actual: string, nullable: boolean): boolean {
  if (actual === 'null' && nullable) return true;
  const types = Array.isArray(expected) ? expected : [expected];
  return types.some((type) => type === actual || (type === 'number' && actual === 'integer'));
}

function check(spec: unknown, schemaOrRef: unknown, value: unknown, path: (string | number)[], depth: number, errors: string[]): void {
  const schema = resolved(spec, schemaOrRef) as Schema | undefined;
  if (!isObject(schema) || depth > MAX_DEPTH) return;
  const at = where(path);
  const actual = typeOf(value);
  const nullable = schema.nullable === true;

  if (schema.type !== undefined && !typeMatches(schema.type, actual, nullable)) {
    errors.push(`${at} is ${actual === 'null' ? 'null' : `a ${actual}`}; it must be ${Array.isArray(schema.type) ? schema.type.join(' or ') : String(schema.type)}.`);
    return;
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((allowed) => JSON.stringify(allowed) === JSON.stringify(value))) {
    errors.push(`${at} must be one of ${schema.enum.map((allowed) => JSON.stringify(allowed)).join(', ')}.`);
  }
  if ('const' in schema && JSON.stringify(schema.const) !== JSON.stringify(value)) errors.push(`${at} must be ${JSON.stringify(schema.const)}.`);

  if (Array.isArray(schema.allOf)) for (const part of schema.allOf) check(spec, part, value, path, depth + 1, errors);
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const options = schema[keyword];
    if (!Array.isArray(options) || options.length === 0) continue;
    const matching = options.filter((option) => {
      const found: string[] = [];
      check(spec, option, value, path, depth + 1, found);
      return found.length === 0;
    });
    if (matching.length === 0) errors.push(`${at} matches none of the ${options.length} schemas it may be.`);
    else if (keyword === 'oneOf' && matching.length > 1 && !isObject(schema.discriminator)) errors.push(`${at} matches ${matching.length} of the schemas it must match exactly one of.`);
  }

  if (isObject(value)) {
    const properties = isObject(schema.properties) ? schema.properties : {};
    if (Array.isArray(schema.required)) {
      for (const name of schema.required) {
        if (typeof name === 'string' && !Object.prototype.hasOwnProperty.call(value, name)) errors.push(`${where([...path, name])} is required.`);
      }
    }
    for (const [name, item] of Object.entries(value)) {
      if (Object.prototype.hasOwnProperty.call(properties, name)) check(spec, properties[name], item, [...path, name], depth + 1, errors);
      else if (schema.additionalProperties === false) errors.push(`${where([...path, name])} is not a field of this body.`);
      else if (isObject(schema.additionalProperties)) check(spec, schema.additionalProperties, item, [...path, name], depth + 1, errors);
    }
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) errors.push(`${at} needs at least ${count(schema.minItems, 'item')}.`);
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) errors.push(`${at} takes at most ${count(schema.maxItems, 'item')}.`);
    if (schema.items !== undefined) value.forEach((item, index) => check(spec, schema.items, item, [...path, index], depth + 1, errors));
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    if (typeof schema.minLength === 'number' && length < schema.minLength) errors.push(`${at} needs at least ${count(schema.minLength, 'character')}.`);
    if (typeof schema.maxLength === 'number' && length > schema.maxLength) errors.push(`${at} takes at most ${count(schema.maxLength, 'character')}.`);
    if (typeof schema.pattern === 'string') {
      let pattern: RegExp | undefined;
      try {
        pattern = new RegExp(schema.pattern, 'u');
      } catch {
        // A pattern JavaScript cannot read is not the reader's mistake.
      }
      if (pattern && !pattern.test(value)) errors.push(`${at} does not match the pattern ${schema.pattern}.`);
    }
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && (value < schema.minimum || (schema.exclusiveMinimum === true && value === schema.minimum))) errors.push(`${at} must be at least ${schema.minimum}${schema.exclusiveMinimum === true ? ', not equal' : ''}.`);
    if (typeof schema.maximum === 'number' && (value > schema.maximum || (schema.exclusiveMaximum === true && value === schema.maximum))) errors.push(`${at} must be at most ${schema.maximum}${schema.exclusiveMaximum === true ? ', not equal' : ''}.`);
    if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum) errors.push(`${at} must be more than ${schema.exclusiveMinimum}.`);
    if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum) errors.push(`${at} must be less than ${schema.exclusiveMaximum}.`);
  }
}

/**
 * What is wrong with `value` against `schema`, one sentence each, or nothing.
 * @param spec The spec the schema's `$ref`s point into.
 */
export function schemaErrors(spec: unknown, schema: unknown, value: unknown): string[] {
  const errors: string[] = [];
  check(spec, schema, value, [], 0, errors);
  return [...new Set(errors)];
}
