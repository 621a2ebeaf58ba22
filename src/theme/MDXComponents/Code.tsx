/**
 * Swizzled `@theme/MDXComponents/Code`: the theme's, with the code block the page registered
 * (plugins/lean-prism/codeBlocks.ts) instead of an import that put CodeBlock and Prism on every docs page.
 */
import React, {isValidElement} from 'react';
import type {Props} from '@theme/MDXComponents/Code';
import {registeredCodeBlock} from '../../../plugins/lean-prism/codeBlocks';

/** Elements that keep a `code` element inline, as in the theme. */
const INLINE_ELEMENTS = new Set(
  'a abbr b br button cite code del dfn em i img input ins kbd label object output q ruby s small span strong sub sup time u var wbr'.split(' '),
);

function BlockCode({children, ...props}: Props): JSX.Element {
  const CodeBlock = registeredCodeBlock();
  return <CodeBlock {...props}>{children}</CodeBlock>;
}

export default function MDXCode(props: Props): JSX.Element {
  const inline = React.Children.toArray(props.children).every(
    (child) =>
      (typeof child === 'string' && !child.includes('\n')) ||
      (isValidElement<{mdxType?: string}>(child) && INLINE_ELEMENTS.has(child.props.mdxType ?? '')),
  );
  return inline ? <code {...props} /> : <BlockCode {...props} />;
}
