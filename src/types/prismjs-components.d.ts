// Prism's component files (plugins/lean-prism/prism.ts): the core exports Prism, the languages register on it.
declare module 'prismjs/components/prism-core.min.js' {
  const Prism: typeof import('prismjs');
  export default Prism;
}
declare module 'prismjs/components/*.min.js';
