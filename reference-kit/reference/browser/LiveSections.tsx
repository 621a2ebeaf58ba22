/**
 * The live part of a reference the server rendered (./LiveReference.tsx), with Redoc's code: it
 * brings the server's HTML to life piece by piece, at a cost that does not grow with the spec.
 *
 * The server's HTML is in the page as it loaded (`source="page"`), or, on a page reached by
 * client-side navigation (`source="built"`), the page's own HTML is fetched from the static build
 * and put into the page in slices (./builtHtml.ts), or, should that fail, the reference is
 * rendered whole (`onUnavailable`). On a load of a large reference, the sections the server put in
 * a noscript element go into the page the same way, a few dozen a frame (./builtHtml.ts). Then,
 * either way:
 * - the menu comes to life on the server's HTML, without React and without the spec
 *   (./liveMenu.ts): clicks, scroll tracking and the URL's hash work at once;
 * - each section, and the API's info block, is rendered by React when it comes within a screen of
 *   the viewport (./hydrationQueue.ts), a few milliseconds of work per task, into the server's
 *   element (a portal), in place of its HTML. Its model is built from the part of the spec that it
 *   shows (./specParts.ts), whose pieces alone are parsed.
 *
 * Until a section wakes it is the server's HTML, styled in both colour modes by the server's CSS
 * (./BuiltReference.server.tsx), which stays in the page: styled-components is told which of its
 * class names that CSS covers, so that it does not add the same rules again and make the browser
 * restyle the whole reference.
 */
import React, {useEffect, useMemo, useState} from 'react';
import {createPortal} from 'react-dom';
import {
  ApiInfo,
  history,
  MenuStore,
  OLD_SECURITY_DEFINITIONS_JSX_NAME,
  OptionsProvider,
  RedocNormalizedOptions,
  SCHEMA_DEFINITION_JSX_NAME,
  SchemaDefinition,
  ScrollService,
  SECURITY_DEFINITIONS_JSX_NAME,
  SecurityDefs,
  StoreProvider,
  ThemeProvider,
  type AppStore,
  type RedocRawOptions,
  type SpecStore,
} from 'redoc';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {useColorMode} from '@docusaurus/theme-common';
import {SectionContent} from '../shared/Reference';
import type {LiveReferenceProps} from './LiveReference';
import {afterNearbyWakes, wakeNearViewport} from './hydrationQueue';
import {startLiveMenu, type LiveMenu, type MenuPage} from './liveMenu';
import {SpecParts} from './specParts';
import {HeightFit} from './heightFit';
import {useModeOptions} from '../shared/modeOptions';
import {adoptBuiltReference, adoptSectionsAhead, fillMenuList, readBuiltReference, SectionClasses, type AdoptedReference} from './builtHtml';
import sectionStyles from '../shared/Reference.module.css';
import type {OutlineItem} from '../shared/specData';

/**
 * styled-components' browser sheet (an internal it exports), whose registered names it does not
 * inject again. Read with `require`: styled-components 5 ships no type declarations.
 */
const {masterSheet} = (require('styled-components') as {__PRIVATE__: {masterSheet: {registerName(id: string, name: string): void}}})
  .__PRIVATE__;

/** Registers the class names the server's style sheets list (`id:name,name id:name`) with styled-components. */
function registerServerClassNames(container: ParentNode): void {
  container.querySelectorAll<HTMLStyleElement>('style[data-class-names]').forEach((style) => {
    for (const entry of (style.dataset.classNames ?? '').split(' ')) {
      const [componentId, names = ''] = entry.split(':');
      for (const name of names.split(',')) if (componentId && name) masterSheet.registerName(componentId, name);
    }
  });
}

/**
 * The components Redoc renders in Markdown (`<SchemaDefinition>`, `<SecurityDefinitions>`), which
 * Redoc's `AppStore` adds to the options it is given: options made without a store lack them, and a
 * section that shows one (a tag of schemas, the description's security section) lost it when it
 * came to life.
 */
type MarkdownComponent = NonNullable<RedocRawOptions['allowedMdComponents']>[string];
const securityDefinitions: MarkdownComponent = {
  component: SecurityDefs as unknown as MarkdownComponent['component'],
  propsSelector: (store) => ({securitySchemes: store?.spec.securitySchemes}),
};
const MARKDOWN_COMPONENTS: RedocRawOptions = {
  allowedMdComponents: {
    [SECURITY_DEFINITIONS_JSX_NAME]: securityDefinitions,
    [OLD_SECURITY_DEFINITIONS_JSX_NAME]: securityDefinitions,
    [SCHEMA_DEFINITION_JSX_NAME]: {
      component: SchemaDefinition as unknown as MarkdownComponent['component'],
      propsSelector: (store) => ({parser: store?.spec.parser, options: store?.options}),
    },
  },
};

/** The outline's items, in page order. */
function outlineItems(outline: OutlineItem[]): OutlineItem[] {
  return outline.flatMap((item) => [item, ...outlineItems(item.items ?? [])]);
}

