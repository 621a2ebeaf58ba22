import React, {type ComponentProps} from 'react';

/**
 * A Markdown table. Infima makes a table its own scroll box, so a table wider than the text
 * column scrolls sideways, as most option tables do on a phone. Being focusable lets a keyboard
 * reach and scroll it, as Docusaurus does for code blocks.
 */
export default function MDXTable(props: ComponentProps<'table'>): JSX.Element {
  return <table tabIndex={0} {...props} />;
}
