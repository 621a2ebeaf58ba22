// The parts of @easyops-cn/docusaurus-search-local's client code that the navbar's search box
// (src/theme/SearchBar/SearchBox.tsx) reuses: loading the index and querying it. The package
// ships them untyped; these are their signatures in version 0.45.0.
declare module '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/fetchIndexes' {
  import type {WrappedIndex} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/SearchSourceFactory';

  export function fetchIndexes(
    baseUrl: string,
    searchContext: string,
  ): Promise<{wrappedIndexes: WrappedIndex[]; zhDictionary: string[]}>;
}

declare module '@easyops-cn/docusaurus-search-local/dist/client/client/utils/SearchSourceFactory' {
  /** A document of the written index, as the search plugin writes it (and `b` on API hits, by plugins/api-search). */
  export interface IndexedDocument {
    i: number;
    /** The text searched (and shown, for titles and headings). */
    t: string;
    /** The page's URL. */
    u: string;
    /** The anchor, with its `#`. */
    h?: string;
    /** The id of the page's title document. */
    p?: number;
    /** The section's title (content documents) or page title (descriptions, keywords). */
    s?: string;
    /** Breadcrumb: for a page, the docs sidebar path; for an API section, its context (the operation's tag). */
    b?: string[];
  }

  /** 0 title, 1 heading, 2 description, 3 keywords, 4 content. */
  export type SearchDocumentType = 0 | 1 | 2 | 3 | 4;

  export interface WrappedIndex {
    type: SearchDocumentType;
    documents: IndexedDocument[];
    index: unknown;
  }

  export interface SearchResult {
    document: IndexedDocument;
    type: SearchDocumentType;
    /** The title document of the hit's page (false for title hits). */
    page: IndexedDocument | false | undefined;
    tokens: string[];
  }

  export function SearchSourceFactory(
    wrappedIndexes: WrappedIndex[],
    zhDictionary: string[],
    resultsLimit: number,
  ): (input: string, callback: (results: SearchResult[]) => void) => void;
}
