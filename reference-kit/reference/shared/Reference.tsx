/**
 * Redoc's reference, composed from the parts Redoc exports: the markup of Redoc's own `Redoc`
 * component (the same wrappers in the same order, so Redoc's CSS and scroll handling work), with
 * three differences. The content is a flat list of sections (Redoc renders a tag's operations right
 * after the tag, as siblings, so the page is the same); the API's info block is in a `div` of its
 * own (`ATTR.info`); and the theme comes from the caller, so that one store serves both colour
 * modes: Redoc reads its theme only through styled-components' `ThemeProvider`.
 *
 * The browser renders it whole where there is no server HTML to use (../browser/RenderedReference.tsx).
 * The server renders it with the parts it rendered one by one (`parts`, ../server/renderReference.ts):
 * each section's HTML goes into its own section element, so the page's structure is the one React
 * writes here, never found again in the HTML.
 *
 * Elements made with `createElement`, not JSX: the tests' runner (Playwright) compiles the JSX of
 * the modules a test imports for a runtime of its own, and the server's render is tested in Node.
 */
import React from 'react';
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
import {ATTR, CLASS} from './contract';

const h = React.createElement;

type SectionModel = ContentItemModel & {items: ContentItemModel[]};

/** The content's sections in page order: each item, then its children. Groups have no section of their own. */
export function sectionsInPageOrder(items: ContentItemModel[]): ContentItemModel[] {
  return (items as SectionModel[]).flatMap((item) => [...(item.type === 'group' ? [] : [item]), ...sectionsInPageOrder(item.items)]);
}

/** What Redoc's `ContentItem` renders inside a section, without the children that follow as sections of their own. */
export function SectionContent({item}: {item: ContentItemModel}): React.ReactElement {
  return item.type === 'operation' ? h(OperationItem, {item: item as unknown as OperationModel}) : h(SectionItem, {item});
}

/** Attributes of an element, as React props (a `style` object for custom properties). */
export type ElementProps = Record<string, unknown> & {style?: Record<string, string | number>};

/**
 * A section's element: Redoc's `Section` with the kit's class, and either the content React
 * renders (`children`) or the HTML the server rendered for it (`html`).
 */
export function SectionElement({item, props, html, children}: {item: ContentItemModel; props?: ElementProps; html?: string; children?: React.ReactNode}): React.ReactElement {
  return h(
    Section,
    {
      id: item.id,
      className: CLASS.section,
      $underlined: item.type === 'operation',
      ...props,
      ...(html === undefined ? {} : {dangerouslySetInnerHTML: {__html: html}}),
    } as React.ComponentProps<typeof Section>,
    html === undefined ? children : undefined,
  );
}

/** What the server rendered on its own, to be put into the reference's elements. */
export interface ServerParts {
  /** The sections in the content column, in page order: each with its element's props and its HTML. */
  sections: {item: ContentItemModel; props: ElementProps; html: string}[];
  /** More props of the content column (the room it holds for the sections ahead). */
  content?: ElementProps;
  /** The noscript elements at the end of the content column, holding the sections ahead. */
  ahead?: {props: ElementProps; html: string}[];
}

export default function Reference({store, theme, parts}: {store: AppStore; theme: ResolvedThemeInterface; parts?: ServerParts}): React.ReactElement {
  const {spec, menu, options, search, marker} = store;
  const sections = parts
    ? parts.sections.map(({item, props, html}) => h(SectionElement, {key: item.id, item, props, html}))
    : sectionsInPageOrder(menu.items as unknown as ContentItemModel[]).map((item) => h(SectionElement, {key: item.id, item}, h(SectionContent, {item})));
  const ahead = (parts?.ahead ?? []).map(({props, html}, index) => h('noscript', {key: `ahead-${index}`, ...props, dangerouslySetInnerHTML: {__html: html}}));
  return h(
    ThemeProvider,
    {theme},
    h(
      StoreProvider,
      {value: store},
      h(
        OptionsProvider,
        {value: options},
        h(
          RedocWrap,
          {className: 'redoc-wrap'},
          h(
            StickyResponsiveSidebar,
            {menu, className: CLASS.menu},
            h(ApiLogo, {info: spec.info}),
            !options.disableSearch && search
              ? h(SearchBox, {search, marker, getItemById: menu.getItemById, onActivate: menu.activateAndScroll})
              : null,
            h(SideMenu, {menu}),
          ),
          h(ApiContentWrap, {className: CLASS.content, ...parts?.content}, h('div', {[ATTR.info]: ''}, h(ApiInfo, {store})), ...sections, ...ahead),
          h(BackgroundStub),
        ),
      ),
    ),
  );
}
