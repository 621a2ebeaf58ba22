/**
 * Redoc's schema models as the kit's patch builds them (reference-kit/patches/redoc+2.1.4.patch)
 * and the limits the kit sets on them (reference-kit/lib/modelLimits.js), in Node: a store is
 * built and its operations rendered to HTML by Redoc's own components, as the server does.
 * The spec is a small recursive tree (tests/fixtures/recursive-tree.yaml): a `Node` is one of six
 * kinds, told apart by a discriminator, each kind with `children` that are nodes again.
 * Models are counted by the patch's own counter (`kitLimits.built`, one per SchemaModel built).
 * Redoc's payload samples as the patch makes them (`kitBoundedSample`): when shown, and bounded.
 */
import fs from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import React from 'react';
import {renderToString} from 'react-dom/server';
import {expect, test} from '@playwright/test';
import {parseYaml} from '@redocly/openapi-core';
import {
  AppStore,
  OpenAPIParser,
  OperationItem,
  OptionsProvider,
  RedocNormalizedOptions,
  StoreProvider,
  ThemeProvider,
  flattenByProp,
  type FieldModel,
  type OperationModel,
  type RedocRawOptions,
  type SchemaModel,
} from 'redoc';
import {callCounts} from '../support/callCounts';
import {MODEL_LIMITS, checkNamedSchemas, modelLimitError, withModelLimits, type ModelLimits} from '../../reference-kit/lib/modelLimits';

type Spec = ConstructorParameters<typeof AppStore>[0];

const treeSpec = () => parseYaml(fs.readFileSync(path.join(__dirname, '../fixtures/recursive-tree.yaml'), 'utf8')) as Spec;

/** No limit but the count. */
const COUNT_ONLY: ModelLimits = {maxModelsPerSchema: Infinity};

/** A store of `spec` with its responses shown, counting the models it builds, and a render of one operation at a time. */
function reference(spec: Spec, options: RedocRawOptions = {}, limits: ModelLimits = COUNT_ONLY) {
  const store = new AppStore(spec, undefined, {disableSearch: true, expandResponses: 'all', ...options});
  const {kitLimits} = withModelLimits(store.options, limits);
  const operations = flattenByProp(store.menu.items as OperationModel[], 'items').filter((item) => item.type === 'operation');
  return {
    store,
    /** Models built so far. */
    built: () => kitLimits.built,
    operations,
    operation: (operationId: string) => operations.find((operation) => operation.operationId === operationId)!,
    render: (operation: OperationModel) =>
      renderToString(
        React.createElement(
          ThemeProvider,
          {theme: store.options.theme},
          React.createElement(
            StoreProvider,
            {value: store},
            React.createElement(OptionsProvider, {value: store.options}, React.createElement(OperationItem, {item: operation})),
          ),
        ),
      ),
  };
}

/** The schema of an operation's first response. */
const responseSchema = (operation: OperationModel) => operation.responses[0]!.content!.mediaTypes[0]!.schema!;

/** The property names the HTML shows, in order. */
const shownProperties = (html: string) => [...html.matchAll(/class="property-name">([^<]*)</g)].map((match) => match[1]);

/** The field of that name. */
const field = (schema: SchemaModel, name: string) => schema.fields!.find((candidate) => candidate.name === name)!;

/** Everything Redoc 2.1.4 models when it builds these schemas: every alternative, item and field, down to the first repeated $ref. */
function modelEagerly(schema: SchemaModel | undefined): void {
  if (!schema) return;
  schema.oneOf?.forEach(modelEagerly);
  modelEagerly(schema.items);
  schema.fields?.forEach((each) => modelEagerly(each.schema));
}

test('rendering the operations models what they show: far fewer schemas than modelling them in full, as Redoc did', () => {
  const lazy = reference(treeSpec());
  for (const operation of lazy.operations) lazy.render(operation);

  const eager = reference(treeSpec());
  for (const operation of eager.operations) {
    operation.parameters.forEach((parameter) => modelEagerly(parameter.schema));
    operation.requestBody?.content?.mediaTypes.forEach((mediaType) => modelEagerly(mediaType.schema));
    operation.responses.forEach((response) => response.content?.mediaTypes.forEach((mediaType) => modelEagerly(mediaType.schema)));
  }

  // 69 and 544 when written: 544 is also what unpatched Redoc 2.1.4 builds to render them.
  expect(lazy.built()).toBeLessThan(100);
  expect(eager.built()).toBeGreaterThan(5 * lazy.built());
});

