/**
 * Turns a built Redoc page into the document the search indexer reads.
 *
 * The indexer of @easyops-cn/docusaurus-search-local splits docs pages into
 * sections at the `article` h1–h3 headings and takes each section's anchor
 * from the heading's `a.hash-link`. A Redoc page has neither an `article` nor
 * hash links, so this writes one. For the canonical API page: an h1 with the
 * page title, then an h2 per Redoc section (info sections, tags, operations,
 * schemas, which Redoc 2 renders as model tags) linking to that section's id,
 * each followed by a paragraph of plain text to search. Every other API page
 * renders the same kind of spec and is written as its title alone, so each
 * operation is one hit, not one per page.
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
 * Redoc's section ids: `tag/pet/operation/findPetsByStatus` (or `operation/…`), `schema/Pet`, `tag/pet`.
 * A model tag (`tag/pet_model`) is told from a tag by its content, see `isModelTag`.
 */
export function sectionKind(id: string): ApiSectionKind {
  if (/(?:^|\/)operation\/[^/]+$/.test(id)) return 'operation';
  if (/(?:^|\/)schemas?\/[^/]+$/.test(id)) return 'schema';
  if (/^tag\/[^/]+$/.test(id)) return 'tag';
  return 'info';
}

/** The context of a hit, from the section id: the tag an operation is filed under, or "Schemas". */
function sectionContext(id: string, kind: ApiSectionKind): string {
  if (kind === 'schema') return 'Schemas';
  const tag = kind === 'operation' ? /^tag\/([^/]+)\//.exec(id)?.[1] : undefined;
  return tag === undefined ? '' : decodeURIComponent(tag);
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
  $('.redocusaurus [data-section-id]').each((_, element) => {
    const section = $(element);
    const id = section.attr('data-section-id') ?? '';
    // Redoc nests a copy of each operation (`operation/x` inside `tag/t/operation/x`); index the outer one.
    const outer = section.parents('[data-section-id]').toArray();
    if (outer.some((parent) => ($(parent).attr('data-section-id') ?? '').endsWith(`/${id}`))) return;

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
    const context = sectionContext(id, kind);
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

/** The Redoc sections of a page's HTML. */
export function apiSections(html: string): ApiSection[] {
  return readApiSections(cheerio.load(html));
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
 * The search document for the canonical API page: the page, then one section per Redoc section.
 *
 * @param html The page's built HTML.
 * @param route The page's route, for the error when the page has no operations.
 */
export function apiSearchDocument(html: string, route: string): {document: string; sections: ApiSection[]} {
  const $ = cheerio.load(html);
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
 * The search document for any other API page: its title and description only, so that it is
 * found as a page while its operations are found once, on the canonical page.
 */
export function apiPageDocument(html: string, route: string): string {
  const $ = cheerio.load(html);
  if (!readApiSections($).some((section) => section.kind === 'operation')) throw new MissingOperationsError(route);
  return `<!DOCTYPE html><html>${documentHead($)}<body><article><h1>${escapeHtml(pageTitle($))}</h1></article></body></html>\n`;
}
