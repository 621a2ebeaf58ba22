/**
 * The live reference's controller (reference-kit/reference/browser/liveController.ts) on the server's
 * HTML of the pet store, in a DOM (jsdom) without React: how a page that loaded with that HTML comes
 * to life. The means React gives it are faked and recorded: rendering a piece, starting the menu,
 * scrolling to a link's target. jsdom lays nothing out, so every section counts as near the
 * viewport. A page reached by a click (the built page, parsed in an inert document a slice at a
 * time) needs a browser's incremental parser: tests/site/api-reference.spec.ts covers it.
 */
import fs from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import {expect, test} from '@playwright/test';
import {parseYaml} from '@redocly/openapi-core';
import {AppStore, RedocNormalizedOptions} from 'redoc';
import {renderReference} from '../../reference-kit/reference/server/renderReference';
import {startLiveReference, sectionsOf, type LiveControllerOptions} from '../../reference-kit/reference/browser/liveController';
import {ATTR, CLASS, SELECTOR} from '../../reference-kit/reference/shared/contract';
import {outlineOf, type OutlineItem} from '../../reference-kit/lib/outline';
import {startLiveMenu, type MenuPage} from '../../reference-kit/reference/browser/liveMenu';
import {REPO_ROOT} from '../../scripts/repoRoot';

const redocRequire = createRequire(require.resolve('redoc/package.json'));
const {JSDOM} = redocRequire('jsdom') as typeof import('jsdom');

/** The globals the kit's browser code uses, from a jsdom window. */
const GLOBALS = ['window', 'document', 'requestAnimationFrame', 'cancelAnimationFrame', 'getComputedStyle', 'CSS', 'Element', 'HTMLElement'] as const;

/** The pet store's page as the build writes it, with a small budget: short sections wait in noscript elements. */
function petStorePage(): {html: string; outline: OutlineItem[]} {
  const spec = parseYaml(fs.readFileSync(path.join(REPO_ROOT, 'openapi/single-file/openapi.yaml'), 'utf8')) as ConstructorParameters<typeof AppStore>[0];
  const store = new AppStore(spec, undefined, {disableSearch: true});
  const outline = outlineOf(new AppStore(spec, undefined, {disableSearch: true}));
  const {styles, html} = renderReference(store, {light: store.options.theme, dark: store.options.theme}, {budget: 40_000});
  return {
    html:
      // The style sheet without its rules: jsdom's getComputedStyle cannot read the `:where()` selectors of the server's CSS.
      `<!doctype html><html><body><div class="${CLASS.styles}"><style ${ATTR.classNames}="${styles.classNames}"></style></div>` +
      `<div class="${CLASS.reference}" ${ATTR.reference}="">${html}</div></body></html>`,
    outline,
  };
}

interface Recorded {
  live: (string | undefined)[];
  menuPages: MenuPage[];
  stylesInPage: number;
  unavailable: unknown[];
  clicks: number;
}

/** Animation frames asked for after a test's window closed, before the next one opens. */
const framesBetweenTests: FrameRequestCallback[] = [];

