/**
 * The server's HTML of a reference, for a page the reader reached by client-side navigation.
 *
 * Such a page is rendered by the router with no server HTML: rendering the whole reference with
 * React blocks a phone for seconds on the pet store, and for a minute on a large spec. The static
 * build has the page's HTML, though, with the reference's HTML and its CSS for both colour modes
 * (./BuiltReference.server.tsx). This module reads that HTML (the page's own address, fetched from
 * the same origin) and puts it into the page a piece at a time, each piece a few milliseconds of
 * work, so that the reference then comes to life exactly as on a load of that HTML
 * (./LiveReference.tsx):
 * 1. the reference's CSS;
 * 2. its frame: the menu without its items, the API's info block, the phone's menu button;
 * 3. the menu's items, the lists that do not show yet (a tag's operations) left empty;
 * 4. every section as an empty element, with the id, classes and estimated height the server gave
 *    it, so that the page is as tall as it will be and a link to a section lands where it should;
 * 5. in idle time, the menu's lists and the server's HTML of each section that has not come to
 *    life yet (readable by find-in-page and assistive technology, as on a load).
 * The page is never parsed as a whole: the reference is found in the text with string searches,
 * in slices too, and only what goes into the page is parsed.
 */
import {AHEAD_PROPERTIES, SECTIONS_PER_STEP} from '../server/sectionEstimates';
import {afterNextFrame, nextTask} from '../shared/tasks';

/** HTML parsed per slice. */
const SLICE_LENGTH = 12_000;
/** Main-thread work per task, in milliseconds, before yielding to the browser. */
const TASK_BUDGET_MS = 8;
/** Work per idle period, in milliseconds: a task shorter than 50 ms is not a long task. */
const IDLE_BUDGET_MS = 40;

/** A unit of work; a generator of them yields where a task may end. */
type Step = () => void;

/**
 * Runs `steps` in order, in tasks of about `TASK_BUDGET_MS` each, or with `oneStepPerTask` one step
 * per frame (steps that add to the page: the browser styles and lays out what was added in the next
 * frame, work that grows with what was added); rejects if `signal` aborts.
 */
export async function runInSlices(steps: Iterable<Step | void>, signal: AbortSignal, oneStepPerTask = false): Promise<void> {
  let start = performance.now();
  for (const step of steps) {
    if (signal.aborted) throw new DOMException('The reference was left', 'AbortError');
    if (typeof step === 'function') step();
    if (oneStepPerTask) {
      // After the next frame: its style and layout are then those of this step's additions alone.
      await afterNextFrame();
      start = performance.now();
    } else if (performance.now() - start > TASK_BUDGET_MS) {
      await nextTask();
      start = performance.now();
    }
  }
  if (signal.aborted) throw new DOMException('The reference was left', 'AbortError');
}

/**
 * Where the element `tag` that opens at `start` ends (after its closing tag), counting only tags of
 * that name; `depth` elements of that name are open already when it is more than 0.
 */
export function elementEnd(html: string, start: number, tag: string, depth = 0): number {
  const pattern = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'g');
  pattern.lastIndex = start;
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) return pattern.lastIndex;
  }
  return -1;
}

/** Where the opening tag that starts at `start` ends. */
const openingTagEnd = (html: string, start: number) => html.indexOf('>', start) + 1;

/** The direct children `tag` of the element whose content is `html[start, end)`, as ranges, one at a time. */
function* children(html: string, start: number, end: number, tag: string): Generator<[number, number]> {
  const opening = new RegExp(`<${tag}\\b`, 'g');
  let position = start;
  while (position < end) {
    opening.lastIndex = position;
    const match = opening.exec(html);
    if (!match || match.index >= end) return;
    const childEnd = elementEnd(html, match.index, tag);
    if (childEnd === -1 || childEnd > end) throw new Error('reference-kit: unbalanced HTML in the built reference');
    yield [match.index, childEnd];
    position = childEnd;
  }
}

/** A section of the built reference: its opening tag, and where its content is in the page's HTML. */
export interface BuiltSection {
  id: string;
  openingTag: string;
  content: [number, number];
}

/** What the page's HTML holds of one reference. */
export interface BuiltReferenceHtml {
  html: string;
  /** The content of the `.redocusaurus-styles` element: the reference's style sheets. */
  styles: string;
  /** The reference's content with the menu's list and the sections left empty. */
  frame: string;
  /** The menu's root list's content. */
  menu: [number, number];
  sections: BuiltSection[];
}

