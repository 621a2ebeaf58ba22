/**
 * reference-kit/lib/specImportsLoader.js: which specs a page's source renders, and where the
 * imports of their data modules go. Node only: no browser page is opened.
 */
import {expect, test} from '@playwright/test';
import type {LoaderContext} from 'webpack';

const loader = require('../../reference-kit/lib/specImportsLoader.js') as {
  (this: Partial<LoaderContext<unknown>>, source: string): string;
  renderedSpecIds(source: string, markdown: boolean, options: {specIds: string[]; defaultSpecId?: string}): string[];
};

const options = {specIds: ['pets', 'billing'], defaultSpecId: 'pets'};
const run = (file: string, source: string) => loader.call({resourcePath: file, getOptions: () => options} as never, source);

test('MDX: each component names its spec; without an id, the first spec of the site', () => {
  const mdx = '# API\n\n<ApiDocMdx id="billing" />\n\n<ApiSchema pointer="#/components/schemas/Pet" />\n';
  expect(loader.renderedSpecIds(mdx, true, options)).toEqual(['billing', 'pets']);
});

test('MDX: code blocks, inline code and unknown ids load nothing', () => {
  const mdx = [
    'Use `<ApiDocMdx id="billing" />` in a page:',
    '',
    '```mdx title="docs/api.mdx"',
    '<ApiDocMdx id="billing" />',
    '```',
    '',
    '~~~',
    '<ApiSchema id="pets" pointer="#/x" />',
    '~~~',
    '',
    '<ApiDocMdx id="nobody" />',
    '',
  ].join('\n');
  expect(loader.renderedSpecIds(mdx, true, options)).toEqual([]);
  // An unclosed fence runs to the end of the file.
  expect(loader.renderedSpecIds('```\n<ApiDocMdx id="pets" />\n', true, options)).toEqual([]);
});

test('MDX: the imports go after the front matter, as a block of their own', () => {
  const source = '---\ntitle: API\n---\n\n# API\n\n<ApiDocMdx id="billing" />\n';
  expect(run('/site/docs/api.mdx', source)).toBe(
    "---\ntitle: API\n---\nimport '@redoc-spec-data/billing';\n\n\n# API\n\n<ApiDocMdx id=\"billing\" />\n",
  );
  expect(run('/site/docs/plain.md', '# Nothing here\n')).toBe('# Nothing here\n');
});

test('scripts: a literal id given to useSpecData or a component from @theme/', () => {
  const page = [
    "import useSpecData from '@theme/useSpecData';",
    "import ApiSchema from '@theme/ApiSchema';",
    "export default () => <Page spec={useSpecData('billing')} other={useSpecData()}><ApiSchema id={'pets'} pointer=\"#/x\" /></Page>;",
  ].join('\n');
  expect(loader.renderedSpecIds(page, false, options)).toEqual(['pets', 'billing']);
  expect(run('/site/src/pages/api.tsx', page).startsWith("import '@redoc-spec-data/pets';\nimport '@redoc-spec-data/billing';\nimport useSpecData")).toBe(
    true,
  );
});

test('scripts: an id in a variable, or text in a module that imports nothing of the theme, loads nothing', () => {
  const byVariable = "import useSpecData from '@theme/useSpecData';\nconst id = 'billing';\nexport const Page = () => useSpecData(id);\n";
  expect(run('/site/src/pages/api.tsx', byVariable)).toBe(byVariable);
  const data = "export const cards = [{uses: \"<ApiDoc specProps={useSpecData('billing')} />\"}];\n";
  expect(run('/site/src/data/cards.ts', data)).toBe(data);
});
