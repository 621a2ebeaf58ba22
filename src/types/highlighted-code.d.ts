// Code highlighted at build time (plugins/lean-prism/highlightLoader.ts), for StaticCodeBlock.
declare module '*?highlight' {
  const code: import('../../plugins/lean-prism/highlightLoader').HighlightedCode;
  export default code;
}