/** An attribute's value as React writes it in HTML. */
const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const decodeAttribute = (text: string) =>
  text.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

const STYLES_MARKER = '<div class="redocusaurus-styles">';

/** Scanning sections: its steps, and where it stopped once they are done (-1 when what it found was not the sections expected). */
interface SectionScan {
  steps: Generator<Step>;
  position: number;
}

/**
 * Finds the sections among the elements of `html` from `start` on (the content of a content column,
 * or of its noscript element), up to the end of their parent, and adds them to `sections`; they
 * must be `sectionIds` from `sections.length` on, in order. Other elements are skipped (the info
 * block, the noscript element's style); the noscript element's sections are the content column's
 * (./sectionStubs.tsx).
 */
function scanSections(html: string, start: number, sectionIds: string[], sections: BuiltSection[]): SectionScan {
  const scan: SectionScan = {steps: steps(), position: -1};
  function* steps(): Generator<Step> {
    let position = start;
    for (;;) {
      const next = html.indexOf('<', position);
      if (next === -1 || html.startsWith('</div>', next)) {
        scan.position = next === -1 ? html.length : next;
        return;
      }
      if (html.startsWith('<noscript', next)) position = openingTagEnd(html, next);
      else if (html.startsWith('</noscript>', next)) position = next + '</noscript>'.length;
      else if (html.startsWith('<style', next)) position = html.indexOf('</style>', next) + '</style>'.length;
      else {
        const end = elementEnd(html, next, 'div');
        if (end === -1) throw new Error('reference-kit: unbalanced HTML in the built reference');
        const tagEnd = openingTagEnd(html, next);
        const openingTag = html.slice(next, tagEnd);
        const id = /\sdata-section-id="([^"]*)"/.exec(openingTag)?.[1];
        if (id !== undefined) {
          const section = {id: decodeAttribute(id), openingTag, content: [tagEnd, end - '</div>'.length] as [number, number]};
          if (section.id !== sectionIds[sections.length]) return;
          sections.push(section);
        }
        position = end;
      }
      yield () => {};
    }
  }
  return scan;
}

/**
 * Finds in the page's HTML the reference whose sections are `sectionIds` (in page order): the
 * page's `index`-th reference if it is one, or else the first that is. Undefined when there is
 * none. Its sections are found a few at a time, in tasks of their own.
 */
export async function readBuiltReference(html: string, sectionIds: string[], index: number, signal: AbortSignal): Promise<BuiltReferenceHtml | undefined> {
  const starts: number[] = [];
  for (let at = html.indexOf(STYLES_MARKER); at !== -1; at = html.indexOf(STYLES_MARKER, at + STYLES_MARKER.length)) starts.push(at);
  // The `index`-th first, then the others in order.
  const order = [...starts.slice(index, index + 1), ...starts.filter((_, i) => i !== index)];
  for (const at of order) {
    const reference = await readOne(html, at, sectionIds, signal);
    if (reference) return reference;
  }
  return undefined;
}

async function readOne(html: string, at: number, sectionIds: string[], signal: AbortSignal): Promise<BuiltReferenceHtml | undefined> {
  const stylesEnd = elementEnd(html, at, 'div');
  if (stylesEnd === -1 || !html.startsWith('<div class="redocusaurus', stylesEnd)) return undefined;
  const styles = html.slice(at + STYLES_MARKER.length, stylesEnd - '</div>'.length);
  const contentStart = openingTagEnd(html, stylesEnd);

  const menuContent = html.indexOf('menu-content', contentStart);
  const menuList = html.indexOf('<ul', menuContent);
  const apiContentClass = html.indexOf('api-content"', contentStart);
  if (menuContent === -1 || menuList === -1 || apiContentClass === -1 || menuList > apiContentClass) return undefined;
  const menuListEnd = elementEnd(html, menuList, 'ul');
  if (menuListEnd === -1) return undefined;
  const menu: [number, number] = [openingTagEnd(html, menuList), menuListEnd - '</ul>'.length];
  const apiContent = html.lastIndexOf('<div', apiContentClass);

  // The content column's children: the info block, then the sections, each up to the next.
  const sections: BuiltSection[] = [];
  const scan = scanSections(html, openingTagEnd(html, apiContent), sectionIds, sections);
  await runInSlices(scan.steps, signal);
  const position = scan.position;
  if (position === -1 || sections.length !== sectionIds.length) return undefined;
  // After the content column, the rest of Redoc's wrapper: two open elements (the wrapper and the reference).
  const apiContentEnd = position + '</div>'.length;
  const referenceEnd = elementEnd(html, apiContentEnd, 'div', 2);
  if (referenceEnd === -1) return undefined;
  const firstSection = sections[0] ? sections[0].content[0] - sections[0].openingTag.length : position;
  return {
    html,
    styles,
    frame: html.slice(contentStart, menu[0]) + html.slice(menu[1], firstSection) + html.slice(position, referenceEnd - '</div>'.length),
    menu,
    sections,
  };
}

