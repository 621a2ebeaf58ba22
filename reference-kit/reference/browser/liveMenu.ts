/**
 * Redoc's side menu, brought to life on the HTML the server rendered, without React.
 *
 * Redoc's menu is a React tree of one observer component per item: hydrating it on a spec of
 * hundreds of operations blocks a phone for a second, and it needs the store of the whole spec.
 * Here Redoc's own `MenuStore` (activation, scroll tracking, the URL's hash, the phone's menu
 * button) runs on light items made from the build's outline (../../lib/outline.js), and each item
 * reflects its state on the server's elements: the label of the active item gets Redoc's
 * `active` class, an expanded item `data-kit-expanded`, an open phone menu `data-kit-open`. The
 * colours and rules for those states are written by the server for both colour modes
 * (../server/stateCss.ts). Clicks and the Enter and Space keys are handled on the menu as a whole.
 */
import {reaction} from 'mobx';
import {
  history,
  MenuStore,
  scrollIntoViewIfNeeded,
  ScrollService,
  type IMenuItem,
  type RedocNormalizedOptions,
  type SpecStore,
} from 'redoc';
import {whenNearbyLive} from './liveQueue';
import type {OutlineItem} from '../shared/specData';
import {ATTR, CLASS} from '../shared/contract';

/**
 * Where the menu's items are: each item's `li`, found when first needed. The items of a tag's list
 * go into the page after it (./sectionAdoption.ts, ./builtPage.ts): on a load of the page, from the noscript element the
 * server left them in; on a page reached by client-side navigation, in idle time. `fill` puts in at
 * once the list of the item with that id, for an item that must show before then.
 */
interface MenuElements {
  find(id: string): HTMLElement | undefined;
  fill?(id: string): void;
}

/** A menu item of the outline, its state shown on the server's `li`. */
class LiveMenuItem implements IMenuItem {
  id: string;
  type: OutlineItem['type'];
  depth: number;
  name: string;
  sidebarLabel: string;
  absoluteIdx?: number;
  items: LiveMenuItem[];
  active = false;
  expanded: boolean;
  private found: HTMLElement | undefined;

  constructor(
    outline: OutlineItem,
    public parent: LiveMenuItem | undefined,
    private readonly elements: MenuElements,
  ) {
    this.id = outline.id;
    this.type = outline.type;
    this.depth = outline.depth;
    // MenuStore reads neither; the menu's text is the server's.
    this.name = this.sidebarLabel = outline.id;
    // Redoc shows groups of tags expanded, and so does the server's HTML.
    this.expanded = outline.type === 'group';
    this.items = (outline.items ?? []).map((child) => new LiveMenuItem(child, this, elements));
  }

  /** The item's `li`; its parent's list is put in first if it is not in the page yet. */
  elementInPage(): HTMLElement | undefined {
    if (!this.found) {
      this.found = this.elements.find(this.id);
      if (!this.found && this.parent && this.elements.fill) {
        this.parent.elementInPage();
        this.elements.fill(this.parent.id);
        this.found = this.elements.find(this.id);
      }
    }
    return this.found;
  }

  private get element(): HTMLElement | undefined {
    return this.elementInPage();
  }

  private get label(): HTMLElement | null | undefined {
    return this.element?.querySelector(':scope > label');
  }

  activate(): void {
    this.active = true;
    const label = this.label;
    label?.classList.add('active');
    if (label) scrollIntoViewIfNeeded(label);
  }

  deactivate(): void {
    this.active = false;
    this.label?.classList.remove('active');
  }

  expand(): void {
    this.parent?.expand();
    this.expanded = true;
    // Its list shows: it must be in the page.
    if (this.items.length > 0) this.elements.fill?.(this.id);
    this.element?.setAttribute(ATTR.expanded, '');
  }

  collapse(): void {
    // Redoc does not collapse groups of tags.
    if (this.type === 'group') return;
    this.expanded = false;
    this.element?.removeAttribute(ATTR.expanded);
  }
}

export interface LiveMenu {
  dispose(): void;
}

/** What the menu needs of the page around it (./liveController.ts). */
export interface MenuPage {
  /** Puts in the items of a menu list not in the page yet. */
  fillList?(id: string): void;
  /**
   * For a section not in the page yet (on a load of a large reference, the sections the server
   * left in a noscript element go in during the first seconds): settles once it is in; undefined
   * when it will not come.
   */
  whenInPage?(id: string): Promise<unknown> | undefined;
}

/**
 * Starts the menu of the reference in `root` (the server's HTML): scroll tracking, the hash, the
 * clicks, the phone's menu button; scrolls to the section the URL's hash names, as Redoc does
 * once mounted.
 */
