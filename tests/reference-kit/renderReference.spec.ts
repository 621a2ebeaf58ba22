/**
 * The server's render of a reference (reference-kit/reference/server/renderReference.ts), read back
 * the way the browser reads it (reference-kit/reference/browser/builtPage.ts, sectionAdoption.ts),
 * through the contract between them (reference-kit/reference/shared/contract.js): the page's
 * sections are the outline's, in order, each in its own element with its estimate; the short
 * sections wait in noscript elements whose text parses into exactly those sections; the closed menu
 * lists wait likewise. On the pet store, and on a hostile spec whose text holds markup made to break
 * that structure (attributes holding `</div>`, `</noscript>`, `</ul>`, sections and list items), with
 * sanitizing on as the kit's default. Parsed with jsdom, as a browser running scripts parses a page
 * (noscript content is text) and as the kit's inert document does (noscript content is elements).
 * Node only: no browser page is opened.
 */
import fs from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import {TALLEST_LAYOUT} from '../../reference-kit/reference/server/sectionEstimates';
import {expect, test} from '@playwright/test';
import {parseYaml} from '@redocly/openapi-core';
import {AppStore, ExampleModel, RedocNormalizedOptions, SchemaModel, type ContentItemModel} from 'redoc';
import type {DOMPurify} from 'dompurify';
import {renderReference, type RenderedReference} from '../../reference-kit/reference/server/renderReference';
import {sectionsInPageOrder} from '../../reference-kit/reference/shared/Reference';
import {ATTR, CLASS, SECTIONS_PER_STEP, SELECTOR} from '../../reference-kit/reference/shared/contract';
import {findBuiltReference} from '../../reference-kit/reference/browser/builtPage';
import {childSections, parseInert} from '../../reference-kit/reference/browser/sectionAdoption';
import {HOSTILE_SPEC, scriptingMarkup} from '../support/hostileSpec';
import type {Json} from '../openapi/helpers';
import {REPO_ROOT} from '../../scripts/repoRoot';
import {liveInstances} from '../../scripts/liveInstances';

const redocRequire = createRequire(require.resolve('redoc/package.json'));
const {JSDOM} = redocRequire('jsdom') as typeof import('jsdom');
/** The DOMPurify Redoc's bundle requires, which the server build replaces with the kit's (reference-kit/lib/serverPurify.js). */
const redocPurify = redocRequire('dompurify') as {sanitize?: DOMPurify['sanitize']};
const serverPurify = require(path.join(REPO_ROOT, 'reference-kit/lib/serverPurify.js')) as DOMPurify;

type Spec = ConstructorParameters<typeof AppStore>[0];

/** Markup that ends elements early, written where a spec's text reaches the page. */
const BREAKER = '</div></div></noscript></ul></li><div data-section-id="tag/forged">forged</div><li data-item-id="forged">';

/** The hostile fixture, with the breaker in attributes and text of more places. */
function hostileSpec(): Spec {
  const spec = parseYaml(fs.readFileSync(HOSTILE_SPEC, 'utf8')) as Spec & Record<string, Json>;
  // Before the fixture's own payloads: an unclosed one swallows what follows it, as a browser would.
  spec.info.description = spec.info.description!.replace(
    'A description with',
    `<p title="${BREAKER}">A paragraph whose title is markup.</p>\n\n<a href="https://example.com" title='${BREAKER}'>A link</a> ${BREAKER.replace(/</g, '&lt;')}\n\nA description with`,
  );
  // Many operations, in several tags, so that the page has short sections in noscript elements and closed lists.
  for (let index = 0; index < 40; index++) {
    spec.paths[`/things/${index}`] = {
      get: {
        tags: [`tag ${index % 4} ${BREAKER}`],
        operationId: `thing${index}`,
        summary: `Thing ${index} ${BREAKER}`,
        description: `Gets thing ${index}. <span title="${BREAKER}">held</span> ${BREAKER}\n\n${'More words about it. '.repeat(60)}`,
        responses: {'200': {description: `OK <b title="${BREAKER}">bold</b>`}},
      },
    };
  }
  return spec;
}

function petStore(): Spec {
  return parseYaml(fs.readFileSync(path.join(REPO_ROOT, 'openapi/single-file/openapi.yaml'), 'utf8')) as Spec;
}

