// ESLint for everything written in TypeScript or JavaScript here, run by `npm test` (`npm run lint`).
// `tsc` checks the types; this checks what types cannot: the rules of React's hooks (the kit's
// components), and the recommended rules of ESLint and typescript-eslint.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/', 'build/', '.docusaurus/', 'plugins/kit-archive/releases/', 'bench/floor/build/', 'bench/floor/.docusaurus/', 'test-results/', 'tests/.artifacts/'],
  },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    plugins: {'react-hooks': reactHooks},
    languageOptions: {globals: {...globals.node, ...globals.browser}},
    linterOptions: {reportUnusedDisableDirectives: 'error'},
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Docusaurus 2 loads plugins and presets with require(): the kit's lib/ is CommonJS, and the
      // tests and the TypeScript that load it, or load a module only when it is needed, require it too.
      '@typescript-eslint/no-require-imports': 'off',
      // Sanitizing matches control characters on purpose (URLs and HTML that hide them).
      'no-control-regex': 'off',
      // A leading underscore names what a destructuring leaves out on purpose.
      '@typescript-eslint/no-unused-vars': ['error', {argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true}],
    },
  },
  {
    files: ['**/*.{js,cjs}'],
    languageOptions: {sourceType: 'commonjs'},
  },
);
