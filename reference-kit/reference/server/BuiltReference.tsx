/**
 * Server build of ./BuiltReference.tsx (the build swaps the module, see ../lib/themePlugin.js).
 *
 * Renders the reference in each colour mode with styled-components' ServerStyleSheet, and writes:
 * - the CSS of both renders, scoped to their colour mode, the dark rules rewritten onto the classes
 *   of the light render, which the page's HTML carries (./modeCss), with the class names listed for
 *   the browser to register (./BuiltReference.tsx), and the rules for the menu's states (./stateCss);
 * - the light render as the reference's HTML, its sections in full up to a budget and in short
 *   form after it, those in a noscript element, their room held below (./sectionStubs),
 *   so that the page's HTML does not grow with the spec and the browser builds few of its elements.
 * Two renders in all: the page's reference is the light one. The renders build Redoc's models within
 * limits (../lib/modelLimits.js): past them, options expand no more fields, and a schema that would
 * need too many models fails the build with an error that names the spec and the schema.
 */
import React from 'react';
import {renderToString} from 'react-dom/server';
import {flattenByProp, MiddlePanel, RightPanel, type AppStore, type ResolvedThemeInterface} from 'redoc';
import Reference from '../shared/Reference';
import {modeCss} from './modeCss';
import {liveStateCss} from './stateCss';
import {withSectionStubs} from './sectionStubs';
import {withMenuListsInNoscript} from '../browser/builtHtml';
import {aheadRoom, sectionEstimate, sectionFeatures, sectionHeightAttributes, sectionHeightCss, textWidthFactors, type EstimateNumbers} from './sectionEstimates';
import {useRedocStore} from '../shared/useRedocStore';
import {referenceClassName, type BuiltReferenceProps} from '../shared/specData';
import {modelLimitError, withModelLimits} from '../../lib/modelLimits';

interface ServerStyleSheet {
  collectStyles(tree: React.ReactElement): React.ReactElement;
  getStyleTags(): string;
  seal(): void;
}
// styled-components 5 ships no type declarations.
const {ServerStyleSheet} = require('styled-components') as {ServerStyleSheet: new () => ServerStyleSheet};

function renderWithSheet(store: AppStore, theme: ResolvedThemeInterface) {
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(sheet.collectStyles(<Reference store={store} theme={theme} />));
    return {html, css: sheet.getStyleTags()};
  } finally {
    sheet.seal();
  }
}

/** The class name styled-components gives every element of a styled component. */
function styledComponentId(component: unknown): string {
  return (component as {styledComponentId: string}).styledComponentId;
}

export default function BuiltReference({specProps, optionsOverrides, className}: BuiltReferenceProps): React.ReactElement {
  const {store, lightTheme, darkTheme} = useRedocStore(specProps, optionsOverrides);
  withModelLimits(store.options);
  let light, css;
  try {
    light = renderWithSheet(store, lightTheme);
    // The dark render's HTML is read for its class names alone, and let go of once read: on
    // GitHub's 1,223 operations each render's HTML is 61 MB.
    const dark = renderWithSheet(store, darkTheme);
    css = modeCss({lightHtml: light.html, lightSheet: light.css, darkHtml: dark.html, darkSheet: dark.css});
  } catch (error) {
    throw modelLimitError(error, specProps.source ?? specProps.url ?? 'of this page') ?? error;
  }
  // Redoc's panels carry their styled component's id as a class name.
  const panelClasses = {middle: styledComponentId(MiddlePanel), right: styledComponentId(RightPanel)};
  let heights = {css: '', key: ''};
  let held: {held: EstimateNumbers; text: boolean}[] = [];
  const html = withSectionStubs(light.html, flattenByProp(store.spec.contentItems, 'items'), {
    attributes: (sections) => {
      const estimates = sections.map((section) => sectionEstimate(sectionFeatures(section, panelClasses), {vertical: lightTheme.spacing.sectionVertical}));
      const {attributes, held: numbers, ...rules} = sectionHeightAttributes(estimates, {phone: textWidthFactors(lightTheme, 412), laptop: textWidthFactors(lightTheme, 1280)});
      heights = rules;
      held = numbers.map((numbersOfSection, index) => ({held: numbersOfSection, text: estimates[index]!.text}));
      return attributes;
    },
    ahead: (first) => {
      const room = aheadRoom(held.slice(first), textWidthFactors(lightTheme, 1280));
      return {content: ` data-kit-ahead="" style="${room.content}"`, noscript: ` data-kit-ahead="${room.steps}"`};
    },
  });
  // Redoc shows groups of tags expanded, and their tags closed.
  const groups = new Set(flattenByProp(store.spec.contentItems, 'items').flatMap((item) => (item.type === 'group' ? [item.id] : [])));
  const page = withMenuListsInNoscript(html, groups);
  return (
    <>
      <div className="redocusaurus-styles">
        <style data-class-names={css.classNames} dangerouslySetInnerHTML={{__html: css.light}} />
        <style dangerouslySetInnerHTML={{__html: css.dark}} />
        <style dangerouslySetInnerHTML={{__html: liveStateCss(lightTheme, darkTheme) + sectionHeightCss(lightTheme)}} />
        <style data-kit-heights={heights.key} dangerouslySetInnerHTML={{__html: heights.css}} />
      </div>
      <div className={referenceClassName(specProps, className)} data-kit-reference="" dangerouslySetInnerHTML={{__html: page}} />
    </>
  );
}
