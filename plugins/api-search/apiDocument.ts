/**
 * Turns a built Redoc page into the document the search indexer reads.
 *
 * The indexer of @easyops-cn/docusaurus-search-local splits docs pages into
 * sections at the `article` h1–h3 headings and takes each section's anchor
 * from the heading's `a.hash-link`. A Redoc page has neither an `article` nor
 * hash links, so this writes one. For an API page indexed section by section:
 * an h1 with the page title, then an h2 per Redoc section (info sections, tags,
 * operations, schemas, which Redoc 2 renders as model tags) linking to that
 * section's id, each followed by a paragraph of plain text to search. An API page
 * that renders a spec indexed on another page is written as its title alone, so
 * each operation is one hit, not one per page.
 */
import {createRequire} from 'node:module';
import type {Cheerio, CheerioAPI} from 'cheerio';
import type {AnyNode, Element} from 'domhandler';

// The same HTML parser the indexer parses with: a dependency of the search plugin, not of the site.
const cheerio: typeof import('cheerio') = createRequire(require.resolve('@easyops-cn/docusaurus-search-local'))(
  'cheerio',
);

/** What a Redoc section documents, told by its id (`data-section-id`). */
export type ApiSectionKind = 'operation' | 'schema' | 'tag' | 'info';

/** One Redoc section, as it will be indexed. */
export interface ApiSection {
  /** The section's id (`data-section-id`), which is also its anchor on the page. */
  id: string;
  kind: ApiSectionKind;
  /** The hit's title: `GET /pet/findByStatus — Find pets by status` for an operation, the heading otherwise. */
  title: string;
  /** Plain text searched for the section. */
  content: string;
  /** Where the section belongs, shown beside its hit: an operation's tag, "Schemas"; empty for the page itself. */
  context: string;
}

/** Thrown when a page has no operations: Redoc did not render it at build time. */
export class MissingOperationsError extends Error {
  constructor(route: string) {
    super(
      `api-search: ${route} has no API operations in its built HTML, so it cannot be indexed. ` +
        'Redoc should render API pages at build time; check the build output of that page.',
    );
    this.name = 'MissingOperationsError';
  }
}

// Elements that end a line of text; the indexer's own text extraction uses a similar list.
const BLOCK = new Set([
  'address', 'article', 'aside', 'blockquote', 'br', 'dd', 'details', 'div', 'dl', 'dt', 'figcaption', 'figure',
  'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section',
  'table', 'td', 'th', 'tr', 'ul',
]);

