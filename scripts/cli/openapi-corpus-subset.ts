/**
 * Writes one document of the OpenAPI corpus (tests/fixtures/openapi-corpus/) from the file in its
 * published npm package:
 *
 *   npm pack @octokit/openapi@23.0.2 && tar xzf octokit-openapi-23.0.2.tgz
 *   node --import tsx scripts/cli/openapi-corpus-subset.ts github package/generated/api.github.com.json
 *
 * It keeps the operations of the tags listed for the document in scripts/sites/openapiCorpus.ts (all of
 * them when none are listed), drops webhooks, and keeps only the reusable components (schemas, parameters,
 * responses, examples…; Swagger 2.0's definitions, parameters and responses) that the kept document
 * references, directly or through other components, so the result is valid and no larger than it
 * needs to be. Security schemes are kept whole: operations name them, they do not `$ref` them.
 */
import fs from 'node:fs';
import path from 'node:path';
import {parseYaml, stringifyYaml} from '@redocly/openapi-core';
import {corpusDocument, type CorpusDocument} from '../sites/openapiCorpus';
import {REDOC_METHODS, documentOperations} from '../sites/openapiOperations';
import {REPO_ROOT} from '../repoRoot';

type Json = Record<string, unknown>;

/** Where reusable parts live: OpenAPI 3 under `components`, Swagger 2.0 at the top level. */
const REUSABLE_OPENAPI = [
  ...['schemas', 'responses', 'parameters', 'examples'],
  ...['requestBodies', 'headers', 'links', 'callbacks'],
];
const REUSABLE_SWAGGER = ['definitions', 'parameters', 'responses'];

/** `#/components/schemas/a~1b` → ['components', 'schemas', 'a/b']. */
function pointerTokens(ref: string): string[] {
  return ref
    .slice(2)
    .split('/')
    .map((token) => decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Every local `$ref` under `node`. */
function localRefs(node: unknown, refs: Set<string>): void {
  if (Array.isArray(node)) {
    node.forEach((item) => localRefs(item, refs));
  } else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/')) refs.add(value);
      else localRefs(value, refs);
    }
  }
}

/** The containers of reusable parts in `document`: `components.schemas`, or Swagger 2.0's `definitions`. */
function reusableContainers(document: Json): {prefix: string[]; container: Json}[] {
  if (typeof document.swagger === 'string') {
    return REUSABLE_SWAGGER.filter((name) => document[name]).map((name) => ({
      prefix: [name],
      container: document[name] as Json,
    }));
  }
  const components = (document.components ?? {}) as Json;
  return REUSABLE_OPENAPI.filter((name) => components[name]).map((name) => ({
    prefix: ['components', name],
    container: components[name] as Json,
  }));
}

/** Keeps only the operations of `tags` (every operation when undefined), and the path items that still have one. */
function keepOperations(document: Json, tags: readonly string[] | undefined): void {
  if (!tags) return;
  const wanted = new Set(tags);
  const paths = document.paths as Record<string, Json>;
  for (const [pathName, item] of Object.entries(paths)) {
    for (const method of [...REDOC_METHODS, 'trace']) {
      const operation = item[method] as Json | undefined;
      const tags = (operation?.tags as string[] | undefined) ?? [];
      if (operation && !tags.some((tag) => wanted.has(tag))) delete item[method];
    }
    if (!REDOC_METHODS.some((method) => item[method])) delete paths[pathName];
  }
  if (Array.isArray(document.tags)) {
    document.tags = (document.tags as Json[]).filter((tag) => wanted.has(tag.name as string));
  }
  const missing = tags.filter((tag) => !documentOperations(document).some((operation) => operation.tags.includes(tag)));
  if (missing.length > 0) throw new Error(`No operation is tagged ${missing.map((tag) => `"${tag}"`).join(', ')}.`);
}

/** Drops every reusable part that nothing outside the reusable parts reaches through `$ref`s. */
function pruneComponents(document: Json): void {
  const containers = reusableContainers(document);

  // Seeds: the references made by everything that is not itself a reusable part.
  const pending: string[] = [];
  const skeleton = {...document, components: {...((document.components ?? {}) as Json)}} as Json;
  for (const {prefix} of containers) {
    if (prefix.length === 1) delete skeleton[prefix[0]!];
    else delete (skeleton.components as Json)[prefix[1]!];
  }
  const seeds = new Set<string>();
  localRefs(skeleton, seeds);
  pending.push(...seeds);

  const reached = new Set<string>();
  while (pending.length > 0) {
    const ref = pending.pop()!;
    const tokens = pointerTokens(ref);
    const owner = containers.find(
      ({prefix}) => tokens.length > prefix.length && prefix.every((token, index) => tokens[index] === token),
    );
    if (!owner) continue; // a reference into the paths, kept as they are
    const name = tokens[owner.prefix.length]!;
    const key = JSON.stringify([...owner.prefix, name]);
    if (reached.has(key)) continue;
    reached.add(key);
    const target = owner.container[name];
    if (target === undefined) throw new Error(`Unresolved $ref ${ref}`);
    const next = new Set<string>();
    localRefs(target, next);
    pending.push(...next);
  }

  for (const {prefix, container} of containers) {
    for (const name of Object.keys(container)) {
      if (!reached.has(JSON.stringify([...prefix, name]))) delete container[name];
    }
  }
}

export function subsetDocument(source: Json, entry: CorpusDocument): Json {
  const document = structuredClone(source);
  const version = (document.info as Json | undefined)?.version;
  if (version !== entry.source.version) {
    throw new Error(
      `${entry.source.package}: expected info.version ${entry.source.version}, found ${String(version)}. ` +
        'Update the source in scripts/sites/openapiCorpus.ts (and the README there) when taking a new version.',
    );
  }
  delete document.webhooks;
  delete document['x-webhooks'];
  keepOperations(document, entry.tags);
  pruneComponents(document);
  return document;
}

function main(argv: string[]): void {
  const [id, input] = argv;
  if (!id || !input) {
    throw new Error(
      'Usage: node --import tsx scripts/cli/openapi-corpus-subset.ts <corpus id> <file from the unpacked package>',
    );
  }
  const entry = corpusDocument(id);
  const source = parseYaml(fs.readFileSync(input, 'utf8')) as Json; // YAML is a superset of JSON
  const document = subsetDocument(source, entry);
  const target = path.join(REPO_ROOT, entry.file);
  const text = target.endsWith('.json')
    ? `${JSON.stringify(document)}\n`
    : stringifyYaml(document, {lineWidth: -1, noRefs: true});
  fs.writeFileSync(target, text);
  const operations = documentOperations(document);
  console.log(
    `${path.relative(REPO_ROOT, target)}: ${operations.length} of ${documentOperations(source).length} operations, ` +
      `${(Buffer.byteLength(text) / 1024).toFixed(0)} KiB`,
  );
}

if (require.main === module) main(process.argv.slice(2));