/** Joins consecutive HTML strings into slices of about `SLICE_LENGTH` characters. */
function* slices(parts: Iterable<string>): Generator<string> {
  let current = '';
  for (const part of parts) {
    if (current && current.length + part.length > SLICE_LENGTH) {
      yield current;
      current = '';
    }
    current += part;
  }
  if (current) yield current;
}

/** A list of the menu's items longer than this waits when it does not show (`menuItems`). */
const DEFERRED_LIST_LENGTH = 2_000;

/**
 * The menu's items, `html[start, end)` (the content of a list), one item's HTML at a time, with in
 * each long list of an item whose list does not show (a tag's operations, until the tag opens) what
 * `closed` gives for it from the list's id and content. The lists of groups of tags (`expandedIds`)
 * show: they are kept, their own items treated alike.
 */
function* menuItems(
  html: string,
  [start, end]: [number, number],
  expandedIds: Set<string>,
  closed: (id: string, content: [number, number]) => string,
): Generator<string> {
  for (const [itemStart, itemEnd] of children(html, start, end, 'li')) {
    const nested = html.indexOf('<ul', itemStart);
    if (nested === -1 || nested > itemEnd) {
      yield html.slice(itemStart, itemEnd);
      continue;
    }
    const nestedEnd = elementEnd(html, nested, 'ul');
    const content: [number, number] = [openingTagEnd(html, nested), nestedEnd - '</ul>'.length];
    const id = decodeAttribute(/\sdata-item-id="([^"]*)"/.exec(html.slice(itemStart, openingTagEnd(html, itemStart)))?.[1] ?? '');
    let inner: string;
    if (expandedIds.has(id)) inner = Array.from(menuItems(html, content, expandedIds, closed)).join('');
    else if (content[1] - content[0] > DEFERRED_LIST_LENGTH) inner = closed(id, content);
    else inner = html.slice(content[0], content[1]);
    yield html.slice(itemStart, content[0]) + inner + html.slice(content[1], itemEnd);
  }
}

const LIST_NOSCRIPT = '<noscript data-kit-list="">';

/**
 * The server's HTML of a reference with the items of each long list of its menu that does not show
 * (`menuItems`) in a noscript element in the list: a browser running scripts reads them as text and
 * builds none of their elements while the page loads (GitHub's REST API: 1,223 items, 0.75 MB of
 * the page). The kit puts a list's items in when it first shows (`fillMenuList`); without scripts a
 * list that does not show cannot be opened, and nothing changes. `expandedIds` as for `menuItems`.
 */
export function withMenuListsInNoscript(html: string, expandedIds: Set<string>): string {
  const menuContent = html.indexOf('menu-content');
  const list = menuContent === -1 ? -1 : html.indexOf('<ul', menuContent);
  const listEnd = list === -1 ? -1 : elementEnd(html, list, 'ul');
  if (listEnd === -1) return html;
  const content: [number, number] = [openingTagEnd(html, list), listEnd - '</ul>'.length];
  const items = menuItems(html, content, expandedIds, (_, [start, end]) => `${LIST_NOSCRIPT}${html.slice(start, end)}</noscript>`);
  return html.slice(0, content[0]) + Array.from(items).join('') + html.slice(content[1]);
}

/** A list's content `html[start, end)`, inside the noscript element the server put it in, if it did. */
function listItems(html: string, [start, end]: [number, number]): [number, number] {
  return html.startsWith(LIST_NOSCRIPT, start) && html.startsWith('</noscript>', end - '</noscript>'.length)
    ? [start + LIST_NOSCRIPT.length, end - '</noscript>'.length]
    : [start, end];
}

