/**
 * Where the server writes the reference's pre-rendered CSS (the build swaps this module for
 * ./ReferenceStyles.server.tsx; see ../lib/themePlugin.js).
 *
 * In the browser that CSS stays. Sections React has not rendered yet (./ReferenceSection) are
 * styled by it alone, and styled-components is told which of its class names it already
 * styles: otherwise it would add the same rules again while hydrating, and the browser would
 * restyle and lay out the whole reference, 14,000 elements, in the middle of hydration.
 */
import React, {useLayoutEffect, useRef} from 'react';
import type {AppStore, ResolvedThemeInterface} from 'redoc';
import {KEEP_SERVER_HTML, useIsHydrating} from './keepServerHtml';

export interface ReferenceStylesProps {
  store: AppStore;
  lightTheme: ResolvedThemeInterface;
  darkTheme: ResolvedThemeInterface;
}

/**
 * styled-components' browser sheet (an internal it exports), whose registered names it does not
 * inject again. Read with `require`: styled-components 5 ships no type declarations.
 */
const {masterSheet} = (require('styled-components') as {__PRIVATE__: {masterSheet: {registerName(id: string, name: string): void}}})
  .__PRIVATE__;

/** Registers the class names listed by the server (`id:name,name id:name`) with styled-components. */
function registerServerClassNames(list: string): void {
  for (const entry of list.split(' ')) {
    const [componentId, names = ''] = entry.split(':');
    for (const name of names.split(',')) if (componentId && name) masterSheet.registerName(componentId, name);
  }
}

export default function ReferenceStyles(_props: ReferenceStylesProps): React.ReactElement {
  const ref = useRef<HTMLDivElement>(null);
  const hydrating = useIsHydrating();
  if (hydrating) {
    // The server's CSS is in the page. This runs before the reference renders: siblings render in order.
    document.querySelectorAll<HTMLStyleElement>('.redocusaurus-styles style[data-class-names]').forEach((style) => {
      registerServerClassNames(style.dataset.classNames ?? '');
    });
  }

  useLayoutEffect(() => {
    const container = ref.current;
    // styled-components now counts on these rules for the names registered above, for as long as
    // the page lives: when the reference goes (client-side navigation), its CSS moves to <head>.
    return () => {
      if (container) document.head.append(...Array.from(container.querySelectorAll('style')));
    };
  }, []);

  return <div ref={ref} className="redocusaurus-styles" {...KEEP_SERVER_HTML} />;
}
