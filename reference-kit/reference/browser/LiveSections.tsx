/**
 * The live part of a reference the server rendered (./LiveReference.tsx), with Redoc's code: the
 * means by which ./liveController.ts brings the server's HTML to life piece by piece. A piece (a
 * section, or the API's info block) is rendered by React into the server's element (a portal), in
 * place of its HTML; its model is built from the part of the spec that it shows (./specParts.ts),
 * whose pieces alone are parsed. The menu runs on the server's HTML (./liveMenu.ts).
 *
 * Until a section comes to life it is the server's HTML, styled in both colour modes by the server's CSS,
 * which stays in the page: styled-components is told which of its class names that CSS covers, so
 * that it does not add the same rules again and make the browser restyle the whole reference.
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
import {ATTR, CLASS} from '../shared/contract';
import {useModeOptions} from '../shared/modeOptions';
import type {LiveReferenceProps} from './LiveReference';
import {startLiveMenu} from './liveMenu';
import {sectionsOf, startLiveReference} from './liveController';
import {SpecParts} from './specParts';
import {withTryIt} from '../shared/TryIt';

/**
 * styled-components' browser sheet (an internal it exports), whose registered names it does not
 * inject again. Read with `require`: styled-components 5 ships no type declarations.
 */
const {masterSheet} = (require('styled-components') as {__PRIVATE__: {masterSheet: {registerName(id: string, name: string): void}}})
  .__PRIVATE__;

/** Registers the class names the server's style sheets list (`id:name,name id:name`) with styled-components. */
function registerServerClassNames(container: ParentNode): void {
  container.querySelectorAll<HTMLStyleElement>(`style[${ATTR.classNames}]`).forEach((style) => {
    for (const entry of (style.getAttribute(ATTR.classNames) ?? '').split(' ')) {
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

/** A piece of the reference rendered by React, into the server's element it replaces. */
interface LiveSection {
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
  const specUrl = useBaseUrl(specProps.url ?? '', {absolute: true});
  const options = useMemo(
    () => withTryIt(new RedocNormalizedOptions(lightThemeOptions, MARKDOWN_COMPONENTS), specProps.tryIt, specUrl),
    [lightThemeOptions, specProps.tryIt, specUrl],
  );
  const darkTheme = useMemo(() => new RedocNormalizedOptions(darkThemeOptions).theme, [darkThemeOptions]);
  const theme = useColorMode().colorMode === 'dark' ? darkTheme : options.theme;
  const [liveSections, setLiveSections] = useState<LiveSection[]>([]);

  useEffect(() => {
    const outline = specProps.outline ?? [];
    const outlineById = new Map(sectionsOf(outline).map((item) => [item.id, item]));
    const parts = new SpecParts(specProps.pieces!, () => specProps.spec, specUrl, options, specProps.descriptionHeadings);
    const render = (element: HTMLElement, piece: {spec: SpecStore; content: React.ReactElement} | undefined) => {
      if (!piece) return false;
      // React renders into the element from nothing: the server's HTML goes first.
      element.replaceChildren();
      setLiveSections((pieces) => [...pieces, {element, store: liteStore(piece.spec, options), content: piece.content}]);
      return true;
    };
    return startLiveReference({
      root,
      styles,
      source,
      outline,
      pageHtml,
      target: history.currentId,
      takeEarlyClicks,
      bringToLife: (element, id) => {
        if (id === undefined) {
          const spec = parts.info();
          return render(element, {spec, content: <ApiInfo store={liteStore(spec, options)} />});
        }
        const found = parts.item(outlineById.get(id) ?? {id, part: 'info'});
        return render(element, found && {spec: found.store, content: <SectionContent item={found.item} />});
      },
      prepare: (id) => parts.prepare(id === undefined ? {part: 'info'} : (outlineById.get(id) ?? {part: 'info'})),
      startMenu: (page) => startLiveMenu(root, outline, options, page),
      stylesInPage: () => document.querySelectorAll(`.${CLASS.styles}`).forEach(registerServerClassNames),
      scrollToTarget: () => {
        const scroll = new ScrollService(options);
        MenuStore.updateOnHistory(history.currentId, scroll);
        scroll.dispose();
      },
      onUnavailable: (error) => {
        console.warn('reference-kit: the built HTML of this page could not be used; rendering the reference in the browser.', error);
        onUnavailable?.();
      },
    });
    // The reference is brought to life once; the server's HTML is for the options it was built with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      {liveSections.map(({element, store, content}) =>
        createPortal(
          <ThemeProvider theme={theme}>
            <StoreProvider value={store}>
              <OptionsProvider value={options}>{content}</OptionsProvider>
            </StoreProvider>
          </ThemeProvider>,
          element,
          element.getAttribute(ATTR.section) ?? 'info',
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