/** Puts in the items of the menu's list of item `id` in `root` that the server left in a noscript element. */
export function fillMenuList(root: HTMLElement, id: string): void {
  const list = root.querySelector(`.menu-content li[data-item-id="${CSS.escape(id)}"] > ul`);
  const held = list?.querySelector(':scope > noscript[data-kit-list]');
  if (list && held) list.innerHTML = held.textContent ?? '';
}

/**
 * The sections of a reference going into the page. A section put in empty gets Redoc's classes back
 * as it gets its content (from React, or the server's HTML): `claim`. One that comes to life while
 * other sections still go in keeps only the padding of Redoc's classes until they are all in
 * (./reference.css): with a rule on its place among its siblings (Redoc's `:last-of-type` before
 * the kit's patch, or a reader's own) on one section, each addition has the browser restyle every
 * section.
 */
export class SectionClasses {
  private adding = true;
  private readonly waiting: HTMLElement[] = [];

  claim(element: HTMLElement): void {
    const classes = element.getAttribute('data-kit-pending');
    if (classes === null) return;
    element.removeAttribute('data-kit-pending');
    if (this.adding) {
      element.setAttribute('data-kit-classes', classes);
      this.waiting.push(element);
    } else element.className = classes;
  }

  /** All sections are in: the sections that came to life meanwhile get Redoc's classes. */
  allIn(): void {
    this.adding = false;
    for (const element of this.waiting.splice(0)) {
      element.className = element.getAttribute('data-kit-classes') ?? element.className;
      element.removeAttribute('data-kit-classes');
    }
  }
}

/** The reference put into the page, and what of the server's HTML is left to add. */
export interface AdoptedReference {
  /** The sections' elements, in page order. */
  sections: HTMLElement[];
  /** The section whose server HTML holds an element with this `data-section-id` (an operation's own id). */
  holding(id: string): HTMLElement | undefined;
  /** Puts the server's HTML into a section that has not come to life, now (a link's target, say). */
  fill(section: HTMLElement): void;
  /** Leaves a section out of the idle-time filling: it is coming to life, its content coming from React. */
  claim(section: HTMLElement): void;
  /** Fills the menu's lists and the sections not claimed, in idle time, nearest the viewport first. */
  fillWhenIdle(signal: AbortSignal): void;
}

/**
 * Puts the reference's CSS into `styles` (unless a style sheet for the same class names is in the
 * document already: a reference seen before keeps its CSS, see ./LiveReference.tsx), and the frame,
 * the menu and the sections into `root`, in slices. The lists of the menu's closed items and the
 * sections' content are added later (`fillList`, `fill`, `fillWhenIdle`). `expandedIds` are the
 * menu items whose lists show from the start (groups of tags); `sectionClass` is the kit's own class
 * of a section (./Reference.module.css); `classes` gives sections Redoc's classes back;
 * `onFirstSections` is called with the sections in the page once the first slice of them is in, so
 * that those can come to life while the others go in, and with `fillList` for the menu, which comes
 * to life then.
 */
