/**
 * The server's HTML of a reference, for a page the reader reached by client-side navigation.
 *
 * Such a page is rendered by the router with no server HTML: rendering the whole reference with
 * React blocks a phone for seconds on the pet store, and for a minute on a large spec. The static
 * build has the page's HTML, though, with the reference's HTML and its CSS for both colour modes
 * (../server/renderReference.ts). This module has the browser's own parser read that HTML (the
 * page's own address, fetched from the same origin) into an inert document, a slice per task,
 * finds the reference in it by the contract's attributes (../shared/contract.js), and moves it
 * into the page a piece at a time, each piece a few milliseconds of work, so that the reference
 * then comes to life exactly as on a load of that HTML (./LiveSections.tsx):
 * 1. the reference's CSS;
 * 2. its frame: the menu without its items, the API's info block, the phone's menu button;
 * 3. the menu's items, the lists that do not show yet (a tag's operations) left empty;
 * 4. every section as an empty element, with the id, classes and estimated height the server gave
 *    it (./sectionAdoption.ts), so that the page is as tall as it will be and a link to a section
 *    lands where it should;
 * 5. in idle time, the menu's lists and the server's content of each section that has not come
 *    to life yet (readable by find-in-page and assistive technology, as on a load).
 * An inert document runs no script and loads nothing; with no browsing context, its parser builds
 * the content of noscript elements as elements, so the sections ahead and the closed menu lists
 * are there to read like the rest.
 */
import {ATTR, CLASS, SECTIONS_PER_STEP, SELECTOR} from '../shared/contract';
import {childSections, sectionShell, sectionsToFill, type AdoptedReference, type SectionClasses} from './sectionAdoption';
import {runInSlices, type Step} from './slices';

/** Characters of the page's HTML the parser reads per step. */
const PARSE_STEP = 12_000;
/** Menu items put into the page per frame. */
const MENU_ITEMS_PER_STEP = 60;

/** What the built page holds of one reference, in the inert document. */
export interface BuiltReference {
  /** The reference's style sheets. */
  styles: HTMLStyleElement[];
  /** The reference's element. */
  root: Element;
}

/** The page's HTML, parsed into an inert document a slice per task. */
export async function parseBuiltPage(html: string, signal: AbortSignal): Promise<Document> {
  const page = document.implementation.createHTMLDocument('');
  page.open();
  const steps = function* (): Generator<Step> {
    for (let at = 0; at < html.length; at += PARSE_STEP) yield () => page.write(html.slice(at, at + PARSE_STEP));
  };
  await runInSlices(steps(), signal);
  page.close();
  return page;
}

/** The sections of a reference's element: those of its content column, then those of its noscript elements. */
function referenceSections(root: Element): Element[] {
  const content = root.querySelector(`.${CLASS.content}`);
  if (!content) return [];
  const ahead = Array.from(content.querySelectorAll(`:scope > noscript[${ATTR.ahead}]`));
  return [...childSections(content), ...ahead.flatMap((noscript) => childSections(noscript))];
}

/**
 * Finds in the built page the reference whose sections are `sectionIds` (in page order): the
 * page's `index`-th reference if it is one, or else the first that is. Undefined when there is none.
 */
export function findBuiltReference(page: Document, sectionIds: string[], index: number): BuiltReference | undefined {
  const roots = Array.from(page.querySelectorAll(`[${ATTR.reference}]`));
  const order = [...roots.slice(index, index + 1), ...roots.filter((_, i) => i !== index)];
  const matches = (root: Element) => {
    const sections = referenceSections(root);
    return sections.length === sectionIds.length && sections.every((section, i) => section.getAttribute(ATTR.section) === sectionIds[i]);
  };
  const root = order.find(matches);
  if (!root) return undefined;
  const styles = root.previousElementSibling?.classList.contains(CLASS.styles) ? Array.from(root.previousElementSibling.querySelectorAll('style')) : [];
  return {styles, root};
}

