/**
 * Which scenarios of doc blocks (scripts/sites/docSnippets.ts) each reader-site build applies, in
 * order. `installation` is the stock site itself (scripts/sites/readerSite.ts). The `docs` build
 * takes the diffs of four pages onto one config: their parts are small enough to be found after
 * the pages before them, and one build costs a minute or more on 2 cores. tests/docs/snippets.spec.ts
 * checks that every scenario with an applied block is in one of these builds.
 */
export const READER_BUILDS: Readonly<Record<string, readonly string[]>> = {
  installation: ['installation'],
  'typescript-config': ['typescript-config'],
  docs: ['plugin-options', 'theme-options', 'multiple-apis', 'schema-imports'],
  // tests/reader-site/kit.spec.ts
  kit: ['fast-accessible-reference-pages'],
  // tests/reader-site/kit-upgrade.spec.ts: a site on the previous release, with an edit, upgraded.
  'kit-upgrade': ['kit-upgrade'],
};
