// The theme's JSX build has no type declarations of its own; its compiled twin does.
declare module 'docusaurus-theme-redoc/dist-jsx/utils/useSpecOptions' {
  export {useSpecOptions} from 'docusaurus-theme-redoc/dist/utils/useSpecOptions';
}
declare module 'docusaurus-theme-redoc/dist-jsx/theme/Redoc/Styles' {
  export {ServerStyles} from 'docusaurus-theme-redoc/dist/theme/Redoc/Styles';
}

/** A spec's data module, written by plugins/redoc-per-route; importing it makes the spec available to useSpecData. */
declare module '@redoc-spec-data/*';

// styled-components ships no types; ApiSchema only needs its ThemeProvider, as Redoc uses it.
declare module 'styled-components' {
  import type {ComponentType, ReactNode} from 'react';
  export const ThemeProvider: ComponentType<{theme: unknown; children?: ReactNode}>;
}
