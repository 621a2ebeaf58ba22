/**
 * Server build of ./ReferenceStyles: renders the reference in each theme with styled-components'
 * ServerStyleSheet and writes the CSS of both, scoped to their colour mode, the dark rules
 * rewritten onto the classes of the light render the page's HTML carries (./modeCss).
 */
import React from 'react';
import {renderToString} from 'react-dom/server';
import type {ReferenceStylesProps} from './ReferenceStyles';
import Reference from './Reference';
import {modeCss} from './modeCss';

interface ServerStyleSheet {
  collectStyles(tree: React.ReactElement): React.ReactElement;
  getStyleTags(): string;
  seal(): void;
}
// styled-components 5 ships no type declarations.
const {ServerStyleSheet} = require('styled-components') as {ServerStyleSheet: new () => ServerStyleSheet};

function renderWithSheet(props: ReferenceStylesProps, theme: ReferenceStylesProps['lightTheme']) {
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(sheet.collectStyles(<Reference store={props.store} theme={theme} />));
    return {html, css: sheet.getStyleTags()};
  } finally {
    sheet.seal();
  }
}

export default function ReferenceStyles(props: ReferenceStylesProps): React.ReactElement {
  const light = renderWithSheet(props, props.lightTheme);
  const dark = renderWithSheet(props, props.darkTheme);
  const css = modeCss({lightHtml: light.html, lightSheet: light.css, darkHtml: dark.html, darkSheet: dark.css});
  return (
    <div className="redocusaurus-styles">
      <style data-class-names={css.classNames} dangerouslySetInnerHTML={{__html: css.light}} />
      <style dangerouslySetInnerHTML={{__html: css.dark}} />
    </div>
  );
}
