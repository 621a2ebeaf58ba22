// The theme's JSX build has no type declarations of its own; its compiled twin does.
declare module 'docusaurus-theme-redoc/dist-jsx/utils/useSpecOptions' {
  export {useSpecOptions} from 'docusaurus-theme-redoc/dist/utils/useSpecOptions';
}

/** A spec's data module, written by plugins/redoc-per-route; importing it makes the spec available to useSpecData. */
declare module '@redoc-spec-data/*';

// styled-components ships no types; the reference's pre-rendered styles need its style sheets.
declare module 'styled-components' {
  import type {ReactElement} from 'react';
  export class ServerStyleSheet {
    collectStyles(tree: ReactElement): ReactElement;
    getStyleTags(): string;
    seal(): void;
  }
  /** Internal: the browser's sheet, whose registered names styled-components does not inject again. */
  export const __PRIVATE__: {masterSheet: {registerName(componentId: string, name: string): void}};
}
