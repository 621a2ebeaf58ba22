/**
 * A reference the server rendered, brought to life piece by piece, at a cost that does not grow
 * with the spec.
 *
 * While the page hydrates, React keeps the server's HTML of the whole reference and renders
 * nothing of it, so hydration costs the same for twenty operations or two thousand. Then:
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
import React, {useEffect, useLayoutEffect, useMemo, useRef, useState} from 'react';
import {createPortal} from 'react-dom';
import {
  ApiInfo,
  history,
  OLD_SECURITY_DEFINITIONS_JSX_NAME,
  OptionsProvider,
  RedocNormalizedOptions,
  SCHEMA_DEFINITION_JSX_NAME,
  SchemaDefinition,
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
import {SectionContent} from './Reference';
import {referenceClassName, type BuiltReferenceProps} from './specData';
import {KEEP_SERVER_HTML, useIsHydrating} from './keepServerHtml';
import {wakeNearViewport} from './hydrationQueue';
import {startLiveMenu} from './liveMenu';
import {SpecParts} from './specParts';
import {useModeOptions} from './useRedocStore';
import type {OutlineItem} from './specData';

/**
 * styled-components' browser sheet (an internal it exports), whose registered names it does not
 * inject again. Read with `require`: styled-components 5 ships no type declarations.
 */
const {masterSheet} = (require('styled-components') as {__PRIVATE__: {masterSheet: {registerName(id: string, name: string): void}}})
  .__PRIVATE__;

/** Registers the class names listed by the server (`id:name,name id:name`) with styled-components. */
function registerServerClassNames(list: string): void {
  for (const entry of list.split(' ')) {
    const [componentId, names = ''] = entry.split(':');
    for (const name of names.split(',')) if (componentId && name) masterSheet.registerName(componentId, name);
  }
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

/** The outline's items with a section of their own, in page order (groups have none), by id. */
function sectionsById(outline: OutlineItem[]): Map<string, OutlineItem> {
  const sections = new Map<string, OutlineItem>();
  const walk = (items: OutlineItem[]) =>
    items.forEach((item) => {
      if (item.type !== 'group') sections.set(item.id, item);
      walk(item.items ?? []);
    });
  walk(outline);
  return sections;
}

/** A piece of the reference rendered by React, into the server's element it replaces. */
interface Woken {
  element: HTMLElement;
  store: AppStore;
  content: React.ReactElement;
}

export default function LiveReference({specProps, optionsOverrides, className}: BuiltReferenceProps): React.ReactElement {
  const root = useRef<HTMLDivElement>(null);
  const styles = useRef<HTMLDivElement>(null);
  if (useIsHydrating()) {
    // The server's CSS is in the page; register its names before any section renders.
    document.querySelectorAll<HTMLStyleElement>('.redocusaurus-styles style[data-class-names]').forEach((style) => {
      registerServerClassNames(style.dataset.classNames ?? '');
    });
  }

  const {lightThemeOptions, darkThemeOptions} = useModeOptions(specProps.themeId ?? 'theme-redoc', optionsOverrides);
  const options = useMemo(() => new RedocNormalizedOptions(lightThemeOptions, MARKDOWN_COMPONENTS), [lightThemeOptions]);
  const darkTheme = useMemo(() => new RedocNormalizedOptions(darkThemeOptions).theme, [darkThemeOptions]);
  const theme = useColorMode().colorMode === 'dark' ? darkTheme : options.theme;
  const specUrl = useBaseUrl(specProps.url ?? '', {absolute: true});
  const [woken, setWoken] = useState<Woken[]>([]);

  useEffect(() => {
    const element = root.current!;
    const outline = specProps.outline ?? [];
    const parts = new SpecParts(specProps.pieces!, () => specProps.spec, specUrl, options, specProps.descriptionHeadings);
    const outlineById = sectionsById(outline);
    const menu = startLiveMenu(element, outline, options);

    const wake = (target: HTMLElement, build: () => {spec: SpecStore; content: React.ReactElement} | undefined) => {
      const piece = build();
      if (!piece) return;
      // React renders into the element from nothing: the server's HTML goes first.
      target.replaceChildren();
      setWoken((pieces) => [...pieces, {element: target, store: liteStore(piece.spec, options), content: piece.content}]);
    };
    const info = element.querySelector<HTMLElement>('.api-content > [data-kit-info]');
    const cancels = info
      ? [
          wakeNearViewport(info, () =>
            wake(info, () => {
              const spec = parts.info();
              return {spec, content: <ApiInfo store={liteStore(spec, options)} />};
            }),
          ),
        ]
      : [];
    element.querySelectorAll<HTMLElement>('.api-content > [data-section-id]').forEach((section) => {
      const id = section.dataset.sectionId!;
      cancels.push(
        wakeNearViewport(section, () =>
          wake(section, () => {
            const found = parts.item(outlineById.get(id) ?? {id, part: 'info'});
            return found && {spec: found.store, content: <SectionContent item={found.item} />};
          }),
        ),
      );
    });
    return () => {
      menu.dispose();
      cancels.forEach((cancel) => cancel());
    };
    // The reference is brought to life once; the server's HTML is for the options it was built with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useLayoutEffect(() => {
    const container = styles.current;
    // styled-components counts on the server's rules for the names registered above for as long as
    // the page lives: when the reference goes (client-side navigation), its CSS moves to <head>.
    return () => {
      if (container) document.head.append(...Array.from(container.querySelectorAll('style')));
    };
  }, []);

  return (
    <>
      <div ref={styles} className="redocusaurus-styles" {...KEEP_SERVER_HTML} />
      <div ref={root} className={referenceClassName(specProps, className)} {...KEEP_SERVER_HTML} />
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

/**
 * What Redoc's components read of the store: its spec and options (Markdown components such as
 * `<SchemaDefinition>` and `<SecurityDefinitions>`, the security requirements, the info block),
 * and the menu's history (the links beside headings), which the live menu listens to.
 */
function liteStore(spec: SpecStore, options: RedocNormalizedOptions): AppStore {
  return {spec, options, menu: {history}} as unknown as AppStore;
}