/** The outline's items with a section of their own, in page order (groups have none). */
function sectionsOf(outline: OutlineItem[]): OutlineItem[] {
  return outlineItems(outline).filter((item) => item.type !== 'group');
}

/** How many references of the kit come before `element` in the page (one page may show several). */
function referenceIndex(element: HTMLElement): number {
  const all = Array.from(document.querySelectorAll('[data-kit-reference]'));
  return Math.max(0, all.indexOf(element));
}

/** A piece of the reference rendered by React, into the server's element it replaces. */
interface Woken {
  element: HTMLElement;
  store: AppStore;
  content: React.ReactElement;
}

export interface LiveSectionsProps extends LiveReferenceProps {
  /** The reference's element, with the server's HTML, or empty until the built HTML goes in. */
  root: HTMLElement;
  /** The element of the server's style sheets. */
  styles: HTMLElement;
  /** `source="built"`: the page's built HTML, on its way. */
  pageHtml?: Promise<string>;
  /** `source="page"`: what the reader clicked in the menu before it came to life, to click again (./LiveReference.tsx). */
  takeEarlyClicks?: () => HTMLElement[];
}

export default function LiveSections({specProps, optionsOverrides, source, onUnavailable, root, styles, pageHtml, takeEarlyClicks}: LiveSectionsProps): React.ReactElement {

  const {lightThemeOptions, darkThemeOptions} = useModeOptions(specProps.themeId ?? 'theme-redoc', optionsOverrides);
  const options = useMemo(() => new RedocNormalizedOptions(lightThemeOptions, MARKDOWN_COMPONENTS), [lightThemeOptions]);
  const darkTheme = useMemo(() => new RedocNormalizedOptions(darkThemeOptions).theme, [darkThemeOptions]);
  const theme = useColorMode().colorMode === 'dark' ? darkTheme : options.theme;
  const specUrl = useBaseUrl(specProps.url ?? '', {absolute: true});
  const [woken, setWoken] = useState<Woken[]>([]);

  useEffect(() => {
    const element = root;
    // The server's CSS is in the page: its names are registered before any section renders.
    if (source === 'page') document.querySelectorAll('.redocusaurus-styles').forEach(registerServerClassNames);
    const outline = specProps.outline ?? [];
    const sections = sectionsOf(outline);
    const outlineById = new Map(sections.map((item) => [item.id, item]));
    const parts = new SpecParts(specProps.pieces!, () => specProps.spec, specUrl, options, specProps.descriptionHeadings);
    const cancels: (() => void)[] = [];
    let menu: LiveMenu | undefined;
    let adopted: AdoptedReference | undefined;
    const classes = new SectionClasses();
    const fit = new HeightFit(element);

    const wake = (target: HTMLElement, build: () => {spec: SpecStore; content: React.ReactElement} | undefined) => {
      const piece = build();
      if (!piece) return;
      if (adopted) adopted.claim(target);
      else classes.claim(target);
      // React renders into the element from nothing: the server's HTML goes first.
      target.replaceChildren();
      setWoken((pieces) => [...pieces, {element: target, store: liteStore(piece.spec, options), content: piece.content}]);
      if (target.dataset.sectionId) fit.rendered(target);
    };
    /** Brings the info block and these sections to life near the viewport (all sections by default). */
    const startSections = (
      sectionElements = Array.from(element.querySelectorAll<HTMLElement>('.api-content > [data-section-id]')),
      withInfo = true,
    ) => {
      // The info block, then the sections: one above the other, in page order.
      const info = withInfo ? element.querySelector<HTMLElement>('.api-content > [data-kit-info]') : null;
      const pieces = [...(info ? [info] : []), ...sectionElements];
      cancels.push(
        wakeNearViewport(pieces, (index) => {
          const target = pieces[index]!;
          if (target === info) {
            wake(target, () => {
              const spec = parts.info();
              return {spec, content: <ApiInfo store={liteStore(spec, options)} />};
            });
            return;
          }
          const id = target.dataset.sectionId!;
          wake(target, () => {
            const found = parts.item(outlineById.get(id) ?? {id, part: 'info'});
            return found && {spec: found.store, content: <SectionContent item={found.item} />};
          });
        }),
      );
    };
    const startMenu = (page: MenuPage) => {
      menu = startLiveMenu(element, outline, options, page);
    };

    const controller = new AbortController();
    const target = history.currentId;
    /** Fills the section whose server HTML holds the element of `id`, when `id` is not a section's own. */
    const fillHolder = (reference: AdoptedReference, id: string) => {
      if (reference.sections.some((section) => section.dataset.sectionId === id)) return;
      const holder = reference.holding(id);
      if (holder) reference.fill(holder);
    };
    /** Scrolls to the section of the URL's hash, as Redoc does. */
    const scrollToTarget = () => {
      const scroll = new ScrollService(options);
      MenuStore.updateOnHistory(target, scroll);
      scroll.dispose();
    };
    const unavailable = (error: unknown) => {
      if (controller.signal.aborted) return;
      // eslint-disable-next-line no-console
      console.warn('reference-kit: the built HTML of this page could not be used; rendering the reference in the browser.', error);
      onUnavailable?.();
    };
    /** The sections going into the page (./builtHtml.ts), until they are all in. */
    let adoption: Promise<AdoptedReference | undefined> | undefined;
    /**
     * Once they are: lands on the link's target (`land`), brings `sectionElements` to life near
     * the viewport, and lands again once those have; then fills the others in idle time.
     */
    const adopt = (reference: AdoptedReference, land: boolean, sectionElements: HTMLElement[], withInfo: boolean) => {
      adopted = reference;
      if (land) {
        fillHolder(reference, target);
        scrollToTarget();
      }
      startSections(sectionElements, withInfo);
      // The browser keeps the section at the top of the viewport in place while the sections around
      // change from their estimated height to their own: the target is scrolled to again after.
      afterNearbyWakes(() => {
        if (controller.signal.aborted) return;
        if (land) scrollToTarget();
        reference.fillWhenIdle(controller.signal);
      });
      return reference;
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
      const inPage = new Set(Array.from(element.querySelectorAll<HTMLElement>('.api-content > [data-section-id]'), (section) => section.dataset.sectionId));
      const ahead = sections.filter((item) => !inPage.has(item.id));
      startSections();
      // A link to a section the page holds in its noscript element lands once that is in the page.
      const targetAhead = ahead.length > 0 && target !== '' && !element.querySelector(`[id="${CSS.escape(target)}"]`);
      if (ahead.length > 0) {
        adoption = adoptSectionsAhead(element, ahead.map((item) => item.id), {sectionClass: sectionStyles.section!, classes}, controller.signal).then(
          (reference) => reference && adopt(reference, targetAhead, reference.sections, false),
        );
        adoption.catch(unavailable);
      }
      // The server left the items of the menu's closed lists in noscript elements.
      startMenu({fillList: (id) => fillMenuList(element, id), whenInPage});
      // A click the menu missed while Redoc's code was on its way is done now.
      takeEarlyClicks?.().forEach((clicked) => clicked.click());
    } else {
      const groups = new Set(outlineItems(outline).filter((item) => item.type === 'group').map((item) => item.id));
      // The menu comes to life as soon as it is in the page, and without a link's target, the
      // sections at the top too, while the others go in.
      let started: HTMLElement[] = [];
      const onFirstSections = (first: HTMLElement[], fillList: (id: string) => void) => {
        registerServerClassNames(document);
        startMenu({fillList, whenInPage});
        if (target) return;
        started = first;
        startSections(first);
      };
      adoption = adoptBuilt(pageHtml!, element, styles, sections, {groups, classes, onFirstSections}, controller.signal).then((reference) =>
        adopt(
          reference,
          target !== '',
          reference.sections.filter((section) => !started.includes(section)),
          started.length === 0,
        ),
      );
      adoption.catch(unavailable);
    }
    return () => {
      controller.abort();
      fit.dispose();
      menu?.dispose();
      cancels.forEach((cancel) => cancel());
    };
    // The reference is brought to life once; the server's HTML is for the options it was built with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      {woken.map(({element, store, content}) =>
        createPortal(
          <ThemeProvider theme={theme}>
            <StoreProvider value={store}>
              <OptionsProvider value={options}>{content}</OptionsProvider>
            </StoreProvider>
          </ThemeProvider>,
          element,
          element.dataset.sectionId ?? 'info',
        ),
      )}
    </>
  );
}

/** Puts this reference's part of the page's built HTML into the page (./builtHtml.ts). */
async function adoptBuilt(
  pageHtml: Promise<string>,
  root: HTMLElement,
  styles: HTMLElement,
  sections: OutlineItem[],
  {
    groups,
    classes,
    onFirstSections,
  }: {groups: Set<string>; classes: SectionClasses; onFirstSections: (sections: HTMLElement[], fillList: (id: string) => void) => void},
  signal: AbortSignal,
) {
  const html = await pageHtml;
  const built = await readBuiltReference(
    html,
    sections.map((section) => section.id),
    referenceIndex(root),
    signal,
  );
  if (!built) throw new Error('no reference of this spec in the built page');
  return adoptBuiltReference(built, root, styles, {expandedIds: groups, sectionClass: sectionStyles.section!, classes, onFirstSections}, signal);
}

/**
 * What Redoc's components read of the store: its spec and options (Markdown components such as
 * `<SchemaDefinition>` and `<SecurityDefinitions>`, the security requirements, the info block),
 * and the menu's history (the links beside headings), which the live menu listens to.
 */
function liteStore(spec: SpecStore, options: RedocNormalizedOptions): AppStore {
  return {spec, options, menu: {history}} as unknown as AppStore;
}