export async function adoptBuiltReference(
  built: BuiltReferenceHtml,
  root: HTMLElement,
  styles: HTMLElement,
  {
    expandedIds,
    sectionClass,
    classes,
    onFirstSections,
  }: {
    expandedIds: Set<string>;
    sectionClass: string;
    classes: SectionClasses;
    onFirstSections?: (sections: HTMLElement[], fillList: (id: string) => void) => void;
  },
  signal: AbortSignal,
): Promise<AdoptedReference> {
  const {html} = built;
  const deferredLists = new Map<string, [number, number]>();
  const fillList = (id: string) => {
    const range = deferredLists.get(id);
    if (!range) return;
    deferredLists.delete(id);
    const list = root.querySelector(`.menu-content li[data-item-id="${CSS.escape(id)}"] > ul`);
    if (list) list.innerHTML = html.slice(range[0], range[1]);
  };
  const steps = function* (): Generator<Step> {
    yield () => {
      const template = document.createElement('template');
      template.innerHTML = built.styles;
      const present = new Set(Array.from(document.querySelectorAll<HTMLStyleElement>('style[data-class-names]'), (style) => style.dataset.classNames));
      const names = template.content.querySelector<HTMLStyleElement>('style[data-class-names]')?.dataset.classNames;
      if (names === undefined || !present.has(names)) styles.replaceChildren(template.content);
      else {
        // The sections' estimates are the reference's own, even when its classes are those of one seen before.
        const heights = template.content.querySelector<HTMLStyleElement>('style[data-kit-heights]');
        const key = heights?.dataset.kitHeights;
        if (heights && !document.querySelector(`style[data-kit-heights="${CSS.escape(key ?? '')}"]`)) styles.replaceChildren(heights);
      }
    };
    yield () => {
      root.innerHTML = built.frame;
    };
    const menuList = () => root.querySelector('.menu-content ul')!;
    const deferList = (id: string, content: [number, number]) => {
      deferredLists.set(id, listItems(html, content));
      return '';
    };
    for (const slice of slices(menuItems(html, built.menu, expandedIds, deferList))) {
      yield () => menuList().insertAdjacentHTML('beforeend', slice);
    }
    const content = () => root.querySelector('.api-content')!;
    let first = true;
    for (const slice of slices(built.sections.map((section) => sectionShell(section, sectionClass)))) {
      yield () => {
        content().insertAdjacentHTML('beforeend', slice);
        if (!first) return;
        first = false;
        onFirstSections?.(Array.from(root.querySelectorAll<HTMLElement>('.api-content > [data-section-id]')), fillList);
      };
    }
  };
  await runInSlices(steps(), signal, true);
  classes.allIn();
  const sections = Array.from(root.querySelectorAll<HTMLElement>('.api-content > [data-section-id]'));
  return sectionsToFill(html, built.sections, sections, classes, {lists: deferredLists, fillList});
}

/**
 * A section put into the page empty, until filled or rendered: its opening tag, marked so that it
 * holds its estimated height (./reference.css), and with only the kit's class (`sectionClass`):
 * with a rule of Redoc's sections on their place among their siblings (`:last-of-type`, before the
 * kit's patch of Redoc made it `:last-child`), the browser restyles every section of the content
 * column whenever one is added. Without their classes, the sections go in a slice at a time, each
 * slice restyled on its own (`SectionClasses` gives the classes back).
 */
function sectionShell(section: BuiltSection, sectionClass: string): string {
  return (
    section.openingTag.replace(/\sclass="([^"]*)"/, (_, classes: string) => {
      const kept = classes.split(' ').filter((name) => name === sectionClass);
      return ` class="${kept.join(' ')}" data-kit-pending="${classes}"`;
    }) + '</div>'
  );
}

/**
 * The sections the server put into the page's noscript elements (./sectionStubs.tsx), put into the
 * page on a load of the page: empty, at the end of the content column, `SECTIONS_PER_STEP` a frame,
 * the room the column holds for them (its bottom padding, ./reference.css) made smaller by theirs
 * as they go in, so that the page keeps its height (the browser builds, styles and lays out a few
 * dozen sections a frame, not a thousand in the first). Their content is the noscript elements'
 * text, filled as on a page reached by client-side navigation. `sectionIds` are the ids of the
 * sections after those in the page. Undefined when the page has no such sections; rejects when they
 * are not those of `sectionIds`.
 */
