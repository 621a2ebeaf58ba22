/**
 * The server's render of a reference, made of parts whose boundaries it produced.
 *
 * Each section is rendered on its own, in each colour mode; the page is then React's render of
 * the reference (../shared/Reference.tsx) with each section's HTML in its own element, and the
 * sections past the page's budget of HTML in their short form (./sectionStubs.ts), in noscript
 * elements at the end of the content column. Where a section starts and ends, which sections are
 * short and which menu lists wait in noscript elements are decided here, on the models, and
 * written by React: nothing is ever found again by reading the HTML.
 *
 * It writes:
 * - the light render as the page's reference, each section with its estimated height
 *   (./sectionEstimates.ts) and the content column with the room of the sections ahead;
 * - the CSS of both renders, scoped to their colour mode, the dark rules rewritten onto the class
 *   names of the light render (./modeCss.ts, ./classNames.ts); the rules for the menu's states
 *   (./stateCss.ts) and for the held sections (../shared/heldCss.ts).
 *
 * Pure: no Docusaurus, so that a Node test renders a spec and reads the result back as the browser
 * does. Elements are made with `createElement` (see ../shared/Reference.tsx).
 */
import React from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {enableStaticRendering} from 'mobx-react';
import {MiddlePanel, OptionsProvider, RightPanel, StoreProvider, ThemeProvider, type AppStore, type ContentItemModel, type OperationModel, type ResolvedThemeInterface} from 'redoc';
import Reference, {SectionContent, SectionElement, sectionsInPageOrder, type ElementProps, type ServerParts} from '../shared/Reference';
import {ATTR} from '../shared/contract';
import {heldCss, NO_ROOM_WITHOUT_SCRIPTS, textWidthFactors} from '../shared/heldCss';
import {modeCss} from './modeCss';
import {liveStateCss} from './stateCss';
import {withClassNames} from './classNames';
import {FULL_SECTIONS_HTML_BUDGET, NOSCRIPT_PART_SIZE, SectionStub} from './sectionStubs';
import {aheadRoom, estimatedPageHeight, sectionEstimate, sectionFeatures, sectionHeightAttributes} from './sectionEstimates';

const h = React.createElement;

interface ServerStyleSheet {
  collectStyles(tree: React.ReactElement): React.ReactElement;
  getStyleTags(): string;
  seal(): void;
}
// styled-components 5 ships no type declarations.
const {ServerStyleSheet} = require('styled-components') as {ServerStyleSheet: new () => ServerStyleSheet};

/** The class name styled-components gives every element of a styled component. */
function styledComponentId(component: unknown): string {
  return (component as {styledComponentId: string}).styledComponentId;
}

/** A menu list longer than this waits in a noscript element while its item is closed. */
const HELD_LIST_ITEMS = 5;

export interface RenderedReference {
  /** The reference's HTML: the content of its element. */
  html: string;
  /** The style sheets that go before it, in this order. */
  styles: {
    /** The light render's rules, for the light mode, and the class names they cover. */
    light: string;
    classNames: string;
    /** The dark render's rules, on the light render's class names, for the dark mode. */
    dark: string;
    /** The rules of the menu's states and of the held sections. */
    held: string;
    /** The rules of the sections' shared estimates, and their key. */
    heights: string;
    heightsKey: string;
  };
  /** The page's estimated height, in pixels, on a phone (412 px, one column) and at 1,280 px. */
  estimatedHeight: {phone: number; laptop: number};
}

export interface RenderOptions {
  /** Characters of full sections the page holds before their short forms start. */
  budget?: number;
  /** The spec's file or URL, for the build's errors. */
  source?: string;
  /** An error of its own for a failure it knows (the model limits, ../../lib/modelLimits.js), if it is one. */
  knownFailure?: (error: unknown) => Error | undefined;
}