/**
 * Moves the built reference's CSS into `styles` (unless a style sheet for the same class names is
 * in the document already: a reference seen before keeps its CSS, see ./LiveReference.tsx), and
 * its frame, menu and sections into `root`, a step per frame. The lists of the menu's closed items
 * and the sections' content are added later (`fillList`, `fill`, `fillWhenIdle`). `classes` gives
 * sections Redoc's classes back; `onFirstSections` is called with the sections in the page once
 * the first step of them is in, so that those can come to life while the others go in, and with
 * `fillList` for the menu, which comes to life then.
 */
export async function adoptBuiltReference(
  built: BuiltReference,
  root: HTMLElement,
  styles: HTMLElement,
  {classes, onFirstSections}: {classes: SectionClasses; onFirstSections?: (sections: HTMLElement[], fillList: (id: string) => void) => void},
  signal: AbortSignal,
): Promise<AdoptedReference> {
  const source = built.root;
  const content = source.querySelector(`.${CLASS.content}`);
  const menuList = source.querySelector(`.${CLASS.menu} ul`);
  if (!content || !menuList) throw new Error('reference-kit: the built reference has no menu or content column');
  // Taken out of the frame: the sections (those ahead too: they all go in as empty elements, so the
  // column holds no room for them), the menu's items, and the closed lists' items.
  const sections = referenceSections(source);
  sections.forEach((section) => section.remove());
  content.querySelectorAll(`:scope > noscript[${ATTR.ahead}]`).forEach((noscript) => noscript.remove());
  content.removeAttribute(ATTR.ahead);
  content.removeAttribute('style');
  const heldLists = new Map<string, Element>();
  source.querySelectorAll(`li[${ATTR.menuItem}] > ul > noscript[${ATTR.list}]`).forEach((noscript) => {
    heldLists.set(noscript.parentElement!.parentElement!.getAttribute(ATTR.menuItem)!, noscript);
    noscript.remove();
  });
  const items = Array.from(menuList.children);
  menuList.replaceChildren();

  const fillList = (id: string) => {
    const held = heldLists.get(id);
    if (!held) return;
    heldLists.delete(id);
    root.querySelector(`.${CLASS.menu} li[${ATTR.menuItem}="${CSS.escape(id)}"] > ul`)?.replaceChildren(...Array.from(held.childNodes));
  };
  const shells = sections.map(sectionShell);
  const steps = function* (): Generator<Step> {
    yield () => adoptStyles(built.styles, styles);
    yield () => root.replaceChildren(...Array.from(source.childNodes));
    const list = () => root.querySelector(`.${CLASS.menu} ul`)!;
    for (let first = 0; first < items.length; first += MENU_ITEMS_PER_STEP) {
      const slice = items.slice(first, first + MENU_ITEMS_PER_STEP);
      yield () => list().append(...slice);
    }
    const column = () => root.querySelector(`.${CLASS.content}`)!;
    for (let first = 0; first < shells.length; first += SECTIONS_PER_STEP) {
      const slice = shells.slice(first, first + SECTIONS_PER_STEP);
      yield () => {
        column().append(...slice);
        if (first === 0) onFirstSections?.(Array.from(root.querySelectorAll<HTMLElement>(SELECTOR.sections)), fillList);
      };
    }
  };
  await runInSlices(steps(), signal, true);
  classes.allIn();
  return sectionsToFill(shells, sections, classes, {lists: heldLists, fillList});
}

/**
 * The reference's style sheets into `container`, unless the document has those of a reference of
 * the same class names already; then only its shared estimates, if new: the sections' estimates are
 * the reference's own, even when its classes are those of one seen before.
 */
function adoptStyles(sheets: HTMLStyleElement[], container: HTMLElement): void {
  const present = new Set(Array.from(document.querySelectorAll(`style[${ATTR.classNames}]`), (style) => style.getAttribute(ATTR.classNames)));
  const names = sheets.find((sheet) => sheet.hasAttribute(ATTR.classNames))?.getAttribute(ATTR.classNames);
  if (names === undefined || names === null || !present.has(names)) {
    container.replaceChildren(...sheets);
    return;
  }
  const heights = sheets.find((sheet) => sheet.hasAttribute(ATTR.heights));
  const key = heights?.getAttribute(ATTR.heights) ?? '';
  if (heights && !document.querySelector(`style[${ATTR.heights}="${CSS.escape(key)}"]`)) container.replaceChildren(heights);
}
