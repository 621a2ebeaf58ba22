/**
 * What the search box shows for the search plugin's results: one hit per
 * target (page or section), each with a title, a context and its URL.
 *
 * The plugin returns a result per matching document, and a section matches
 * up to twice (its heading and its text), a page up to three times (title,
 * description, keywords). A reader wants one line per place to go, so the
 * results are merged by URL, keeping the best-ranked one.
 */
import type {SearchResult} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/SearchSourceFactory';

export interface Hit {
  /** Where the hit opens: page URL and anchor. */
  href: string;
  /** `GET /pet/findByStatus — Find pets by status`, a heading, or a page title. */
  title: string;
  /** Where the target belongs: an operation's tag, or the page (and its docs section) for a heading. */
  context: string;
}

const TITLE = 0;
const HEADING = 1;

export function toHits(results: readonly SearchResult[], limit: number): Hit[] {
  const hits = new Map<string, Hit>();
  for (const {document, type, page} of results) {
    const href = document.u + (document.h ?? '');
    if (hits.has(href)) continue;
    const pageTitle = page ? page.t : document.t;
    // Headings show their own text; text, description and keyword hits show their section's title.
    const title = type === TITLE || type === HEADING ? document.t : document.s || pageTitle;
    const pagePath = [...((page ? page.b : document.b) ?? []), ...(title === pageTitle ? [] : [pageTitle])];
    // An API section carries its own context (the operation's tag); other hits show their page.
    const context = (type !== TITLE && document.b?.length ? document.b : pagePath).join(' › ');
    hits.set(href, {href, title, context});
    if (hits.size === limit) break;
  }
  return [...hits.values()];
}
