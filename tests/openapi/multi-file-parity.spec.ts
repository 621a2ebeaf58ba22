/**
 * The multi-file spec cannot drift from the single file: once bundled, and
 * with every `$ref` replaced by its target (so component names and file
 * layout do not matter), both describe the same operations and schemas.
 *
 * Also checks that redocusaurus's own, older bundler handles every source
 * without renaming components (it used to produce `Pet-2` and friends when
 * the entry file listed the component files too).
 */
import fs from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {REPO, SOURCES, bundled, bundledByRedocusaurus, bundledDoc, deref, operations, type Json} from './helpers';

const MULTI_DIR = path.join(REPO, 'openapi', 'multi-file');

/** `METHOD path operationId summary codes` for each operation, sorted. */
function operationLines(doc: Json): string[] {
  return operations(doc)
    .map(({method, path: p, operationId, op}) => `${method.toUpperCase()} ${p} ${operationId} "${op.summary}" [${Object.keys(op.responses).sort().join(',')}]`)
    .sort();
}

test('multi-file entry bundles without problems and refs no file outside openapi/multi-file', async () => {
  const {doc, problems} = await bundled(SOURCES.multi);
  expect(problems.map((p) => p.message)).toEqual([]);
  expect(JSON.stringify(doc)).not.toMatch(/"\$ref":"(?!#\/)/);
});

test('same operations: method, path, operation id, summary and response codes', async () => {
  const single = await bundledDoc(SOURCES.single);
  const multi = await bundledDoc(SOURCES.multi);
  expect(operationLines(multi)).toEqual(operationLines(single));
});

test('each operation is identical once refs are resolved', async () => {
  const single = await bundledDoc(SOURCES.single);
  const multi = await bundledDoc(SOURCES.multi);
  const multiOps = new Map(operations(multi).map((o) => [`${o.method} ${o.path}`, o]));
  for (const o of operations(single)) {
    const other = multiOps.get(`${o.method} ${o.path}`);
    expect.soft(other, `${o.operationId} exists in the multi-file spec`).toBeTruthy();
    if (!other) continue;
    expect.soft(deref(multi, other.op), `${o.operationId}`).toEqual(deref(single, o.op));
    expect.soft(deref(multi, other.pathParameters), `${o.path} path-level parameters`).toEqual(deref(single, o.pathParameters));
  }
});

test('same component schemas, deep-equal once refs are resolved', async () => {
  const single = await bundledDoc(SOURCES.single);
  const multi = await bundledDoc(SOURCES.multi);
  const names = Object.keys(single.components.schemas).sort();
  expect(Object.keys(multi.components.schemas).sort(), 'schema names').toEqual(names);
  for (const name of names) {
    expect.soft(deref(multi, multi.components.schemas[name]), `schema ${name}`).toEqual(deref(single, single.components.schemas[name]));
  }
});

test('same security schemes, info (title aside), servers, tags and tag groups', async () => {
  const single = await bundledDoc(SOURCES.single);
  const multi = await bundledDoc(SOURCES.multi);
  expect.soft(deref(multi, multi.components.securitySchemes), 'security schemes').toEqual(deref(single, single.components.securitySchemes));
  const {title: multiTitle, ...multiInfo} = multi.info;
  const {title: singleTitle, ...singleInfo} = single.info;
  expect.soft(multiTitle, 'titles differ so the pages can be told apart').not.toBe(singleTitle);
  expect.soft(multiInfo, 'info').toEqual(singleInfo);
  for (const key of ['openapi', 'servers', 'tags', 'x-tagGroups', 'externalDocs']) {
    expect.soft(multi[key], key).toEqual(single[key]);
  }
});

test('every schema is in its own file under components/schemas', async () => {
  const single = await bundledDoc(SOURCES.single);
  const files = fs
    .readdirSync(path.join(MULTI_DIR, 'components', 'schemas'))
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => f.replace(/\.yaml$/, ''))
    .sort();
  expect(files).toEqual(Object.keys(single.components.schemas).sort());
  const pathFiles = fs.readdirSync(path.join(MULTI_DIR, 'paths')).filter((f) => f.endsWith('.yaml'));
  expect(pathFiles.length, 'one file per path item').toBe(Object.keys(single.paths).length);
});

test("redocusaurus's own bundler handles every source without renaming components", async () => {
  const single = await bundledDoc(SOURCES.single);
  for (const [name, source] of Object.entries(SOURCES)) {
    const {doc, problems, version} = await bundledByRedocusaurus(source);
    expect.soft(problems.map((p) => p.message), `${name}: problems with @redocly/openapi-core ${version}`).toEqual([]);
    if (doc.swagger) continue;
    expect.soft(Object.keys(doc.components.schemas).sort(), `${name}: schema names`).toEqual(Object.keys(single.components.schemas).sort());
    expect.soft(operationLines(doc).length, `${name}: operations`).toBe(operationLines(single).length);
  }
});
