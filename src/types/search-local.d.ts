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
  /** A document of the index (plugins/api-search's IndexedDocument). */
  export interface IndexedDocument {
    i: number;
    t: string;
    u: string;
    h?: string;
    p?: number;
    s?: string;
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
