/**
 * What brings a reference the server rendered to life, piece by piece, without React: which HTML
 * goes into the page and when, which sections come to life and in what order, where the page lands. The
 * React part (./LiveSections.tsx) gives it the means: how a piece is rendered, how the menu starts,
 * how the page scrolls to a link's target. Tested in Node with a DOM and those means faked.
 *
 * The server's HTML is in the page as it loaded (`source: 'page'`), or, on a page reached by
 * client-side navigation (`source: 'built'`), the page's own HTML is fetched from the static build
 * and put into the page a step at a time (./builtPage.ts); should that fail, the reference is
 * rendered whole (`onUnavailable`). On a load of a large reference, the sections the server put in
 * noscript elements go into the page the same way, a few dozen a frame (./sectionAdoption.ts).
 * Then, either way:
 * - the menu comes to life on the server's HTML (`startMenu`, ./liveMenu.ts): clicks, scroll
 *   tracking and the URL's hash work at once;
 * - each section, and the API's info block, comes to life (`bringToLife`) when it comes within a screen of the
 *   viewport (./liveQueue.ts), a few milliseconds of work per task;
 * - the sections' estimated heights are fitted to what the live ones measure (./heightFit.ts).
 */
import {ATTR, CLASS, SELECTOR} from '../shared/contract';
import type {OutlineItem} from '../shared/specData';
import {adoptBuiltReference, findBuiltReference, parseBuiltPage} from './builtPage';
import {HeightFit} from './heightFit';
import {whenNearbyLive, liveNearViewport} from './liveQueue';
import type {MenuPage} from './liveMenu';
import {adoptSectionsAhead, fillMenuList, SectionClasses, type AdoptedReference} from './sectionAdoption';

export interface LiveControllerOptions {
  /** The reference's element, with the server's HTML, or empty until the built HTML goes in. */
  root: HTMLElement;
  /** The element of the reference's style sheets. */
  styles: HTMLElement;
  source: 'page' | 'built';
  /** The reference's outline (../../lib/outline.js). */
  outline: OutlineItem[];
  /** `source: 'built'`: the page's built HTML, on its way. */
  pageHtml?: Promise<string>;
  /** The section the URL's hash names, if any. */
  target: string;
  /** `source: 'page'`: what the reader clicked in the menu before it came to life, to click again. */
  takeEarlyClicks?: () => HTMLElement[];
  /**
   * Renders a piece into its server element, in place of its HTML: the info block (`id`
   * undefined) or a section. False when the piece cannot be had (it stays the server's HTML).
   */
  bringToLife(element: HTMLElement, id: string | undefined): boolean;
  /**
   * Gets what a piece reads before it can come to life: undefined when it has it, else the promise
   * of it (a large spec's pieces, fetched by need); the piece then comes to life near the viewport.
   */
  prepare?(id: string | undefined): Promise<void> | undefined;
  /** Starts the menu on the server's HTML. */
  startMenu(page: MenuPage): {dispose(): void};
  /** The server's CSS is in the document: the renderer may count on it. */
  stylesInPage(): void;
  /** Scrolls to the section of the URL's hash, as Redoc does. */
  scrollToTarget(): void;
  /** The built HTML cannot be had, or does not match this reference. */
  onUnavailable(error: unknown): void;
}

/** How long a link's target must stay put, in milliseconds, before the page stops landing on it. */
const SETTLED_MS = 2000;

/** The outline's items, in page order. */
function outlineItems(outline: OutlineItem[]): OutlineItem[] {
  return outline.flatMap((item) => [item, ...outlineItems(item.items ?? [])]);
}

/** The outline's items with a section of their own, in page order (groups have none). */
export function sectionsOf(outline: OutlineItem[]): OutlineItem[] {
  return outlineItems(outline).filter((item) => item.type !== 'group');
}

/** How many references of the kit come before `element` in the page (one page may show several). */
function referenceIndex(element: HTMLElement): number {
  const all = Array.from(document.querySelectorAll(`[${ATTR.reference}]`));
  return Math.max(0, all.indexOf(element));
}

