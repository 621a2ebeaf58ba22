/**
 * reference-kit/reference/browser/specParts.ts: each section of a reference comes to life from a part of
 * the spec that holds only what it shows (one operation, a tag, the API's description), built from
 * the spec's pieces (reference-kit/lib/specPieces.js, reference-kit/reference/shared/pieceStore.ts). Each
 * section must render exactly as it does from the store of the whole spec, under Redoc's own id,
 * from its part alone: no fallback to the whole spec, no component looked up outside the part.
 * Node only: no browser page is opened.
 */
import fs from 'node:fs';
import path from 'node:path';
import React from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {parseYaml} from '@redocly/openapi-core';
import {expect, test} from '@playwright/test';
import {
  AppStore,
  flattenByProp,
  OperationItem,
  OptionsProvider,
  SectionItem,
  StoreProvider,
  ThemeProvider,
  type ContentItemModel,
  type OperationModel,
  type SpecStore,
} from 'redoc';
import {bucketTexts, splitSpec, type SpecPieces} from '../../reference-kit/lib/specPieces';
import {outlineOf, type OutlineItem} from '../../reference-kit/lib/outline';
import {PieceStore} from '../../reference-kit/reference/shared/pieceStore';
import {SpecParts} from '../../reference-kit/reference/browser/specParts';
import {REPO_ROOT} from '../../scripts/repoRoot';

type Spec = ConstructorParameters<typeof AppStore>[0];

const load = (file: string): Spec => {
  const text = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
  return (file.endsWith('.json') ? JSON.parse(text) : parseYaml(text)) as Spec;
};

/** The spec's pieces as the data module delivers them (reference-kit/lib/specDataPlugin.js), bundles small enough to be many. */
function piecesOf(spec: Spec): SpecPieces {
  const split = splitSpec(structuredClone(spec));
  const operations = bucketTexts(
    split.operations.map((piece) => piece[3]),
    20_000,
  );
  const components = bucketTexts(
    split.components.map((piece) => piece[2]),
    20_000,
  );
  const buckets = [...operations.buckets, ...components.buckets];
  return {
    base: split.base,
    operations: split.operations.map(([container, pathName, method], i) => [container, pathName, method, ...operations.places[i]!]),
    components: split.components.map(([type, name], i) => [type, name, components.places[i]![0] + operations.buckets.length, components.places[i]![1]]),
    buckets: buckets.map((texts) => () => texts),
    derived: split.derived,
    tagged: split.tagged,
  };
}

function sectionsOf(outline: OutlineItem[]): OutlineItem[] {
  return outline.flatMap((item) => [...(item.type === 'group' ? [] : [item]), ...sectionsOf(item.items ?? [])]);
}

/** A section's HTML as React renders it with this store (what LiveReference renders into a section). */
function render(item: ContentItemModel, spec: SpecStore, store: AppStore): string {
  const lite = {spec, options: store.options, menu: store.menu} as unknown as AppStore;
  // JSX is not compiled in .ts test files.
  const h = React.createElement;
  const content =
    item.type === 'operation' ? h(OperationItem, {item: item as unknown as OperationModel}) : h(SectionItem, {item});
  const html = renderToStaticMarkup(
    h(ThemeProvider, {theme: store.options.theme}, h(StoreProvider, {value: lite}, h(OptionsProvider, {value: store.options}, content))),
  );
  // react-tabs numbers its ids in the order it renders, across renders.
  return html.replace(/react-tabs-\d+/g, 'react-tabs-n');
}

/** Where two renders first differ, with some context; '' when they are the same. */
function firstDifference(received: string, expected: string): string {
  if (received === expected) return '';
  let at = 0;
  while (received[at] === expected[at]) at += 1;
  return `at ${at}: received …${received.slice(Math.max(0, at - 120), at + 120)}… expected …${expected.slice(Math.max(0, at - 120), at + 120)}…`;
}

function withoutTags(spec: Spec): Spec {
  const copy = structuredClone(spec) as Spec & {paths: Record<string, Record<string, {tags?: string[]}>>; tags?: unknown};
  for (const item of Object.values(copy.paths)) for (const operation of Object.values(item)) if (operation && typeof operation === 'object') delete operation.tags;
  delete copy.tags;
  delete (copy as {'x-tagGroups'?: unknown})['x-tagGroups'];
  return copy;
}

