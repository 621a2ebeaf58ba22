/**
 * Turns a built Redoc page into the document the search indexer reads.
 *
 * The indexer of @easyops-cn/docusaurus-search-local splits docs pages into
 * sections at the `article` h1–h3 headings and takes each section's anchor
 * from the heading's `a.hash-link`. A Redoc page has neither an `article` nor
 * hash links, so this writes one: an h1 with the page title, then an h2 per
 * Redoc section (info sections, tags, operations) linking to that section's
 * id, each followed by a paragraph of plain text to search.
 */
import {createRequire} from 'node:module';
import type {Cheerio, CheerioAPI} from 'cheerio';
import type {AnyNode, Element} from 'domhandler';

// The same HTML parser the indexer parses with: a dependency of the search plugin, not of the site.
const cheerio: typeof import('cheerio') = createRequire(require.resolve('@easyops-cn/docusaurus-search-local'))(
  'cheerio',
);

/** One Redoc section, as it will be indexed. */
export interface ApiSection {
  /** The section's id (`data-section-id`), which is also its anchor on the page. */
  id: string;
  title: string;
  /** Plain text searched for the section. */
  content: string;
  operation: boolean;
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

function operationContent(section: Cheerio<Element>, heading: Cheerio<Element>, id: string): string {
  const verb = section.find('.http-verb').first();
  const method = verb.text().trim().toUpperCase();
  const path = verb.next().text().trim();
  const operationId = /(?:^|\/)operation\/(.+)$/.exec(id)?.[1];
  // Redoc puts the description right after the heading; parameters, bodies and responses follow
  // under h5/h3 headings of their own, so a block with those is not a description.
  const next = heading.next();
  const description = next.length > 0 && next.find('h3, h5').length === 0 ? plainText(next) : '';
  // Text in the heading besides the summary, such as the "Deprecated" badge.
  const badges = plainText(heading.children());
  return [`${method} ${path}`, operationId, pathWords(path), badges, description]
    .map((part) => part?.replace(/\.$/, ''))
    .filter(Boolean)
    .join('. ');
}

/** Reads every Redoc section of a built API page. */
export function readApiSections($: CheerioAPI): ApiSection[] {
  const sections: ApiSection[] = [];
  $('.redocusaurus .api-content [data-section-id]').each((_, element) => {
    const section = $(element);
    const id = section.attr('data-section-id') ?? '';
    // Redoc nests a copy of each operation (`operation/x` inside `tag/t/operation/x`); index the outer one.
    const outer = section.parents('[data-section-id]').toArray();
    if (outer.some((parent) => ($(parent).attr('data-section-id') ?? '').endsWith(`/${id}`))) return;

    const heading = section.find('h1, h2').first();
    // The summary is the heading's own text; badges are elements inside it.
    const title =
      heading
        .contents()
        .filter((_, node) => node.type === 'text')
        .text()
        .replace(/\s+/g, ' ')
        .trim() || plainText(heading);
    const operation = section.find('.http-verb').length > 0;
    let content: string;
    if (operation) {
      content = operationContent(section, heading, id);
    } else {
      // Nested sections (the schemes under Authentication) are indexed on their own.
      const body = section.clone();
      body.find('[data-section-id]').remove();
      body.find('h1, h2').first().remove();
      content = plainText(body);
    }
    sections.push({id, title, content, operation});
  });
  return sections;
}

/**
 * The search document for one built API page.
 *
 * @param html The page's built HTML.
 * @param route The page's route, for the error when the page has no operations.
 */
export function apiSearchDocument(html: string, route: string): string {
  const $ = cheerio.load(html);
  const sections = readApiSections($);
  if (!sections.some((section) => section.operation)) throw new MissingOperationsError(route);

  // "Single YAML file | Redocusaurus" → "Single YAML file"
  const title = $('title').first().text().split(' | ')[0]!.trim();
  // The API's own title and description describe the page as a whole.
  const intro = plainText(
    $('.redocusaurus .api-content h1').first().add('.redocusaurus .api-content [data-role^="redoc-"]'),
  );
  // Keep what decides whether and how the page is listed (description, keywords, robots).
  const meta = $('meta[name="description"], meta[name="keywords"], meta[name="robots"]')
    .toArray()
    .map((element) => $.html(element))
    .join('');

  const body = sections
    .map(
      (section) =>
        `<h2><a class="hash-link" href="#${escapeHtml(section.id)}">#</a>${escapeHtml(section.title)}</h2>` +
        `<p>${escapeHtml(section.content)}</p>`,
    )
    .join('\n');
  return (
    `<!DOCTYPE html><html><head><title>${escapeHtml($('title').first().text())}</title>${meta}</head>` +
    `<body><article><h1>${escapeHtml(title)}</h1><p>${escapeHtml(intro)}</p>\n${body}</article></body></html>\n`
  );
}