test("the discriminator's active alternative is modelled and shown; another is modelled when the reader picks it", () => {
  const {operation, render, built} = reference(treeSpec());
  const getNode = operation('getNode');
  const node = responseSchema(getNode);
  expect(node.discriminatorProp).toBe('kind');
  expect(node.oneOf!.map((alternative) => alternative.title)).toEqual(['GROUP', 'MESH', 'LABEL', 'LIGHT', 'PORTAL', 'CAMERA']);

  const first = render(getNode);
  expect(shownProperties(first)).toContain('clipsContent');
  expect(shownProperties(first)).not.toContain('vertexCount');
  // The drop-down's label shows the active kind.
  expect(first).toContain('<label>GROUP</label>');

  const before = built();
  node.activateOneOf(1);
  const second = render(getNode);
  expect(shownProperties(second)).toEqual(expect.arrayContaining(['id', 'kind', 'name', 'placement', 'children', 'vertexCount', 'material']));
  expect(shownProperties(second)).not.toContain('clipsContent');
  expect(second).toContain('<label>MESH</label>');
  // MeshNode's seven fields were modelled only now.
  expect(built() - before).toBeGreaterThanOrEqual(7);
});

test('a field whose schema repeats on its path is marked Recursive once expanded, as Redoc marks it', () => {
  const {operation, render} = reference(treeSpec());
  const getNode = operation('getNode');
  const group = responseSchema(getNode).oneOf![0]!;
  expect(render(getNode)).not.toContain('Recursive');

  // GROUP's children are nodes, whose active kind is GROUP again: the path repeats.
  const children = field(group, 'children');
  expect(children.schema.items!.oneOf![0]!.isCircular).toBe(true);
  children.expand();
  expect(render(getNode)).toMatch(/>\s*(<!-- -->)?Recursive(<!-- -->)?\s*</);
});

test('schemaExpansionLevel expands fields as before until the limit, the same in every render; the reader expands the rest', () => {
  const options = {schemaExpansionLevel: 'all'} as unknown as RedocRawOptions;
  const unlimited = reference(treeSpec(), options);
  const full = shownProperties(unlimited.render(unlimited.operation('getScene')));
  // Scene's root, its placement and its children, expanded by the option.
  expect(full).toEqual(expect.arrayContaining(['root', 'placement', 'x', 'rotation', 'children', 'clipsContent']));

  // Enough for Scene's fields and root's, not for root's placement and children.
  const limited = reference(treeSpec(), options, {maxModelsPerSchema: Infinity, autoExpandModels: 10});
  const getScene = limited.operation('getScene');
  const html = limited.render(getScene);
  const shown = shownProperties(html);
  expect(shown).toEqual(expect.arrayContaining(['root', 'placement', 'children', 'clipsContent']));
  expect(shown.length).toBeLessThan(full.length);
  // The second render (the other colour mode's) shows the same; react-tabs numbers its ids across renders.
  const withoutTabIds = (markup: string) => markup.replace(/react-tabs-\d+/g, 'react-tabs');
  expect(withoutTabIds(limited.render(getScene))).toBe(withoutTabIds(html));

  // A field the limit left collapsed is expanded when the reader asks for it.
  const root = field(responseSchema(getScene), 'root') as FieldModel & {kitAutoExpand(byOption: boolean): boolean};
  const placement = field(root.schema, 'placement') as FieldModel & {kitAutoExpand(byOption: boolean): boolean};
  expect(placement.kitAutoExpand(true)).toBe(false);
  expect(shown).not.toContain('rotation');
  placement.toggle();
  expect(shownProperties(limited.render(getScene))).toContain('rotation');
});

test("the kit's limits let the recursive tree and the site's pet store through", () => {
  for (const file of ['tests/fixtures/recursive-tree.yaml', 'openapi/single-file/openapi.yaml']) {
    const options = new RedocNormalizedOptions({});
    const spec = parseYaml(fs.readFileSync(path.join(__dirname, '../..', file), 'utf8')) as Spec;
    expect(checkNamedSchemas({parser: new OpenAPIParser(spec, undefined, options), options}, file)).toBeGreaterThan(0);
  }
  expect(MODEL_LIMITS.maxModelsPerSchema).toBeGreaterThanOrEqual(1000);
});

