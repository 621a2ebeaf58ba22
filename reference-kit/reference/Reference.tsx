/**
 * Redoc's reference, composed from the parts Redoc exports, with each section of the content
 * brought to life on its own (./ReferenceSection).
 *
 * The markup is Redoc's own `Redoc` component's: the same wrappers in the same order, so the
 * server HTML, Redoc's CSS and its scroll handling are unchanged. Two things differ: the content
 * is a flat list of sections (Redoc renders a tag's operations right after the tag, as siblings,
 * so the page is the same), the API's info block is in a `div` of its own (`ReferenceInfo` below),
 * and the theme comes from the caller, so that one store serves both colour modes: Redoc reads
 * its theme only through styled-components' `ThemeProvider`.
 */
import React, {useMemo} from 'react';
import {
  ApiContentWrap,
  ApiInfo,
  ApiLogo,
  BackgroundStub,
  OptionsProvider,
  RedocWrap,
  SearchBox,
  SideMenu,
  StickyResponsiveSidebar,
  StoreProvider,
  ThemeProvider,
  type AppStore,
  type ResolvedThemeInterface,
} from 'redoc';
import ReferenceSection, {type SectionModel} from './ReferenceSection';
import {KEEP_SERVER_HTML, useRenderedNearViewport} from './keepServerHtml';

/** The content's sections in page order: each item, then its children. Groups have no section of their own. */
function sectionsInPageOrder(items: SectionModel[]): SectionModel[] {
  return items.flatMap((item) => [...(item.type === 'group' ? [] : [item]), ...sectionsInPageOrder(item.items as SectionModel[])]);
}

/**
 * The info block (title, download link, the description's first paragraphs) keeps the server's
 * HTML while the page hydrates, like the sections, and renders in a task of its own right after:
 * its description is the first Markdown the page renders, and marked's first run is slow.
 */
function ReferenceInfo({store}: {store: AppStore}): React.ReactElement {
  const {ref, rendered} = useRenderedNearViewport<HTMLDivElement>();
  return <div ref={ref} {...(rendered ? {children: <ApiInfo store={store} />} : KEEP_SERVER_HTML)} />;
}

export default function Reference({store, theme}: {store: AppStore; theme: ResolvedThemeInterface}): React.ReactElement {
  const {spec, menu, options, search, marker} = store;
  const sections = useMemo(() => sectionsInPageOrder(menu.items as SectionModel[]), [menu]);
  return (
    <ThemeProvider theme={theme}>
      <StoreProvider value={store}>
        <OptionsProvider value={options}>
          <RedocWrap className="redoc-wrap">
            <StickyResponsiveSidebar menu={menu} className="menu-content">
              <ApiLogo info={spec.info} />
              {!options.disableSearch && search && (
                <SearchBox search={search} marker={marker} getItemById={menu.getItemById} onActivate={menu.activateAndScroll} />
              )}
              <SideMenu menu={menu} />
            </StickyResponsiveSidebar>
            <ApiContentWrap className="api-content">
              <ReferenceInfo store={store} />
              {sections.map((item) => (
                <ReferenceSection key={item.id} item={item} />
              ))}
            </ApiContentWrap>
            <BackgroundStub />
          </RedocWrap>
        </OptionsProvider>
      </StoreProvider>
    </ThemeProvider>
  );
}
