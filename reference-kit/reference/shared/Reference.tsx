/**
 * Redoc's reference, composed from the parts Redoc exports: the markup of Redoc's own `Redoc`
 * component (the same wrappers in the same order, so Redoc's CSS and scroll handling work), with
 * three differences. The content is a flat list of sections (Redoc renders a tag's operations right
 * after the tag, as siblings, so the page is the same); the API's info block is in a `div` of its
 * own (`data-kit-info`); and the theme comes from the caller, so that one store serves both colour
 * modes: Redoc reads its theme only through styled-components' `ThemeProvider`.
 *
 * The server renders this (./BuiltReference.server.tsx), and so does the browser when there is no
 * server HTML to use (`npm start`, a page reached by a click whose built HTML cannot be fetched); a
 * page with the server's HTML, its own or its built page's, brings that HTML to life piece by piece
 * instead (./LiveReference.tsx).
 */
import React, {useMemo} from 'react';
import {
  ApiContentWrap,
  ApiInfo,
  ApiLogo,
  BackgroundStub,
  OperationItem,
  OptionsProvider,
  RedocWrap,
  SearchBox,
  Section,
  SectionItem,
  SideMenu,
  StickyResponsiveSidebar,
  StoreProvider,
  ThemeProvider,
  type AppStore,
  type ContentItemModel,
  type OperationModel,
  type ResolvedThemeInterface,
} from 'redoc';
import styles from './Reference.module.css';

type SectionModel = ContentItemModel & {items: ContentItemModel[]};

/** The content's sections in page order: each item, then its children. Groups have no section of their own. */
function sectionsInPageOrder(items: SectionModel[]): SectionModel[] {
  return items.flatMap((item) => [...(item.type === 'group' ? [] : [item]), ...sectionsInPageOrder(item.items as SectionModel[])]);
}

/** What Redoc's `ContentItem` renders inside a section, without the children that follow as sections of their own. */
export function SectionContent({item}: {item: ContentItemModel}): React.ReactElement {
  return item.type === 'operation' ? <OperationItem item={item as unknown as OperationModel} /> : <SectionItem item={item} />;
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
              <div data-kit-info="">
                <ApiInfo store={store} />
              </div>
              {sections.map((item) => (
                <Section key={item.id} id={item.id} className={styles.section} $underlined={item.type === 'operation'}>
                  <SectionContent item={item} />
                </Section>
              ))}
            </ApiContentWrap>
            <BackgroundStub />
          </RedocWrap>
        </OptionsProvider>
      </StoreProvider>
    </ThemeProvider>
  );
}