export async function adoptSectionsAhead(
  root: HTMLElement,
  sectionIds: string[],
  {sectionClass, classes}: {sectionClass: string; classes: SectionClasses},
  signal: AbortSignal,
): Promise<AdoptedReference | undefined> {
  const content = root.querySelector<HTMLElement>('.api-content[data-kit-ahead]');
  // The sections come in several noscript elements, one after the other; the first gives the steps.
  const noscripts = content ? Array.from(content.querySelectorAll<HTMLElement>(':scope > noscript[data-kit-ahead]')) : [];
  if (!content || noscripts.length === 0) return undefined;
  const html = noscripts.map((noscript) => noscript.textContent ?? '').join('');
  const rooms = (noscripts[0]!.dataset.kitAhead ?? '').split(' ').filter(Boolean).map((step) => step.split(','));
  const built: BuiltSection[] = [];
  const scan = scanSections(html, 0, sectionIds, built);
  await runInSlices(scan.steps, signal);
  if (scan.position === -1 || built.length !== sectionIds.length) throw new Error('reference-kit: the sections of the page do not match its outline');
  // Out of the column first: sections go in last in it, after no other element (./reference.css).
  noscripts.forEach((noscript) => noscript.remove());
  const steps = function* (): Generator<Step> {
    for (let first = 0, step = 0; first < built.length; first += SECTIONS_PER_STEP, step++) {
      const shells = built.slice(first, first + SECTIONS_PER_STEP).map((section) => sectionShell(section, sectionClass));
      const room = rooms[step];
      yield () => {
        content.insertAdjacentHTML('beforeend', shells.join(''));
        if (room) AHEAD_PROPERTIES.forEach((name, index) => content.style.setProperty(name, room[index] ?? '0'));
        else {
          content.removeAttribute('data-kit-ahead');
          AHEAD_PROPERTIES.forEach((name) => content.style.removeProperty(name));
        }
      };
    }
  };
  await runInSlices(steps(), signal, true);
  classes.allIn();
  const ids = new Set(sectionIds);
  const sections = Array.from(content.querySelectorAll<HTMLElement>(':scope > [data-section-id]')).filter((element) => ids.has(element.dataset.sectionId!));
  return sectionsToFill(html, built, sections, classes);
}

/**
 * The sections put into the page empty (`sections`, the elements of `built`, whose content is in
 * `html`), filled on demand or in idle time, and the menu's lists left out (`lists`), likewise.
 */
function sectionsToFill(
  html: string,
  built: BuiltSection[],
  sections: HTMLElement[],
  classes: SectionClasses,
  {lists, fillList}: {lists: Map<string, unknown>; fillList: (id: string) => void} = {lists: new Map(), fillList: () => undefined},
): AdoptedReference {
  // Sections that came to life while the others went in are not filled.
  const unfilled = new Map(
    sections.flatMap((element, index) => (element.hasAttribute('data-kit-pending') ? [[element, built[index]!] as const] : [])),
  );
  const claim = (element: HTMLElement) => {
    unfilled.delete(element);
    classes.claim(element);
  };
  const fill = (element: HTMLElement) => {
    const section = unfilled.get(element);
    if (!section) return;
    element.innerHTML = html.slice(section.content[0], section.content[1]);
    claim(element);
  };
  const holding = (id: string) => {
    const attribute = ` data-section-id="${escapeAttribute(id)}"`;
    const at = html.indexOf(attribute, built[0]?.content[0] ?? html.length);
    const index = built.findIndex(({content: [start, end]}) => at >= start && at < end);
    return index === -1 ? undefined : sections[index];
  };
  return {
    sections,
    holding,
    fill,
    claim,
    fillWhenIdle(fillSignal) {
      const idle =
        typeof requestIdleCallback === 'function'
          ? requestIdleCallback
          : (callback: IdleRequestCallback) => setTimeout(() => callback({didTimeout: false, timeRemaining: () => 5}), 50);
      const distance = (element: HTMLElement) => {
        const rect = element.getBoundingClientRect();
        return rect.bottom < 0 ? -rect.bottom : Math.max(0, rect.top - window.innerHeight);
      };
      // The menu's lists, then the sections nearest the viewport first (where the reader is likely
      // to look), in an order found once: finding it again would lay the page out each time.
      let order: HTMLElement[] | undefined;
      let cursor = 0;
      const run = (deadline: IdleDeadline) => {
        if (fillSignal.aborted) return;
        const start = performance.now();
        // Most of an idle period (up to 50 ms), not a few milliseconds: the frame after each filling
        // costs the browser about the same whatever was filled (a thousand skipped sections on a
        // phone: tens of milliseconds), so fewer, fuller periods cost the page less.
        const timeLeft = () => deadline.timeRemaining() > 6 && performance.now() - start < IDLE_BUDGET_MS;
        do {
          const list = lists.keys().next();
          if (!list.done) {
            fillList(list.value as string);
            continue;
          }
          order ??= Array.from(unfilled.keys())
            .map((element) => ({element, distance: distance(element)}))
            .sort((a, b) => a.distance - b.distance)
            .map(({element}) => element);
          while (cursor < order.length && !unfilled.has(order[cursor]!)) cursor += 1;
          const next = order[cursor];
          if (!next) return;
          fill(next);
        } while (timeLeft());
        idle(run);
      };
      idle(run);
    },
  };
}
