// The navbar's search box (src/theme/SearchBar/SearchBox.tsx), as src/theme/SearchBar/index.tsx
// imports it on demand through Docusaurus's theme alias.
declare module '@theme/SearchBar/SearchBox' {
  export default function SearchBox(): JSX.Element;
}