export function startLiveMenu(root: HTMLElement, outline: OutlineItem[], options: RedocNormalizedOptions, page: MenuPage = {}): LiveMenu {
  const sidebar = root.querySelector<HTMLElement>(`.${CLASS.menu}`);
  const elements: MenuElements = {
    find: (id) => sidebar?.querySelector<HTMLElement>(`li[${ATTR.menuItem}="${CSS.escape(id)}"]`) ?? undefined,
    fill: page.fillList,
  };
  const items = outline.map((item) => new LiveMenuItem(item, undefined, elements));

  const scroll = new ScrollService(options);
  let disposed = false;
  // Redoc's `history.replace` writes the active item's hash a task later (it is debounced), onto
  // whatever page is then in the address bar: after a click to another page, that page's. This one
  // writes it at once, and only onto its own page's address: after a click, the router shows the
  // next address while this page stays until the next one's chunks are in, and Redoc's scroll
  // handler (throttled) can still activate an item here then.
  const pagePath = window.location.pathname;
  const replace = (id: string | null, rewriteHistory = false) => {
    if (disposed || id === null || id === history.currentId || window.location.pathname !== pagePath) return;
    const url = window.location.href.split('#')[0] + history.linkForId(id);
    if (rewriteHistory) window.history.replaceState(null, '', url);
    else {
      window.history.pushState(null, '', url);
      history.emit();
    }
  };
  // Redoc's `replace` is a getter of its prototype (its `bind` decorator): an own property shadows it.
  const pageHistory = Object.create(history, {replace: {value: replace}}) as typeof history;
  // MenuStore reads the menu tree and nothing else of the spec's store.
  const menu = new MenuStore({contentItems: items} as unknown as SpecStore, scroll, pageHistory);

  // Redoc scrolls to a section missing from the page by doing nothing: an item activated while its
  // section is on its way (a click, a link to it) is scrolled to once the section is in, unless a
  // newer click or link came since (the page's own scroll tracking may have activated other items
  // meanwhile: it is made active again), and again once the sections around it have come to life
  // and changed from their estimated heights to their own, if the reader has not scrolled away.
  let latest = 0;
  const scrollToActive = menu.scrollToActive.bind(menu);
  menu.scrollToActive = () => {
    const request = ++latest;
    const item = menu.activeItem;
    const coming = item && !menu.getElementAt(menu.activeItemIdx) ? page.whenInPage?.(item.id) : undefined;
    if (!coming) {
      scrollToActive();
      return;
    }
    const current = () => !disposed && request === latest;
    void coming.then(() => {
      if (!current()) return;
      menu.activate(item, false);
      scrollToActive();
      // A frame later, the scroll has queued the sections now near the viewport to come to life.
      requestAnimationFrame(() => whenNearbyLive(() => current() && menu.activeItem === item && scrollToActive()));
    });
  };

  // Redoc measures the offset of its sticky menu once mounted; the server rendered it at 0.
  if (sidebar) {
    const top = `${options.scrollYOffset()}px`;
    sidebar.style.top = top;
    sidebar.style.height = `calc(100vh - ${top})`;
  }

  const itemOf = (target: EventTarget | null): LiveMenuItem | undefined => {
    const li = target instanceof Element ? target.closest<HTMLElement>(`li[${ATTR.menuItem}]`) : null;
    return li && sidebar?.contains(li) ? (menu.getItemById(li.getAttribute(ATTR.menuItem)!) as LiveMenuItem | undefined) : undefined;
  };
  // What Redoc's SideMenu does on a click: a second click on the active item opens or closes it.
  const activate = (item: LiveMenuItem) => {
    if (item.active && options.menuToggle) {
      if (item.expanded) item.collapse();
      else item.expand();
      return;
    }
    menu.activateAndScroll(item, true);
  };
  const onClick = (event: MouseEvent) => {
    const item = itemOf(event.target);
    if (item) activate(item);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    const item = itemOf(event.target);
    if (!item) return;
    event.preventDefault();
    activate(item);
  };
  sidebar?.addEventListener('click', onClick);
  sidebar?.addEventListener('keydown', onKeyDown);

  // The phone's menu button, right after the menu (Redoc leaves it out with `hideFab`).
  const button = sidebar?.nextElementSibling instanceof HTMLElement ? sidebar.nextElementSibling : undefined;
  const toggle = () => menu.toggleSidebar();
  button?.addEventListener('click', toggle);
  const stopShowingOpen = reaction(
    () => menu.sideBarOpened,
    (open) => {
      sidebar?.toggleAttribute(ATTR.open, open);
      // Redoc's chevrons move apart when the menu is open.
      const offset = open ? 8 : -4;
      const [upper, lower] = Array.from(button?.querySelectorAll<SVGElement>('svg') ?? []);
      if (upper) upper.style.transform = `translate(2px, ${offset}px) rotate(180deg)`;
      if (lower) lower.style.transform = `translate(2px, ${-offset}px)`;
    },
  );

  // Where Redoc's store is created, and then once its reference is mounted.
  MenuStore.updateOnHistory(history.currentId, scroll);
  menu.updateOnHistory();

  return {
    dispose() {
      disposed = true;
      sidebar?.removeEventListener('click', onClick);
      sidebar?.removeEventListener('keydown', onKeyDown);
      button?.removeEventListener('click', toggle);
      stopShowingOpen();
      menu.dispose();
      scroll.dispose();
    },
  };
}
