/**
 * Sections of the server's HTML put into the page a few at a time, then filled.
 *
 * A section goes in first as an empty element of its estimated height (a shell: the server's
 * element without its content), so that the page is as tall as it will be and a link to a section
 * lands where it should; its content follows on demand (a link's target, a section coming to
 * life takes its content from React instead) or in idle time, nearest the viewport first. The
 * sections come from elements the browser's own parser built, never from HTML text read by the
 * kit: on a load of the page, the noscript elements of the sections ahead (../shared/contract.js), each
 * parsed in a `<template>`; on a page reached by a click, the page's built HTML (./builtPage.ts).
 */
import {ATTR, AHEAD_PROPS, CLASS, SECTIONS_PER_STEP, SELECTOR} from '../shared/contract';
import {runInSlices, type Step} from './slices';

/** Work per idle period, in milliseconds: a task shorter than 50 ms is not a long task. */
const IDLE_BUDGET_MS = 40;
/** Longest wait for an idle period: a page that is never idle still gets its sections' HTML. */
const IDLE_TIMEOUT_MS = 1_000;

/**
 * The sections of a reference going into the page. A section put in empty gets Redoc's classes back
 * as it gets its content (from React, or the server's HTML): `claim`. One that comes to life while
 * other sections still go in keeps only the padding of Redoc's classes until they are all in
 * (../shared/heldCss.ts): with a rule on its place among its siblings (Redoc's `:last-of-type`
 * before the kit's patch, or a reader's own) on one section, each addition has the browser restyle
 * every section.
 */
export class SectionClasses {
  private adding = true;
  private readonly waiting: HTMLElement[] = [];

  claim(element: HTMLElement): void {
    const classes = element.getAttribute(ATTR.pending);
    if (classes === null) return;
    element.removeAttribute(ATTR.pending);
    if (this.adding) {
      element.setAttribute(ATTR.classes, classes);
      this.waiting.push(element);
    } else element.className = classes;
  }

  /** All sections are in: the sections that came to life meanwhile get Redoc's classes. */
  allIn(): void {
    this.adding = false;
    for (const element of this.waiting.splice(0)) {
      element.className = element.getAttribute(ATTR.classes) ?? element.className;
      element.removeAttribute(ATTR.classes);
    }
  }
}

/** The reference put into the page, and what of the server's HTML is left to add. */
export interface AdoptedReference {
  /** The sections' elements, in page order. */
  sections: HTMLElement[];
  /** The section whose server HTML holds an element with this `ATTR.section` (an operation's own id). */
  holding(id: string): HTMLElement | undefined;
  /** Puts the server's HTML into a section that has not come to life, now (a link's target, say). */
  fill(section: HTMLElement): void;
  /** Leaves a section out of the idle-time filling: it is coming to life, its content coming from React. */
  claim(section: HTMLElement): void;
  /** Fills the menu's lists and the sections not claimed, in idle time, nearest the viewport first. */
  fillWhenIdle(signal: AbortSignal): void;
}

/**
 * A section put into the page empty, until filled or rendered: the server's element without its
 * content, marked so that it holds its estimated height (../shared/heldCss.ts), and with only the
 * kit's class: with a rule of Redoc's sections on their place among their siblings, the browser
 * restyles every section of the content column whenever one is added. Without their classes the
 * sections go in a slice at a time, each slice restyled on its own (`SectionClasses` gives the
 * classes back).
 */
export function sectionShell(section: Element): HTMLElement {
  const shell = document.importNode(section, false) as HTMLElement;
  shell.setAttribute(ATTR.pending, shell.className);
  shell.className = CLASS.section;
  return shell;
}