/** The build's error for a section Redoc could not render: the spec, the section's JSON pointer, what to do. */
export function sectionFailure(source: string, item: ContentItemModel, error: unknown): Error {
  const pointer = item.type === 'operation' ? (item as unknown as OperationModel).pointer : undefined;
  const where = pointer ? `${source}#${pointer.replace(/^#/, '')}` : `${source} (the section "${item.name}", ${item.id})`;
  const reason = error instanceof Error ? error.message : String(error);
  return new Error(
    `reference-kit: Redoc could not render ${where}: ${reason}. Fix or remove that part of the spec ` +
      `(\`npx @redocly/cli lint ${source}\` finds most such problems) and build again.`,
  );
}

/**
 * Renders `store`'s reference for the page: `light` is the theme of its HTML, `dark` the other
 * mode's. The store's menu items are marked for the render (which lists wait in noscript elements).
 */
export function renderReference(
  store: AppStore,
  {light, dark}: {light: ResolvedThemeInterface; dark: ResolvedThemeInterface},
  {budget = FULL_SECTIONS_HTML_BUDGET, source = 'the spec', knownFailure}: RenderOptions = {},
): RenderedReference {
  // Redoc's components are MobX observers. Outside static rendering, each one rendered makes a
  // reaction that keeps its props, so its models, until a timer disposes of it, and no timer runs
  // during a render: every section's models stayed alive (CHANGELOG, 1.4.0).
  enableStaticRendering(true);
  const sheets = {light: new ServerStyleSheet(), dark: new ServerStyleSheet()};
  const names = {light: [] as string[], dark: [] as string[]};
  // A page without scripts cannot switch the request samples' tabs: the server writes the payload
  // and the first code sample (Redoc's patch, kitServerSamples); the rest come with the section's life.
  const options = Object.create(store.options, {kitFirstSampleOnly: {value: true}}) as typeof store.options;
  const inProviders = (theme: ResolvedThemeInterface, element: React.ReactElement) =>
    h(ThemeProvider, {theme}, h(StoreProvider, {value: store}, h(OptionsProvider, {value: options}, element)));
  /**
   * Renders `element` (of a theme) in both modes; returns the light render's HTML. The dark one is
   * read for its class names alone, and let go of.
   */
  const renderBoth = (element: (theme: ResolvedThemeInterface) => React.ReactElement): string => {
    const lightRender = withClassNames(() => renderToStaticMarkup(sheets.light.collectStyles(inProviders(light, element(light)))));
    const darkRender = withClassNames(() => renderToStaticMarkup(sheets.dark.collectStyles(inProviders(dark, element(dark)))));
    names.light.push(...lightRender.names);
    names.dark.push(...darkRender.names);
    return lightRender.result;
  };
  try {
    holdClosedMenuLists(store);
    const items = sectionsInPageOrder(store.menu.items as unknown as ContentItemModel[]);
    // Each section's content on its own, and what it holds, for its estimate.
    const panelClasses = {middle: styledComponentId(MiddlePanel), right: styledComponentId(RightPanel)};
    const vertical = light.spacing.sectionVertical;
    let used = 0;
    const sections = items.map((item) => {
      let html: string;
      try {
        html = renderBoth(() => h(SectionContent, {item}));
      } catch (error) {
        throw knownFailure?.(error) ?? sectionFailure(source, item, error);
      } finally {
        releaseModels(item);
      }
      used += html.length;
      const estimate = sectionEstimate(sectionFeatures(html, panelClasses), {vertical});
      // Past the budget, only the short form stays: the full HTML is let go of once measured.
      return used > budget ? {item, estimate, html: undefined} : {item, estimate, html};
    });
    const estimates = sections.map(({estimate}) => estimate);
    const heights = sectionHeightAttributes(estimates, {phone: textWidthFactors(light, 412), laptop: textWidthFactors(light, 1280)});
    const props = (index: number, short: boolean): ElementProps => ({...heights.attributes[index], ...(short && {[ATTR.stub]: ''})});
    const firstShort = sections.findIndex(({html}) => html === undefined);
    const inPage = firstShort === -1 ? sections : sections.slice(0, firstShort);
    const parts: ServerParts = {
      sections: inPage.map(({item, html}, index) => ({item, props: props(index, false), html: html!})),
    };
    if (firstShort !== -1) {
      const room = aheadRoom(
        heights.held.slice(firstShort).map((held, offset) => ({held, text: estimates[firstShort + offset]!.text})),
        textWidthFactors(light, 1280),
      );
      parts.content = {[ATTR.ahead]: '', style: room.content};
      parts.ahead = aheadParts(
        sections.slice(firstShort).map(({item}, offset) => renderBoth(() => h(SectionElement, {item, props: props(firstShort + offset, true), html: shortForm(item)}))),
        room.steps,
      );
    }
    const html = renderBoth((theme) => h(Reference, {store, theme, parts}));
    const css = modeCss({lightNames: names.light, lightSheet: sheets.light.getStyleTags(), darkNames: names.dark, darkSheet: sheets.dark.getStyleTags()});
    return {
      html,
      estimatedHeight: {
        phone: estimatedPageHeight(estimates, textWidthFactors(light, 412), 1),
        laptop: estimatedPageHeight(estimates, textWidthFactors(light, 1280), 2),
      },
      styles: {
        light: css.light,
        classNames: css.classNames,
        dark: css.dark,
        held: liveStateCss(light, dark) + heldCss(light),
        heights: heights.css,
        heightsKey: heights.key,
      },
    };
  } finally {
    sheets.light.seal();
    sheets.dark.seal();
  }
}