const SPECS: {name: string; spec: () => Spec}[] = [
  // x-tagGroups, tags of schemas (x-tags, <SchemaDefinition>), a discriminator with subtypes, callbacks.
  {name: 'the pet store', spec: () => load('openapi/single-file/openapi.yaml')},
  // Operations without operationId (ids from their JSON pointer), tags with spaces.
  {name: 'Blockfrost', spec: () => load('tests/fixtures/openapi-corpus/blockfrost.yaml')},
  // 572 operations, every operationId with a slash.
  {name: 'GitHub (572 operations)', spec: () => load('tests/fixtures/openapi-corpus/github.json')},
  {name: 'GitHub without tags', spec: () => withoutTags(load('tests/fixtures/openapi-corpus/github.json'))},
];

test('the pieces join again into the spec they were cut from', () => {
  for (const {spec} of SPECS.slice(0, 3)) {
    const original = spec();
    expect(new PieceStore(piecesOf(original)).whole()).toEqual(JSON.parse(JSON.stringify(original)));
  }
});

for (const {name, spec: load} of SPECS) {
  test(`${name}: each section renders from its own part as from the whole spec, under Redoc's id`, () => {
    test.setTimeout(180_000);
    const spec = load();
    const whole = new AppStore(structuredClone(spec), 'http://127.0.0.1/openapi.yaml', {disableSearch: true});
    const wholeItems = new Map(flattenByProp(whole.spec.contentItems, 'items').map((item) => [item.id, item]));
    const pieces = new PieceStore(piecesOf(spec));
    let wholeSpecRead = 0;
    const parts = new SpecParts(pieces, () => ((wholeSpecRead += 1), spec) as Spec, 'http://127.0.0.1/openapi.yaml', whole.options);
    // A component the part's texts did not lead to, read through the part's fallback.
    const missed: string[] = [];
    const hasComponent = PieceStore.prototype.hasComponent;
    PieceStore.prototype.hasComponent = function spied(this: PieceStore, key: string) {
      const found = hasComponent.call(this, key);
      if (found) missed.push(key);
      return found;
    };
    try {
      const sections = sectionsOf(outlineOf(whole));
      expect(sections.length).toBeGreaterThan(10);
      for (const section of sections) {
        const found = parts.item(section);
        expect(found, section.id).toBeDefined();
        expect(found!.item.id).toBe(section.id);
        expect(firstDifference(render(found!.item, found!.store, whole), render(wholeItems.get(section.id)!, whole.spec, whole)), section.id).toBe('');
      }
    } finally {
      PieceStore.prototype.hasComponent = hasComponent;
    }
    expect(wholeSpecRead, 'no section needed the whole spec').toBe(0);
    expect([...new Set(missed)], 'components found only through the fallback').toEqual([]);
  });
}

test("a large spec's sections fetch the files of their own pieces, and only those, before they are built", async () => {
  test.setTimeout(180_000);
  const spec = load('tests/fixtures/openapi-corpus/github.json');
  const whole = new AppStore(structuredClone(spec), 'http://127.0.0.1/openapi.yaml', {disableSearch: true});
  const wholeItems = new Map(flattenByProp(whole.spec.contentItems, 'items').map((item) => [item.id, item]));
  // Each bundle a file of its own, fetched as the browser's text files are (reference-kit/reference/shared/pieceStore.ts).
  const cut = piecesOf(spec);
  const inPage = new Set<number>();
  const requests = new Map<number, Promise<void>>();
  const readWithoutFetch: number[] = [];
  const pieces = new PieceStore({
    ...cut,
    buckets: cut.buckets.map((bucket, index) => () => {
      if (!inPage.has(index)) readWithoutFetch.push(index);
      return bucket();
    }),
    fetching: (bucket) => {
      if (inPage.has(bucket)) return undefined;
      if (!requests.has(bucket)) requests.set(bucket, new Promise<void>((resolve) => setTimeout(resolve, 1)).then(() => void inPage.add(bucket)));
      return requests.get(bucket);
    },
  });
  const parts = new SpecParts(pieces, () => spec, 'http://127.0.0.1/openapi.yaml', whole.options);
  const sections = sectionsOf(outlineOf(whole));
  const first = sections.find((section) => section.op)!;
  await parts.prepare(first);
  const firstFiles = inPage.size;
  expect(firstFiles, 'an operation fetches its own files').toBeGreaterThan(0);
  expect(firstFiles, 'and not the spec').toBeLessThan(cut.buckets.length / 4);
  expect(parts.prepare(first), 'prepared once').toBeUndefined();
  for (const section of [first, ...sections.filter((_, index) => index % 25 === 0)]) {
    await parts.prepare(section);
    const found = parts.item(section);
    expect(found?.item.id).toBe(section.id);
    expect(firstDifference(render(found!.item, found!.store, whole), render(wholeItems.get(section.id)!, whole.spec, whole)), section.id).toBe('');
  }
  expect(readWithoutFetch, 'no piece was read before its file was in').toEqual([]);
});
