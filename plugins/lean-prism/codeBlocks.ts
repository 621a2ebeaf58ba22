/**
 * The code block of Markdown pages, handed over by the pages that have one.
 *
 * The theme's MDX components import CodeBlock, and with it Prism, for every docs page, although
 * most code blocks are on a few pages. Here a page with a fenced code block imports
 * ./withCodeBlocks.ts (./remarkCodeBlocks.ts adds the import), which registers CodeBlock; the
 * swizzled `@theme/MDXComponents/Code` and `Pre` render what is registered. Pages without one
 * load neither.
 */
import type {ComponentType} from 'react';
import type {Props} from '@theme/CodeBlock';

let registered: ComponentType<Props> | undefined;

export function registerCodeBlock(component: ComponentType<Props>): void {
  registered = component;
}

/** The registered CodeBlock; a page that renders a code block without having imported it is a build error. */
export function registeredCodeBlock(): ComponentType<Props> {
  if (!registered) {
    throw new Error(
      'A Markdown code block on a page that did not import the code block component. Docs get the import from ' +
        "plugins/lean-prism/remarkCodeBlocks.ts; another page needs `import '@site/plugins/lean-prism/withCodeBlocks';`.",
    );
  }
  return registered;
}