/** The store and themes the kit's server render gets, with sanitizing on (the kit's default). */
function render(spec: Spec, budget?: number): {rendered: RenderedReference; sectionIds: string[]} {
  const store = new AppStore(spec, undefined, {disableSearch: true, untrustedSpec: true});
  const dark = new RedocNormalizedOptions({untrustedSpec: true, theme: {colors: {primary: {main: '#8ab4f8'}}}}).theme;
  const rendered = renderReference(store, {light: store.options.theme, dark}, budget === undefined ? {} : {budget});
  const sectionIds = sectionsInPageOrder(store.menu.items as unknown as ContentItemModel[]).map((item) => item.id);
  return {rendered, sectionIds};
}

/** The page a build writes around the reference: its style sheets, then its element. */
const page = ({styles, html}: RenderedReference) =>
  `<!doctype html><html><body><div class="${CLASS.styles}"><style ${ATTR.classNames}="${styles.classNames}">${styles.light}</style>` +
  `<style>${styles.dark}</style><style>${styles.held}</style><style ${ATTR.heights}="${styles.heightsKey}">${styles.heights}</style></div>` +
  `<div class="${CLASS.reference}" ${ATTR.reference}="">${html}</div></body></html>`;

/** `html` as a browser running scripts parses it (noscript content is text), and as the kit's inert document does. */
const parsed = (html: string, scripting: boolean) => new JSDOM(html, scripting ? {runScripts: 'dangerously'} : {}).window.document;

const ids = (sections: Element[]) => sections.map((section) => section.getAttribute(ATTR.section));

test.describe.configure({mode: 'serial'});

let previousSanitize: DOMPurify['sanitize'] | undefined;
let previousDocument: unknown;
test.beforeAll(() => {
  // Redoc's untrustedSpec calls its DOMPurify, which has no DOM in Node: the server build's replacement, as the build wires it.
  previousSanitize = redocPurify.sanitize;
  redocPurify.sanitize = serverPurify.sanitize.bind(serverPurify) as DOMPurify['sanitize'];
  // The browser's readers make templates and shells in `document`.
  previousDocument = (globalThis as {document?: unknown}).document;
  (globalThis as {document?: unknown}).document = new JSDOM('').window.document;
});
test.afterAll(() => {
  redocPurify.sanitize = previousSanitize;
  (globalThis as {document?: unknown}).document = previousDocument;
});

for (const [name, spec, budget] of [
  ['the pet store', petStore, undefined],
  ['the pet store past a small budget', petStore, 40_000],
  ['a hostile spec', hostileSpec, 60_000],
] as const) {
  test(`${name}: read back as a browser running scripts reads it, the page's sections are the outline's, each with its estimate`, () => {
    const {rendered, sectionIds} = render(spec(), budget);
    const document = parsed(page(rendered), true);
    const root = document.querySelector(`[${ATTR.reference}]`)!;
    const inPage = Array.from(root.querySelectorAll(SELECTOR.sections));
    const parts = Array.from(root.querySelectorAll(SELECTOR.aheadParts));
    // The noscript elements' text, parsed as the kit parses it, holds the rest, in order.
    const ahead = parts.flatMap((part) => childSections(parseInert(part.textContent ?? '')));
    expect(ids([...inPage, ...ahead])).toEqual(sectionIds);
    expect(parts.length > 0).toBe(budget !== undefined);
    for (const section of [...inPage, ...ahead]) {
      expect(section.classList.contains(CLASS.section)).toBe(true);
      expect(section.hasAttribute('style') || section.hasAttribute(ATTR.heightGroup)).toBe(true);
    }
    // Those in the page are whole; those ahead are short, and made of text alone.
    expect(inPage.filter((section) => section.hasAttribute(ATTR.stub))).toEqual([]);
    for (const section of ahead) {
      expect(section.hasAttribute(ATTR.stub)).toBe(true);
      expect(section.querySelectorAll(`.${CLASS.stub}`)).toHaveLength(1);
    }
    if (parts.length > 0) {
      const content = root.querySelector(`.${CLASS.content}`)!;
      expect(content.hasAttribute(ATTR.ahead)).toBe(true);
      // The first one gives the room left after each step of sections but the last.
      const steps = parts[0]!.getAttribute(ATTR.ahead)!.split(' ').filter(Boolean);
      expect(steps).toHaveLength(Math.ceil(ahead.length / SECTIONS_PER_STEP) - 1);
    }
    // Nothing else in the content column: the info block, the sections, the noscript elements.
    const content = root.querySelector(`.${CLASS.content}`)!;
    expect(Array.from(content.children).filter((child) => !child.hasAttribute(ATTR.info) && !child.hasAttribute(ATTR.section) && child.localName !== 'noscript')).toEqual([]);
  });

  test(`${name}: read back as the kit's inert document reads a built page, the same sections and menu`, () => {
    const {rendered, sectionIds} = render(spec(), budget);
    const document = parsed(page(rendered), false);
    const built = findBuiltReference(document, sectionIds, 0);
    expect(built, 'the reference is found by its sections').toBeDefined();
    expect(built!.styles.map((style) => [style.hasAttribute(ATTR.classNames), style.hasAttribute(ATTR.heights)])).toEqual([
      [true, false],
      [false, false],
      [false, false],
      [false, true],
    ]);
    // Every menu item is one of the outline's, once, held lists included; none forged.
    const items = Array.from(built!.root.querySelectorAll(SELECTOR.menuItems), (item) => item.getAttribute(ATTR.menuItem));
    expect(items).not.toContain('forged');
    expect(new Set(items).size).toBe(items.length);
    for (const id of sectionIds.filter((id) => !id.startsWith('section/'))) expect(items).toContain(id);
    // A closed long list waits in a noscript element, directly in its list.
    for (const held of Array.from(built!.root.querySelectorAll(`noscript[${ATTR.list}]`))) {
      expect(held.parentElement!.localName).toBe('ul');
      expect(held.parentElement!.parentElement!.hasAttribute(ATTR.menuItem)).toBe(true);
    }
  });
}

