/** A section of a docs page, as an index file holds it and a search returns it. */
export interface SearchDocument {
  id: number;
  /** The indexed title: the section's heading (the page title for the page's first section). */
  title: string;
  /** The section's text. */
  content: string;
  type: 'docs' | 'blog' | 'other';
  sectionTitle: string;
  pageTitle: string;
  /** The page's route with the section's #anchor, if it has one. */
  sectionRoute: string;
  tags?: string[];
  sidebarParentCategories?: string[];
}

export interface SearchHit {
  document: SearchDocument;
  score: number;
  /** The query's words, for highlighting them on the page the hit opens. */
  terms: string[];
}

/** A lunr index as `Index.toJSON()` writes it. */
export interface SerializedIndex {
  version: string;
  fields: string[];
  fieldVectors: [fieldRef: string, elements: number[]][];
  invertedIndex: [term: string, posting: Posting][];
  pipeline: string[];
}

/** A term's entry: its position in the vectors, and per field the documents that hold it. */
export type Posting = {_index: number} & Record<string, Record<string, object> | number>;

/** `search-index-{tag}.json`: the documents of one tag and the serialized index over them. */
export interface IndexFile {
  documents: SearchDocument[];
  index: SerializedIndex;
}

export interface SearchOptions {
  /** Hits to return; the search box shows MAX_SEARCH_RESULTS. */
  limit?: number;
  /** Hits to skip, for a second page of results. */
  offset?: number;
}

export interface SearchResults {
  /** Every document the query matches. */
  total: number;
  hits: SearchHit[];
}
