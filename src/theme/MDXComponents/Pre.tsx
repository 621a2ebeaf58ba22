/**
 * Swizzled `@theme/MDXComponents/Pre`: the theme's, with the code block the page registered
 * (plugins/lean-prism/codeBlocks.ts) instead of an import that put CodeBlock and Prism on every docs page.
 */
import React, {isValidElement} from 'react';
import type {Props} from '@theme/MDXComponents/Pre';
import type {Props as CodeBlockProps} from '@theme/CodeBlock';
import {registeredCodeBlock} from '../../../plugins/lean-prism/codeBlocks';

export default function MDXPre(props: Props): JSX.Element {
  const CodeBlock = registeredCodeBlock();
  const {children} = props;
  // A fenced block is a `pre` around a `code` element, whose props (language, metastring) are the block's.
  const fenced = isValidElement<CodeBlockProps & {originalType?: unknown}>(children) && children.props.originalType === 'code';
  return <CodeBlock {...(fenced ? children.props : (props as CodeBlockProps))} />;
}