/** Starts the controller on the page in a fresh window (scripts on: noscript content is text, as in a browser). */
function start(html: string, outline: OutlineItem[], overrides: Partial<LiveControllerOptions> = {}, url?: string) {
  // Scripts on: the parser reads noscript content as text, as a browser running scripts does (the page holds no script).
  const {window} = new JSDOM(html, {runScripts: 'dangerously', pretendToBeVisual: true, ...(url && {url})});
  const scope = globalThis as Record<string, unknown>;
  const saved = GLOBALS.map((name) => [name, scope[name]] as const);
  Object.assign(scope, {
    window,
    document: window.document,
    // The queue's state outlives a test's window (one per test), and a frame it asked a closed window
    // for would never come: frames run on Node's timers, in the window of the test then running.
    requestAnimationFrame: (callback: FrameRequestCallback) => setTimeout(() => (scope.window ? callback(performance.now()) : framesBetweenTests.push(callback)), 16),
    cancelAnimationFrame: (handle: ReturnType<typeof setTimeout>) => clearTimeout(handle),
    getComputedStyle: window.getComputedStyle.bind(window),
    Element: window.Element,
    HTMLElement: window.HTMLElement,
    // jsdom has no CSS.escape; the kit escapes ids for attribute selectors in double quotes.
    CSS: {escape: (value: string) => value.replace(/["\\]/g, '\\$&')},
  });
  framesBetweenTests.splice(0).forEach((callback) => setTimeout(() => callback(performance.now()), 0));
  const document = window.document;
  const root = document.querySelector<HTMLElement>(`[${ATTR.reference}]`)!;
  const recorded: Recorded = {live: [], menuPages: [], stylesInPage: 0, unavailable: [], clicks: 0};
  const early = document.createElement('button');
  early.addEventListener('click', () => (recorded.clicks += 1));
  const stop = startLiveReference({
    root,
    styles: document.querySelector<HTMLElement>(`.${CLASS.styles}`)!,
    source: 'page',
    outline,
    target: '',
    takeEarlyClicks: () => [early],
    bringToLife(element, id) {
      element.replaceChildren(document.createTextNode(`rendered ${id ?? 'info'}`));
      recorded.live.push(id);
      return true;
    },
    startMenu(page) {
      recorded.menuPages.push(page);
      return {dispose: () => undefined};
    },
    stylesInPage: () => (recorded.stylesInPage += 1),
    scrollToTarget: () => undefined,
    onUnavailable: (error) => recorded.unavailable.push(error),
    ...overrides,
  });
  const restore = () => {
    stop();
    for (const [name, value] of saved) scope[name] = value;
    window.close();
  };
  return {window, document, root, recorded, stop, restore};
}

/** Waits until `done` holds, polling. */
async function until(done: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !done(); waited += 20) {
    if (waited > 10_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test.describe.configure({mode: 'serial'});
const page = petStorePage();
const sectionIds = sectionsOf(page.outline).map((item) => item.id);

test('the short sections go into the page from their noscript elements, in order, and every piece comes to life once', async () => {
  const {root, recorded, restore} = start(page.html, page.outline);
  try {
    const content = root.querySelector(`.${CLASS.content}`)!;
    const inPageAtFirst = root.querySelectorAll(SELECTOR.sections).length;
    expect(inPageAtFirst).toBeGreaterThan(0);
    expect(inPageAtFirst).toBeLessThan(sectionIds.length);
    await until(() => root.querySelectorAll(SELECTOR.sections).length === sectionIds.length, 'the sections ahead');
    expect(Array.from(root.querySelectorAll(SELECTOR.sections), (section) => section.getAttribute(ATTR.section))).toEqual(sectionIds);
    // The noscript elements are gone, and with the last step the room they held.
    expect(root.querySelectorAll(SELECTOR.aheadParts)).toHaveLength(0);
    expect(content.hasAttribute(ATTR.ahead)).toBe(false);
    await until(() => recorded.live.length === sectionIds.length + 1, 'every piece to come to life');
    expect(recorded.live[0]).toBeUndefined();
    expect([...recorded.live.slice(1)].sort()).toEqual([...sectionIds].sort());
    // A section that came to life has Redoc's classes back, and nothing pending.
    for (const section of Array.from(root.querySelectorAll<HTMLElement>(SELECTOR.sections))) {
      expect(section.hasAttribute(ATTR.pending) || section.hasAttribute(ATTR.classes)).toBe(false);
      expect(section.classList.contains(CLASS.section)).toBe(true);
      expect(section.classList.length).toBeGreaterThan(1);
    }
    expect(recorded.stylesInPage).toBe(1);
    expect(recorded.unavailable).toEqual([]);
  } finally {
    restore();
  }
});

test('the menu starts at once, a click made before is done again, and a closed list is filled from its noscript element when asked', async () => {
  const {root, recorded, restore} = start(page.html, page.outline);
  try {
    expect(recorded.menuPages).toHaveLength(1);
    expect(recorded.clicks).toBe(1);
    const held = root.querySelector(`noscript[${ATTR.list}]`)!;
    expect(held, 'the pet store has a closed list held').not.toBeNull();
    const item = held.parentElement!.parentElement!;
    const id = item.getAttribute(ATTR.menuItem)!;
    recorded.menuPages[0]!.fillList!(id);
    const items = Array.from(item.querySelectorAll(`:scope > ul > li[${ATTR.menuItem}]`), (li) => li.getAttribute(ATTR.menuItem));
    const children = page.outline.flatMap(function find(entry: OutlineItem): OutlineItem[] {
      return entry.id === id ? entry.items ?? [] : (entry.items ?? []).flatMap(find);
    });
    expect(items).toEqual(children.map((child) => child.id));
    expect(item.querySelector(`noscript[${ATTR.list}]`)).toBeNull();
  } finally {
    restore();
  }
});

test('sections ahead that are not those of the outline: the built HTML is given up, not guessed at', async () => {
  const outline = [...page.outline, {id: 'tag/extra', type: 'tag', depth: 1, part: 'info'} as unknown as OutlineItem];
  const {recorded, restore} = start(page.html, outline);
  try {
    await until(() => recorded.unavailable.length > 0, 'the controller to give up');
    expect(String(recorded.unavailable[0])).toContain('do not match');
  } finally {
    restore();
  }
});

test('a piece whose pieces of the spec are on their way comes to life once they are in; one whose pieces cannot be had stays as it is', async () => {
  const [waited, failing] = [sectionIds[1]!, sectionIds[2]!];
  let arrive!: () => void;
  const arrival = new Promise<void>((resolve) => (arrive = resolve));
  const asked: (string | undefined)[] = [];
  const warnings: unknown[][] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => void warnings.push(args);
  const prepared = new Set<string | undefined>();
  const {root, recorded, restore} = start(page.html, page.outline, {
    prepare(id) {
      asked.push(id);
      if (prepared.has(id)) return undefined;
      if (id === failing) return Promise.reject(new Error('HTTP 404'));
      if (id !== waited) return undefined;
      return arrival.then(() => void prepared.add(id));
    },
  });
  try {
    await until(() => recorded.live.length === sectionIds.length - 1, `every piece but two to come to life (${recorded.live.length} of ${sectionIds.length + 1})`);
    expect(recorded.live).not.toContain(waited);
    arrive();
    await until(() => recorded.live.includes(waited), 'the piece that waited');
    expect(asked.filter((id) => id === waited), 'prepared again once its pieces are in').toHaveLength(2);
    const failed = root.querySelector(`[${ATTR.section}="${failing}"]`)!;
    expect(failed.textContent).not.toContain('rendered');
    expect(failed.textContent!.length).toBeGreaterThan(0);
    expect(recorded.live).not.toContain(failing);
    expect(String(warnings.flat()[0])).toContain(`the section ${failing} could not come to life`);
  } finally {
    console.warn = warn;
    restore();
  }
});

test('once stopped, nothing more comes to life and no section goes in', async () => {
  const {root, recorded, stop, restore} = start(page.html, page.outline);
  try {
    // Stopped before the first frame: no section has come to life, and the sections ahead are all still to come.
    stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(recorded.live).toEqual([]);
    expect(root.querySelectorAll(SELECTOR.sections).length).toBeLessThan(sectionIds.length);
  } finally {
    restore();
  }
});

test("the menu writes its active item's hash onto its own page's address, and not onto the next page's while it is still shown", async () => {
  const {window, document, root, restore} = start(
    page.html,
    page.outline,
    {
      // The kit's own menu, on this page's HTML (the other tests record the call instead).
      startMenu: (menuPage) => startLiveMenu(globalThis.document.querySelector<HTMLElement>(`[${ATTR.reference}]`)!, page.outline, new RedocNormalizedOptions({}), menuPage),
    },
    'http://127.0.0.1/reference/pet/',
  );
  try {
    // jsdom lays nothing out and has no scrolling into view.
    window.HTMLElement.prototype.scrollIntoView = () => undefined;
    await until(() => root.querySelectorAll(SELECTOR.sections).length === sectionIds.length, 'the sections ahead');
    const click = (id: string) => root.querySelector<HTMLElement>(`${SELECTOR.menuItems}[${ATTR.menuItem}="${id}"]`)!.click();
    click('tag/store');
    expect(window.location.href).toBe('http://127.0.0.1/reference/pet/#tag/store');
    // A click to the next page: the router shows its address while this page waits for that one's chunks.
    window.history.pushState(null, '', '/reference/store/');
    click('tag/user');
    expect(window.location.href).toBe('http://127.0.0.1/reference/store/');
    expect(document.querySelector(`${SELECTOR.menuItems}[${ATTR.menuItem}="tag/user"]`)).not.toBeNull();
  } finally {
    restore();
  }
});