/**
 * Lets go of the models Redoc keeps on a section's item once its HTML is written: an operation
 * memoizes its parameters, bodies and responses on itself (Redoc's `@memoize`, as `_memoized_<name>`
 * properties whose absence means "not built"), with every schema model under them. The render then
 * holds one section's models at a time, not the page's (Microsoft Graph: CHANGELOG, 1.4.0).
 */
function releaseModels(item: ContentItemModel): void {
  for (const key of Object.keys(item)) {
    if (key.startsWith('_memoized_')) delete (item as unknown as Record<string, unknown>)[key];
  }
}

/** A short section's content: React text alone (./sectionStubs.ts). */
function shortForm(item: ContentItemModel): string {
  return renderToStaticMarkup(h(SectionStub, {item}));
}

/**
 * The noscript elements of the sections ahead, each of about `NOSCRIPT_PART_SIZE` characters, cut
 * between sections: the first one holds the room's steps and, for a browser without scripts, the
 * rule that takes the room away (they show the sections where they are).
 */
function aheadParts(sectionHtmls: string[], steps: string): {props: ElementProps; html: string}[] {
  const parts: string[][] = [[`<style>${NO_ROOM_WITHOUT_SCRIPTS}</style>`]];
  let size = 0;
  for (const html of sectionHtmls) {
    if (size > NOSCRIPT_PART_SIZE) {
      parts.push([]);
      size = 0;
    }
    parts[parts.length - 1]!.push(html);
    size += html.length;
  }
  return parts.map((part, index) => ({props: {[ATTR.ahead]: index === 0 ? steps : ''}, html: part.join('')}));
}

/**
 * Marks the closed items of the menu whose lists are long: Redoc's menu (patched) renders their
 * items in a noscript element, which a browser running scripts reads as text and builds none of,
 * until the kit puts them in when the list first shows. Groups of tags show their lists.
 */
function holdClosedMenuLists(store: AppStore): void {
  const visit = (items: ContentItemModel[]) => {
    for (const item of items as (ContentItemModel & {kitHeldList?: ElementProps})[]) {
      if (item.type !== 'group' && !item.expanded && countItems(item.items) > HELD_LIST_ITEMS) item.kitHeldList = {[ATTR.list]: ''};
      visit(item.items);
    }
  };
  visit(store.menu.items as unknown as ContentItemModel[]);
}

function countItems(items: ContentItemModel[]): number {
  return items.reduce((count, item) => count + 1 + countItems(item.items), 0);
}

