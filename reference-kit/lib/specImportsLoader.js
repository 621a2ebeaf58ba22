// @ts-check
/**
 * webpack loader (before MDX and Babel) for the site's own pages and docs: adds
 * `import '@redoc-spec-data/<id>';` for each spec a file renders, so that the page's chunk carries
 * the specs it shows and no other page does (./specDataPlugin.js).
 *
 * A file renders a spec when it has `<ApiDocMdx id="…" />` or `<ApiSchema id="…" … />` (MDX or
 * JSX), or calls `useSpecData('…')`. Without an id, these read the site's first spec. Ids given by
 * a variable cannot be seen here: such a page imports the module itself (`useSpecData` says so).
 * Code in Markdown is left out, so a snippet that shows `<ApiDocMdx id="x" />` loads nothing; a
 * script counts only if it imports one of those from `@theme/`; ids that are not spec ids of the
 * site are ignored.
 */

/** @typedef {{specIds: string[]; defaultSpecId?: string}} Options */

const COMPONENT = /<(?:ApiDocMdx|ApiSchema)\b([^>]*)>/g;
const ID_PROP = /\bid\s*=\s*(?:"([^"]*)"|'([^']*)'|\{\s*["'`]([^"'`]*)["'`]\s*\})/;
const HOOK_CALL = /\buseSpecData\(\s*(?:(["'`])([^"'`]*)\1\s*)?\)/g;
/** Fenced code (``` or ~~~, up to the same fence) and inline code spans. */
const MARKDOWN_CODE = /^( {0,3})(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:\n\1\2[ \t]*(?=\n|$)|(?![\s\S]))|`[^`\n]*`/gm;
/** A script renders a spec only through the theme's modules. */
const THEME_IMPORT = /['"]@theme\/(?:useSpecData|ApiDocMdx|ApiSchema)['"]/;
/** Front matter, which must stay at the very top of a Markdown file. */
const FRONT_MATTER = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/;

/**
 * The spec ids `source` renders.
 * @param {string} source
 * @param {boolean} markdown
 * @param {Options} options
 */
function renderedSpecIds(source, markdown, {specIds, defaultSpecId}) {
  const text = markdown ? source.replace(MARKDOWN_CODE, '') : source;
  /** @type {Set<string | undefined>} */
  const ids = new Set();
  for (const [, props] of text.matchAll(COMPONENT)) {
    const match = ID_PROP.exec(props ?? '');
    ids.add(match ? match[1] ?? match[2] ?? match[3] : defaultSpecId);
  }
  for (const [, , id] of text.matchAll(HOOK_CALL)) ids.add(id ?? defaultSpecId);
  return [...ids].filter(/** @returns {id is string} */ (id) => id !== undefined && specIds.includes(id));
}

/**
 * @this {import('webpack').LoaderContext<Options>}
 * @param {string} source
 */
function specImportsLoader(source) {
  const markdown = /\.mdx?$/.test(this.resourcePath);
  if (!markdown && !THEME_IMPORT.test(source)) return source;
  const ids = renderedSpecIds(source, markdown, this.getOptions());
  if (ids.length === 0) return source;
  const imports = ids.map((id) => `import '@redoc-spec-data/${id}';\n`).join('');
  if (!markdown) return imports + source;
  // MDX reads imports as a block of their own: a blank line after them.
  const frontMatter = FRONT_MATTER.exec(source)?.[0] ?? '';
  return `${frontMatter}${imports}\n${source.slice(frontMatter.length)}`;
}

module.exports = specImportsLoader;
module.exports.renderedSpecIds = renderedSpecIds;