test('a hostile spec: its markup reaches the page as text or not at all, and nothing that scripts, posts, styles or overlays', () => {
  const {rendered} = render(hostileSpec(), 60_000);
  const html = page(rendered);
  expect(scriptingMarkup(html)).toEqual([]);
  for (const scripting of [true, false]) {
    const document = parsed(html, scripting);
    const root = document.querySelector(`[${ATTR.reference}]`)!;
    // What only the spec could have put there.
    expect(root.querySelectorAll('form, input, dialog, map, area, meta, base, link, iframe, object, embed, script, svg style, [style*="position"]')).toHaveLength(0);
    // Redoc's own buttons (Copy, Expand all…) only: not the fixture's form button.
    expect(Array.from(root.querySelectorAll('button'), (button) => button.textContent)).not.toContain('Send');
    expect(root.querySelectorAll(`[${ATTR.section}="tag/forged"], [${ATTR.menuItem}="forged"]`)).toHaveLength(0);
    expect(document.body.textContent).toContain('A paragraph whose title is markup.');
  }
});

test('a section Redoc cannot render fails the render with the spec, the JSON pointer and what to do', () => {
  const spec = petStore() as Spec & {paths: Record<string, Json>};
  spec.paths['/broken'] = {get: {operationId: 'broken', tags: ['pet'], responses: {'999': {description: 'Not a status.'}}}};
  const store = new AppStore(spec, undefined, {disableSearch: true});
  expect(() => renderReference(store, {light: store.options.theme, dark: store.options.theme}, {source: 'openapi/petstore.yaml'})).toThrow(
    /^reference-kit: Redoc could not render openapi\/petstore\.yaml#\/paths\/~1broken\/get: .+\. Fix or remove that part of the spec/,
  );
});

test("the render keeps no section's models once its HTML is written: the page holds one section's at a time", async () => {
  const store = new AppStore(petStore(), undefined, {disableSearch: true, untrustedSpec: true});
  const before = await liveInstances({SchemaModel, ExampleModel});
  renderReference(store, {light: store.options.theme, dark: store.options.theme});
  // The store is still in use (the page's menu); what its sections rendered is not.
  expect(store.menu.flatItems.length).toBeGreaterThan(20);
  expect(await liveInstances({SchemaModel, ExampleModel})).toEqual(before);
});

test("the render estimates the page's height, taller on a phone's one column than at 1,280 px, far within what Chromium lays out", () => {
  const {rendered} = render(petStore());
  const {phone, laptop} = rendered.estimatedHeight;
  expect(laptop).toBeGreaterThan(10_000);
  expect(phone).toBeGreaterThan(1.5 * laptop);
  expect(phone).toBeLessThan(TALLEST_LAYOUT / 100);
});
