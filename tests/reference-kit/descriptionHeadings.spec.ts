/**
 * reference-kit/lib/descriptionHeadings.js: the build records the headings Redoc's store finds in the
 * descriptions, and a store built in the browser with that record has the same menu and content
 * without rendering any Markdown. Node only: no browser page is opened.
 */
import fs from 'node:fs';
import {parseYaml} from '@redocly/openapi-core';
import {expect, test} from '@playwright/test';
import {AppStore, MarkdownRenderer} from 'redoc';
import {recordHeadings, replayHeadings} from '../../reference-kit/lib/descriptionHeadings';
import {callCounts} from '../support/callCounts';

type Spec = ConstructorParameters<typeof AppStore>[0];
type Item = {id: string; name: string; description?: string; items: Item[]};

const loadSpec = (): Spec => parseYaml(fs.readFileSync('openapi/single-file/openapi.yaml', 'utf8')) as Spec;
const buildStore = (): AppStore => new AppStore(loadSpec(), 'http://127.0.0.1/openapi.yaml', {disableSearch: true});

/** The content tree as the reader gets it: ids, names, descriptions. */
function outline(items: Item[]): unknown[] {
  return items.map(({id, name, description, items: children}) => ({id, name, description, items: outline(children)}));
}

/** How many times Redoc rendered Markdown while `build` ran. */
function markdownRenders(build: () => void): number {
  return callCounts(MarkdownRenderer.prototype as unknown as {renderMd: (...args: unknown[]) => string}, 'renderMd', build);
}

test('the record holds the description’s headings, with the text under each', () => {
  const recorded = recordHeadings(buildStore);
  const infoHeadings = Object.values(recorded).find((headings) => headings.some((heading) => heading.id.startsWith('section/')));
  expect(infoHeadings?.map((heading) => heading.id)).toEqual([
    'section/What-you-can-do',
    'section/Authentication',
    'section/Conventions',
  ]);
  expect(infoHeadings?.[2]?.description).toContain('Bodies are JSON unless an operation says otherwise.');
  // Each tag's description is looked at too (none of them has headings).
  expect(Object.keys(recorded).length).toBeGreaterThan(1);
});

test('a store built from the record has the same content and renders no Markdown', () => {
  const recorded = recordHeadings(buildStore);
  let plain: AppStore | undefined;
  let replayed: AppStore | undefined;
  expect(markdownRenders(() => (plain = buildStore()))).toBeGreaterThan(0);
  expect(markdownRenders(() => (replayed = replayHeadings(recorded, buildStore)))).toBe(0);
  expect(outline(replayed!.menu.items as unknown as Item[])).toEqual(outline(plain!.menu.items as unknown as Item[]));
  // Redoc's own extraction is back once the store is built.
  expect(markdownRenders(buildStore)).toBeGreaterThan(0);
});

test('a description the build did not see is still read by Redoc', () => {
  const spec = loadSpec() as {info: {description: string}};
  spec.info.description += '\n\n## Added later\n\nNot in the record.';
  const recorded = recordHeadings(buildStore);
  const store = replayHeadings(recorded, () => new AppStore(spec as Spec, 'http://127.0.0.1/openapi.yaml', {disableSearch: true}));
  expect((store.menu.items as unknown as Item[]).map((item) => item.id)).toContain('section/Added-later');
});