/** Eight shapes, each one of the seven others: modelled for every path through them, 8! of them. */
function shapesSpec(): Spec {
  const names = ['Shape', 'Circle', 'Square', 'Star', 'Ring', 'Arrow', 'Cross', 'Heart'];
  const schemas = Object.fromEntries(
    names.map((name) => [name, {oneOf: names.filter((other) => other !== name).map((other) => ({$ref: `#/components/schemas/${other}`}))}]),
  );
  const content = {'application/json': {schema: {type: 'object', properties: {shape: {$ref: '#/components/schemas/Shape'}}}}};
  return {
    openapi: '3.1.0',
    info: {title: 'Shapes', version: '1'},
    paths: {'/shapes': {get: {operationId: 'getShape', responses: {200: {description: 'A shape', content}}}}},
    components: {schemas},
  } as unknown as Spec;
}

test('a schema whose alternatives refer to each other fails in bounded time, naming the file, the schema and what to do', () => {
  const started = performance.now();
  const options = new RedocNormalizedOptions({});
  const check = () => checkNamedSchemas({parser: new OpenAPIParser(shapesSpec(), undefined, options), options}, 'openapi/shapes.yaml');
  expect(check).toThrow(/^reference-kit: the spec openapi\/shapes\.yaml cannot be rendered within limits\. Modelling its schema #\/components\/schemas\/Shape built more than 5000/);
  expect(check).toThrow(/What to do: .*ignoreNamedSchemas/);
  expect(performance.now() - started).toBeLessThan(10_000);

  // The render fails the same way: the server's render turns the patch's error into this one.
  const {operation, render} = reference(shapesSpec(), {}, MODEL_LIMITS);
  let thrown: unknown;
  try {
    render(operation('getShape'));
  } catch (error) {
    thrown = error;
  }
  expect(modelLimitError(thrown, 'openapi/shapes.yaml')?.message).toMatch(/Modelling its schema #\/components\/schemas\/Shape built more than 5000/);
  expect(modelLimitError(new Error('something else'), 'openapi/shapes.yaml')).toBeUndefined();

  // What the message suggests works: with the alternatives not expanded, the schema is modelled.
  const ignoring = new RedocNormalizedOptions({ignoreNamedSchemas: ['Circle', 'Square', 'Star', 'Ring', 'Arrow', 'Cross', 'Heart']});
  expect(checkNamedSchemas({parser: new OpenAPIParser(shapesSpec(), undefined, ignoring), options: ignoring}, 'openapi/shapes.yaml')).toBeLessThan(100);
});

/** openapi-sampler as Redoc's bundle requires it: the bundle calls `sample` on this object at each use. */
const redocSampler = createRequire(require.resolve('redoc'))('openapi-sampler') as {sample: (...args: unknown[]) => unknown};

/** The calls of openapi-sampler's `sample` while `run` runs. */
const sampleCalls = (run: () => void) => callCounts(redocSampler, 'sample', run);

test("a response's alternatives are sampled when shown: the one a section shows, another when the reader picks it", () => {
  const {operation, render} = reference(treeSpec());
  const getNode = operation('getNode');
  let examples: Record<string, {value: unknown}> = {};
  // Six kinds, six samples in Redoc 2.1.4 as published, made with the section's models.
  expect(sampleCalls(() => (examples = getNode.responses[0]!.content!.mediaTypes[0]!.examples as typeof examples))).toBe(0);
  expect(Object.keys(examples)).toEqual(['GROUP', 'MESH', 'LABEL', 'LIGHT', 'PORTAL', 'CAMERA']);

  // The section shows the first kind's sample; the others are still not made.
  let html = '';
  expect(sampleCalls(() => (html = render(getNode)))).toBeGreaterThan(0);
  expect(html).toContain('clipsContent');
  expect(sampleCalls(() => examples.GROUP!.value)).toBe(0);
  // Another kind's sample is made when read, with the discriminator's value, as Redoc sets it.
  let mesh: unknown;
  expect(sampleCalls(() => (mesh = examples.MESH!.value))).toBeGreaterThan(0);
  expect(mesh).toMatchObject({kind: 'MESH', vertexCount: expect.any(Number)});
  expect(sampleCalls(() => examples.MESH!.value)).toBe(0);
});

test("Redoc's payload sample of a schema graph that grows at each level is the deepest within 8 KiB; the pet store's and Blockfrost's are the sampler's", () => {
  // Eight kinds of node, each with six links to the next: six times the JSON at each level.
  const schemas = Object.fromEntries(
    Array.from({length: 8}, (_, level) => {
      const links = level === 7 ? {} : Object.fromEntries(['a', 'b', 'c', 'd', 'e', 'f'].map((name) => [name, {$ref: `#/components/schemas/Node${level + 1}`}]));
      return [`Node${level}`, {type: 'object', properties: {id: {type: 'string', example: `node-${level}`}, ...links}}];
    }),
  );
  const content = {'application/json': {schema: {$ref: '#/components/schemas/Node0'}}};
  const spec = {
    openapi: '3.0.3',
    info: {title: 'Graph', version: '1'},
    paths: {'/nodes/{id}': {get: {operationId: 'getNode', responses: {200: {description: 'The node', content}}}}},
    components: {schemas},
  } as unknown as Spec;
  const shown = reference(spec).operation('getNode').responses[0]!.content!.mediaTypes[0]!.examples!.default!.value;
  const text = JSON.stringify(shown);
  expect(text.length).toBeLessThanOrEqual(8 * 1024);
  // The sampler's depth that gives it (Redoc's response options), and one more, which does not fit.
  const sampled = (depth: number) => JSON.stringify(redocSampler.sample(schemas.Node0, {skipReadOnly: false, skipWriteOnly: true, maxSampleDepth: depth}, spec));
  const depth = [1, 2, 3, 4, 5, 6, 7, 8].find((candidate) => sampled(candidate) === text);
  expect(depth).toBeGreaterThanOrEqual(3);
  expect(sampled(depth! + 1).length).toBeGreaterThan(8 * 1024);

  // Where nothing grows so, the samples are what the sampler makes at Redoc's depth (10): every
  // generated sample of the pet store and of Blockfrost's API (889, the largest 6.4 KB).
  let compared = 0;
  for (const file of ['openapi/single-file/openapi.yaml', 'tests/fixtures/openapi-corpus/blockfrost.yaml']) {
    const given = parseYaml(fs.readFileSync(path.join(__dirname, '../..', file), 'utf8')) as Spec;
    const {store, operations} = reference(given);
    type Media = {example?: unknown; examples?: unknown; schema?: unknown};
    const raw = (value: unknown) => store.spec.parser.deref((value ?? {}) as object).resolved as {content?: Record<string, Media>};
    for (const each of operations) {
      // The operation as the spec gives it (private in Redoc's typings).
      const operationSpec = (each as unknown as {operationSpec: {requestBody?: unknown; responses?: Record<string, unknown>}}).operationSpec;
      const bodies = [{media: raw(operationSpec.requestBody).content, model: each.requestBody?.content, isRequest: true}];
      for (const response of each.responses) bodies.push({media: raw(operationSpec.responses?.[response.code]).content, model: response.content, isRequest: false});
      for (const {media, model, isRequest} of bodies) {
        for (const [mime, {example, examples, schema}] of Object.entries(media ?? {})) {
          if (!/json/i.test(mime) || !schema || example !== undefined || examples !== undefined) continue;
          const mediaType = model!.mediaTypes.find((candidate) => candidate.name === mime)!;
          const options = {skipReadOnly: isRequest, skipWriteOnly: !isRequest, skipNonRequired: false, maxSampleDepth: 10};
          // A schema of alternatives has a sample for each, under its title, as Redoc makes them.
          const samples = mediaType.schema!.oneOf?.map((alternative) => ({title: alternative.title, schema: alternative.rawSchema})) ?? [{title: 'default', schema}];
          for (const {title, schema: sampled} of samples) {
            const whole = redocSampler.sample(sampled, options, given) as Record<string, unknown>;
            if (mediaType.schema!.discriminatorProp && typeof whole === 'object' && whole) whole[mediaType.schema!.discriminatorProp] = title;
            expect(mediaType.examples![title]!.value, `${file}: ${each.httpVerb} ${each.path} ${mime} ${title}`).toEqual(whole);
            compared++;
          }
        }
      }
    }
  }
  expect(compared).toBeGreaterThan(500);
});