/** Starts the live reference; returns what stops it. */
export function startLiveReference(options: LiveControllerOptions): () => void {
  const {root, styles, source, outline, target} = options;
  const sections = sectionsOf(outline);
  const cancels: (() => void)[] = [];
  let menu: {dispose(): void} | undefined;
  let adopted: AdoptedReference | undefined;
  const classes = new SectionClasses();
  const fit = new HeightFit(root);
  const controller = new AbortController();

  const bringToLife = (element: HTMLElement, id: string | undefined) => {
    const preparing = options.prepare?.(id);
    if (preparing) {
      preparing.then(
        () => {
          if (!controller.signal.aborted) cancels.push(liveNearViewport([element], () => bringToLife(element, id)));
        },
        // It stays the server's HTML, which the reader can read.
        (error: unknown) => console.warn(`reference-kit: the section ${id ?? 'info'} could not come to life.`, error),
      );
      return;
    }
    if (!options.bringToLife(element, id)) return;
    if (adopted) adopted.claim(element);
    else classes.claim(element);
    if (id !== undefined) fit.rendered(element);
  };
  /** Brings the info block and these sections to life near the viewport (all sections by default). */
  const startSections = (sectionElements = Array.from(root.querySelectorAll<HTMLElement>(SELECTOR.sections)), withInfo = true) => {
    // The info block, then the sections: one above the other, in page order.
    const info = withInfo ? root.querySelector<HTMLElement>(`.${CLASS.content} > [${ATTR.info}]`) : null;
    const pieces = [...(info ? [info] : []), ...sectionElements];
    cancels.push(
      liveNearViewport(pieces, (index) => {
        const element = pieces[index]!;
        bringToLife(element, element === info ? undefined : (element.getAttribute(ATTR.section) ?? undefined));
      }),
    );
  };

  /** Fills the section whose server HTML holds the element of `id`, when `id` is not a section's own. */
  const fillHolder = (reference: AdoptedReference, id: string) => {
    if (reference.sections.some((section) => section.getAttribute(ATTR.section) === id)) return;
    const holder = reference.holding(id);
    if (holder) reference.fill(holder);
  };
  const unavailable = (error: unknown) => {
    if (!controller.signal.aborted) options.onUnavailable(error);
  };
  /** The sections going into the page, until they are all in. */
  let adoption: Promise<AdoptedReference | undefined> | undefined;
  /**
   * Once they are: lands on the link's target (`land`), brings `sectionElements` to life near
   * the viewport, and fills the others in idle time once those have.
   */
  const adopt = (reference: AdoptedReference, land: boolean, sectionElements: HTMLElement[], withInfo: boolean) => {
    adopted = reference;
    if (land) fillHolder(reference, target);
    startSections(sectionElements, withInfo);
    if (land) landOnTarget();
    whenNearbyLive(() => {
      if (!controller.signal.aborted) reference.fillWhenIdle(controller.signal);
    });
    return reference;
  };
  /**
   * Scrolls to the link's target, and again each time the reference changes size and moves it (the
   * sections around it coming to life at their own heights, estimates refitted, sections above it
   * filled), until it has stayed put for `SETTLED_MS`, or the reader takes over the scrolling.
   */
  const landOnTarget = () => {
    const element = () => root.querySelector(`[id="${CSS.escape(target)}"]`);
    const READER_INPUT = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
    let top: number | undefined;
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const land = () => {
      options.scrollToTarget();
      top = element()?.getBoundingClientRect().top;
      clearTimeout(quiet);
      quiet = setTimeout(done, SETTLED_MS);
    };
    // Called after layout, before paint: the reader does not see the target move away and back.
    const observer = new ResizeObserver(() => {
      if (controller.signal.aborted) return done();
      const now = element()?.getBoundingClientRect().top;
      if (now !== undefined && (top === undefined || Math.abs(now - top) >= 1)) land();
    });
    const done = () => {
      clearTimeout(quiet);
      observer.disconnect();
      READER_INPUT.forEach((type) => window.removeEventListener(type, done, {capture: true}));
    };
    READER_INPUT.forEach((type) => window.addEventListener(type, done, {passive: true, capture: true}));
    observer.observe(root);
    land();
  };
  /** The menu works while the sections go in: an item whose section is not in yet is scrolled to once it is. */
  const whenInPage = (id: string) =>
    adopted || !adoption
      ? undefined
      : adoption.then(
          (reference) => reference && fillHolder(reference, id),
          () => undefined,
        );

  if (source === 'page') {
    options.stylesInPage();
    const inPage = new Set(Array.from(root.querySelectorAll(SELECTOR.sections), (section) => section.getAttribute(ATTR.section)));
    const ahead = sections.filter((item) => !inPage.has(item.id));
    startSections();
    // A link to a section the page holds in its noscript elements lands once that is in the page.
    const targetAhead = ahead.length > 0 && target !== '' && !root.querySelector(`[id="${CSS.escape(target)}"]`);
    if (ahead.length > 0) {
      adoption = adoptSectionsAhead(root, ahead.map((item) => item.id), {classes}, controller.signal).then(
        (reference) => reference && adopt(reference, targetAhead, reference.sections, false),
      );
      adoption.catch(unavailable);
    }
    // The server left the items of the menu's closed lists in noscript elements.
    menu = options.startMenu({fillList: (id) => fillMenuList(root, id), whenInPage});
    // A click the menu missed while Redoc's code was on its way is done now.
    options.takeEarlyClicks?.().forEach((clicked) => clicked.click());
  } else {
    // The menu comes to life as soon as it is in the page, and without a link's target, the
    // sections at the top too, while the others go in.
    let started: HTMLElement[] = [];
    const onFirstSections = (first: HTMLElement[], fillList: (id: string) => void) => {
      options.stylesInPage();
      menu = options.startMenu({fillList, whenInPage});
      if (target) return;
      started = first;
      startSections(first);
    };
    adoption = (async () => {
      const page = await parseBuiltPage(await options.pageHtml!, controller.signal);
      const built = findBuiltReference(
        page,
        sections.map((section) => section.id),
        referenceIndex(root),
      );
      if (!built) throw new Error('no reference of this spec in the built page');
      const reference = await adoptBuiltReference(built, root, styles, {classes, onFirstSections}, controller.signal);
      return adopt(
        reference,
        target !== '',
        reference.sections.filter((section) => !started.includes(section)),
        started.length === 0,
      );
    })();
    adoption.catch(unavailable);
  }
  return () => {
    controller.abort();
    fit.dispose();
    menu?.dispose();
    cancels.forEach((cancel) => cancel());
  };
}
