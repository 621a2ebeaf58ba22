/**
 * Loading and walking the sample pet store specs for the Node-only tests in
 * tests/openapi/ (they never open a browser page).
 *
 * OpenAPI 3 sources are bundled with @redocly/openapi-core (the version the
 * `redocly` CLI uses) and the repository's redocly.yaml; the Swagger 2.0 file
 * is plain JSON.
 */
import fs from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import {bundle, lint, loadConfig} from '@redocly/openapi-core';
import type {Config, NormalizedProblem} from '@redocly/openapi-core';

/* The specs are free-form JSON: tests read them through this loose type. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export const REPO = path.resolve(__dirname, '..', '..');
export const CONFIG_FILE = path.join(REPO, 'redocly.yaml');

export const SOURCES = {
  single: 'openapi/single-file/openapi.yaml',
  multi: 'openapi/multi-file/openapi.yaml',
  remote: 'openapi/remote-fallback/openapi.yaml',
  swagger: 'openapi/swagger/swagger.json',
} as const;
export type SourceName = keyof typeof SOURCES;

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

let configPromise: Promise<Config> | undefined;
export function redoclyConfig(): Promise<Config> {
  configPromise ??= loadConfig({configPath: CONFIG_FILE});
  return configPromise;
}

const bundles = new Map<string, Promise<{doc: Json; problems: NormalizedProblem[]}>>();
/** Bundles one source (relative to the repository root) into a single document with local `$ref`s only. */
export function bundled(source: string): Promise<{doc: Json; problems: NormalizedProblem[]}> {
  let result = bundles.get(source);
  if (!result) {
    result = redoclyConfig().then(async (config) => {
      const {bundle: document, problems} = await bundle({ref: path.join(REPO, source), config});
      return {doc: document.parsed, problems};
    });
    bundles.set(source, result);
  }
  return result;
}
export async function bundledDoc(source: string): Promise<Json> {
  return (await bundled(source)).doc;
}

export function readSwagger(): Json {
  return JSON.parse(fs.readFileSync(path.join(REPO, SOURCES.swagger), 'utf8'));
}

/** Lint problems of one source with the repository's redocly.yaml (rules that are `off` report nothing). */
export async function lintProblems(source: string): Promise<NormalizedProblem[]> {
  return lint({ref: path.join(REPO, source), config: await redoclyConfig()});
}

/**
 * Bundles a source with the older @redocly/openapi-core that redocusaurus
 * itself uses at build time (resolved from docusaurus-plugin-redoc), the same
 * way its loadSpecWithConfig does.
 */
export async function bundledByRedocusaurus(source: string): Promise<{doc: Json; problems: NormalizedProblem[]; version: string}> {
  const pluginRequire = createRequire(require.resolve('docusaurus-plugin-redoc'));
  const corePath = pluginRequire.resolve('@redocly/openapi-core');
  const core = pluginRequire(corePath) as typeof import('@redocly/openapi-core');
  const version = (pluginRequire('@redocly/openapi-core/package.json') as {version: string}).version;
  const config = await core.loadConfig({configPath: CONFIG_FILE});
  const {bundle: document, problems} = await core.bundle({ref: path.join(REPO, source), config, base: REPO});
  return {doc: document.parsed, problems, version};
}

/** Value at a local JSON pointer such as `#/components/schemas/Pet`. */
export function pointer(doc: Json, ref: string): Json {
  if (!ref.startsWith('#/')) throw new Error(`not a local ref: ${ref}`);
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((node: Json, key: string) => {
      if (node === undefined || node === null || !(key in node)) throw new Error(`unresolved ref ${ref}`);
      return node[key];
    }, doc);
}

/** Follows `$ref`s until a non-reference node. */
export function follow(doc: Json, node: Json): Json {
  let current = node;
  for (let hops = 0; current && typeof current.$ref === 'string'; hops++) {
    if (hops > 20) throw new Error(`ref loop at ${node.$ref}`);
    current = pointer(doc, current.$ref);
  }
  return current;
}

/**
 * Replaces every local `$ref` (and discriminator mapping value) by a copy of
 * its target, so two documents compare equal whatever their component names.
 * A reference back into a schema that is already being expanded becomes
 * `{$circular: true}`.
 */
export function deref(doc: Json, node: Json, stack: readonly string[] = []): Json {
  if (Array.isArray(node)) return node.map((item) => deref(doc, item, stack));
  if (!node || typeof node !== 'object') return node;
  if (typeof node.$ref === 'string') {
    const ref: string = node.$ref;
    if (!ref.startsWith('#/')) throw new Error(`external ref left after bundling: ${ref}`);
    if (stack.includes(ref)) return {$circular: true};
    return deref(doc, pointer(doc, ref), [...stack, ref]);
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'mapping' && value && typeof value === 'object' && !Array.isArray(value)) {
      out[key] = Object.fromEntries(
        Object.entries(value as Record<string, string>).map(([name, ref]) => [name, deref(doc, {$ref: ref}, stack)]),
      );
    } else {
      out[key] = deref(doc, value, stack);
    }
  }
  return out;
}

export interface Operation {
  method: string;
  path: string;
  operationId: string;
  op: Json;
  /** Path-level parameters of the path item. */
  pathParameters: Json[];
}

/** Every operation of `paths` (not callbacks), in document order. */
export function operations(doc: Json): Operation[] {
  const result: Operation[] = [];
  for (const [p, rawItem] of Object.entries<Json>(doc.paths ?? {})) {
    const item = follow(doc, rawItem);
    for (const method of HTTP_METHODS) {
      if (item[method]) {
        result.push({method, path: p, operationId: item[method].operationId, op: item[method], pathParameters: item.parameters ?? []});
      }
    }
  }
  return result;
}

export function operationById(doc: Json, operationId: string): Operation {
  const found = operations(doc).find((o) => o.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId}`);
  return found;
}

/** Parameters of an operation (path-level ones included), `$ref`s followed. */
export function parametersOf(doc: Json, operation: Operation): Json[] {
  return [...operation.pathParameters, ...(operation.op.parameters ?? [])].map((p) => follow(doc, p));
}

/**
 * The object-level view of a schema: for `allOf` schemas the parts are merged
 * (properties and required lists), `$ref`s followed.
 */
export function flatSchema(doc: Json, schema: Json): {properties: Record<string, Json>; required: string[]; raw: Json} {
  const raw = follow(doc, schema);
  const properties: Record<string, Json> = {};
  const required: string[] = [];
  for (const part of raw.allOf ?? []) {
    const flat = flatSchema(doc, part);
    Object.assign(properties, flat.properties);
    required.push(...flat.required);
  }
  Object.assign(properties, raw.properties ?? {});
  required.push(...(raw.required ?? []));
  return {properties, required, raw};
}

/** Visits every node of a JSON tree with its JSON path. */
export function walk(node: Json, visit: (value: Json, at: string) => void, at = '#'): void {
  visit(node, at);
  if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) walk(value, visit, `${at}/${key}`);
  }
}