/** The elements a `<template>` parses `html` into: the browser's parser, inert (no script runs, nothing loads). */
export function parseInert(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

/** The sections among `parent`'s children, in order. */
export function childSections(parent: ParentNode): Element[] {
  return Array.from(parent.children).filter((child) => child.hasAttribute(ATTR.section));
}

/**
 * The sections the server put into the page's noscript elements (../server/renderReference.ts),
 * put into the page on a load of the page: empty, at the end of the content column,
 * `SECTIONS_PER_STEP` a frame, the room the column holds for them (its bottom padding) made smaller
 * by theirs as they go in, so that the page keeps its height (the browser builds, styles and lays
 * out a few dozen sections a frame, not a thousand in the first). A browser running scripts reads a
 * noscript element's content as text: each one is parsed in a `<template>`, in a task of its own.
 * `sectionIds` are the ids of the sections after those in the page. Undefined when the page has no
 * such sections; rejects when they are not those of `sectionIds`.
 */
export async function adoptSectionsAhead(
  root: HTMLElement,
  sectionIds: string[],
  {classes}: {classes: SectionClasses},
  signal: AbortSignal,
): Promise<AdoptedReference | undefined> {
  const content = root.querySelector<HTMLElement>(`.${CLASS.content}[${ATTR.ahead}]`);
  const noscripts = content ? Array.from(root.querySelectorAll<HTMLElement>(SELECTOR.aheadParts)) : [];
  if (!content || noscripts.length === 0) return undefined;
  // The first noscript element gives the room's steps: the numbers after each step, comma-separated.
  const rooms = (noscripts[0]!.getAttribute(ATTR.ahead) ?? '').split(' ').filter(Boolean).map((step) => step.split(','));
  const built: Element[] = [];
  await runInSlices(
    noscripts.map((noscript) => () => built.push(...childSections(parseInert(noscript.textContent ?? '')))),
    signal,
  );
  if (built.length !== sectionIds.length || built.some((section, index) => section.getAttribute(ATTR.section) !== sectionIds[index])) {
    throw new Error('reference-kit: the sections of the page do not match its outline');
  }
  // Out of the column first: sections go in last in it, after no other element.
  noscripts.forEach((noscript) => noscript.remove());
  const shells = built.map(sectionShell);
  const steps = function* (): Generator<Step> {
    for (let first = 0, step = 0; first < shells.length; first += SECTIONS_PER_STEP, step++) {
      const slice = shells.slice(first, first + SECTIONS_PER_STEP);
      const room = rooms[step];
      yield () => {
        content.append(...slice);
        if (room) AHEAD_PROPS.forEach((name, index) => content.style.setProperty(name, room[index] ?? '0'));
        else {
          content.removeAttribute(ATTR.ahead);
          AHEAD_PROPS.forEach((name) => content.style.removeProperty(name));
        }
      };
    }
  };
  await runInSlices(steps(), signal, true);
  classes.allIn();
  return sectionsToFill(shells, built, classes);
}

/** Puts in the items of the menu's list of item `id` in `root` that the server left in a noscript element. */
export function fillMenuList(root: HTMLElement, id: string): void {
  const list = root.querySelector(`.${CLASS.menu} li[${ATTR.menuItem}="${CSS.escape(id)}"] > ul`);
  const held = list?.querySelector(`:scope > noscript[${ATTR.list}]`);
  if (list && held) list.replaceChildren(parseInert(held.textContent ?? ''));
}

/**
 * The sections put into the page empty (`shells`), each filled on demand or in idle time with the
 * content of the server's element it was made from (`built`, the same index), and the menu's
 * lists left out (`lists`), likewise.
 */
export function sectionsToFill(
  shells: HTMLElement[],
  built: Element[],
  classes: SectionClasses,
  {lists, fillList}: {lists: Map<string, unknown>; fillList: (id: string) => void} = {lists: new Map(), fillList: () => undefined},
): AdoptedReference {
  // Sections that came to life while the others went in are not filled.
  const unfilled = new Map(shells.flatMap((element, index) => (element.hasAttribute(ATTR.pending) ? [[element, built[index]!] as const] : [])));
  const claim = (element: HTMLElement) => {
    unfilled.delete(element);
    classes.claim(element);
  };
  const fill = (element: HTMLElement) => {
    const section = unfilled.get(element);
    if (!section) return;
    // The server's nodes, moved (and adopted) from where the parser built them.
    element.replaceChildren(...Array.from(section.childNodes));
    claim(element);
  };
  let holders: Map<string, HTMLElement> | undefined;
  const holding = (id: string) => {
    // Found once, when first asked: the elements with ids inside sections (an operation's own id).
    holders ??= new Map(
      built.flatMap((section, index) =>
        Array.from(section.querySelectorAll(`[${ATTR.section}]`), (inner) => [inner.getAttribute(ATTR.section)!, shells[index]!] as const),
      ),
    );
    return holders.get(id);
  };
  return {
    sections: shells,
    holding,
    fill,
    claim,
    fillWhenIdle(fillSignal) {
      const idle =
        typeof requestIdleCallback === 'function'
          ? (callback: IdleRequestCallback) => requestIdleCallback(callback, {timeout: IDLE_TIMEOUT_MS})
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
        // costs the browser about the same whatever was filled, so fewer, fuller periods cost less.
        // A page never idle gets the same work when the wait times out.
        const timeLeft = () => (deadline.didTimeout || deadline.timeRemaining() > 6) && performance.now() - start < IDLE_BUDGET_MS;
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