/** Text of `nodes` with blocks separated by spaces (cheerio's `.text()` runs "Title" and "Text" together). */
function plainText(nodes: Cheerio<AnyNode>): string {
  const parts: string[] = [];
  const walk = (node: AnyNode): void => {
    if (node.type === 'text') parts.push(node.data);
    if (node.type !== 'tag') return;
    const block = BLOCK.has(node.name);
    if (block) parts.push(' ');
    node.children.forEach(walk);
    if (block) parts.push(' ');
  };
  nodes.toArray().forEach(walk);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** `/pet/{petId}/uploadImage` → `pet petId uploadImage`, so each part is a word of its own for the index. */
export function pathWords(path: string): string {
  return path
    .split(/[^\w-]+/)
    .filter(Boolean)
    .join(' ');
}

/**
 * Redoc 2.1.4's section ids, as its models build them (`data-section-id`, also the element's id):
 * - a tag: `tag/` and the tag name slugified (GroupModel, `safeSlugify`): `Cardano » Blocks` becomes
 *   `tag/Cardano-Blocks`, `Café` `tag/Cafe`; a name slugify leaves nothing of, such as `宠物`, is kept
 *   as it is, lower case, spaces as `-`;
 * - an operation with an operationId: its tag's id, `/operation/` and the operationId as it is, `/`
 *   included (`tag/actions/operation/actions/get-artifact`); `operation/<operationId>` when untagged
 *   (OperationModel);
 * - an operation without one: its tag's id followed by its JSON pointer, `/paths/<path, each / as ~1>/<method>`
 *   (`tag/Health/paths/~1health/get`); the pointer alone when untagged;
 * - Markdown headings: `section/<slug>` in the description, `tag/<slug>/section/<slug>` in a tag's;
 *   a schema through `<SchemaDefinition>`: `schema/<name>` (or `…/schemas/<name>`).
 * A model tag (`tag/pet_model`) is told from a tag by its content, see `isModelTag`.
 */
const OPERATION_WITH_ID = /^(?:tag\/.+?\/)?operation\/.+$/;
const OPERATION_BY_POINTER = /^(?:tag\/.+?)?\/paths\/[^/]+\/(?:get|put|post|delete|options|head|patch)$/;

export function sectionKind(id: string): ApiSectionKind {
  if (OPERATION_WITH_ID.test(id) || OPERATION_BY_POINTER.test(id)) return 'operation';
  if (/(?:^|\/)schemas?\/[^/]+$/.test(id)) return 'schema';
  if (/^tag\/[^/]+$/.test(id)) return 'tag';
  return 'info';
}

/** The id of the tag an operation is filed under (`tag/actions` for `tag/actions/operation/actions/x`), if any. */
function operationTagId(id: string): string | undefined {
  return /^(tag\/.+?)\/(?:operation|paths)\//.exec(id)?.[1];
}

const HEADINGS = 'h1, h2, h3, h4, h5, h6';

/**
 * Whether a tag section is a model tag: a tag with no operations whose description is Redoc's
 * `<SchemaDefinition>`. Redoc 2 renders no schema section of its own; such a tag is the only way
 * to give a schema one, and its id is the tag's (`tag/pet_model`). Its content is a schema's
 * property table, whose name cells Redoc marks `kind="field"`; a Markdown table has no such cells.
 */
function isModelTag(section: Cheerio<Element>): boolean {
  return section.find('[data-section-id*="operation/"]').length === 0 && section.find('td[kind="field"]').length > 0;
}

function operationContent(section: Cheerio<Element>, heading: Cheerio<Element>, id: string, path: string): string {
  const operationId = /(?:^|\/)operation\/(.+)$/.exec(id)?.[1];
  // Redoc puts the description right after the summary heading; parameters, bodies and responses
  // follow under headings of their own, so a block with a heading in it is not a description.
  const next = heading.next();
  const description = next.length > 0 && next.find(HEADINGS).length === 0 ? plainText(next) : '';
  // Text in the heading besides the summary, such as the "Deprecated" badge.
  const badges = plainText(heading.children());
  return [operationId, pathWords(path), badges, description]
    .map((part) => part?.replace(/\.$/, ''))
    .filter(Boolean)
    .join('. ');
}

/**
 * Reads every Redoc section of a built API page.
 *
 * It relies on Redoc's section ids (`data-section-id`) for what a section is and where it
 * links, on the first heading inside a section (of any level) for its title, and on the
 * `.http-verb` badge and the path beside it for an operation's method and path.
 */
export function readApiSections($: CheerioAPI): ApiSection[] {
  const sections: ApiSection[] = [];
  // Tag headings by section id; Redoc writes each tag's section before its operations.
  const tagTitles = new Map<string, string>();
  $('.redocusaurus [data-section-id]').each((_, element) => {
    const section = $(element);
    const id = section.attr('data-section-id') ?? '';
    // Redoc nests a copy of each operation with an operationId (`operation/x` inside `tag/t/operation/x`,
    // or inside `operation/x` when untagged); index the outer one.
    const outer = section.parents('[data-section-id]').toArray();
    if (
      outer.some((parent) => {
        const parentId = $(parent).attr('data-section-id') ?? '';
        return parentId === id || parentId.endsWith(`/${id}`);
      })
    ) {
      return;
    }

    const idKind = sectionKind(id);
    const kind = idKind === 'tag' && isModelTag(section) ? 'schema' : idKind;
    const heading = section.find(HEADINGS).first();
    // The summary is the heading's own text; badges are elements inside it.
    const headingText =
      heading
        .contents()
        .filter((_, node) => node.type === 'text')
        .text()
        .replace(/\s+/g, ' ')
        .trim() || plainText(heading);
    if (idKind === 'tag') tagTitles.set(id, headingText);
    // An operation's context is its tag as the page shows it (the tag section's heading), not its id's slug.
    const tagId = kind === 'operation' ? operationTagId(id) : undefined;
    const context = kind === 'schema' ? 'Schemas' : tagId ? (tagTitles.get(tagId) ?? tagId.slice('tag/'.length)) : '';
    if (kind === 'operation') {
      const verb = section.find('.http-verb').first();
      const method = verb.text().trim().toUpperCase();
      const path = verb.next().text().trim();
      const endpoint = `${method} ${path}`.trim();
      const title = endpoint && headingText ? `${endpoint} — ${headingText}` : endpoint || headingText;
      sections.push({id, kind, title, content: operationContent(section, heading, id, path), context});
      return;
    }
    // Nested sections (the schemes under Authentication) are indexed on their own.
    const body = section.clone();
    body.find('[data-section-id]').remove();
    body.find(HEADINGS).first().remove();
    // A schema is found by its name: a model tag's heading is its `x-displayName`, which the sample
    // specs set to the schema's name (tests/openapi); a `schema/…` id ends with the name.
    const title = kind === 'schema' ? headingText || decodeURIComponent(id.split('/').pop()!) : headingText;
    sections.push({id, kind, title, content: plainText(body), context});
  });
  return sections;
}

/**
 * A page's built HTML, read as a browser without scripts reads it: the reference kit keeps a large
 * reference's far sections, and its menu's closed lists, in noscript elements, whose content a
 * browser running scripts (and the parser by default) reads as text.
 */
const loadPage = (html: string) => cheerio.load(html, {scriptingEnabled: false});

/** The Redoc sections of a page's HTML. */
export function apiSections(html: string): ApiSection[] {
  return readApiSections(loadPage(html));
}

/** The page's own title, without the site name: "Single YAML file | Redocusaurus" → "Single YAML file". */
function pageTitle($: CheerioAPI): string {
  return $('title').first().text().split(' | ')[0]!.trim();
}

/** The `<head>` of a search document: what decides whether and how the page is listed. */
function documentHead($: CheerioAPI): string {
  const meta = $('meta[name="description"], meta[name="keywords"], meta[name="robots"]')
    .toArray()
    .map((element) => $.html(element))
    .join('');
  return `<head><title>${escapeHtml($('title').first().text())}</title>${meta}</head>`;
}

/**
 * The search document for an API page indexed section by section: the page, then one section per Redoc section.
 *
 * @param html The page's built HTML.
 * @param route The page's route, for the error when the page has no operations.
 */
export function apiSearchDocument(html: string, route: string): {document: string; sections: ApiSection[]} {
  const $ = loadPage(html);
  const sections = readApiSections($);
  if (!sections.some((section) => section.kind === 'operation')) throw new MissingOperationsError(route);

  // The API's own title and description describe the page as a whole.
  // (Redoc's info block is `.api-info`; its heading level may change between Redoc versions.)
  const intro = plainText(
    $('.redocusaurus .api-info').first().find(HEADINGS).first().add('.redocusaurus [data-role^="redoc-"]'),
  );
  const body = sections
    .map(
      (section) =>
        `<h2><a class="hash-link" href="#${escapeHtml(section.id)}">#</a>${escapeHtml(section.title)}</h2>` +
        `<p>${escapeHtml(section.content)}</p>`,
    )
    .join('\n');
  const document =
    `<!DOCTYPE html><html>${documentHead($)}` +
    `<body><article><h1>${escapeHtml(pageTitle($))}</h1><p>${escapeHtml(intro)}</p>\n${body}</article></body></html>\n`;
  return {document, sections};
}

/**
 * The search document for an API page whose spec is indexed on another page: its title and
 * description only, so that it is found as a page while its operations are found once, there.
 */
export function apiPageDocument(html: string, route: string): string {
  const $ = loadPage(html);
  if (!readApiSections($).some((section) => section.kind === 'operation')) throw new MissingOperationsError(route);
  return `<!DOCTYPE html><html>${documentHead($)}<body><article><h1>${escapeHtml(pageTitle($))}</h1></article></body></html>\n`;
}
