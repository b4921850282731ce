/**
 * A docs section as a search returns it: what the result shows (its title, its page's title, its
 * route) and the title the ranking compares with the query. Its text, tags and categories are in
 * the index only (./index-file.ts): the search box shows no text under a result.
 */
export interface SearchDocument {
  id: number;
  /** The indexed title: the section's heading (the page title for the page's first section). */
  title: string;
  type: 'docs' | 'blog' | 'other';
  sectionTitle: string;
  pageTitle: string;
  /** The page's route with the section's #anchor, if it has one. */
  sectionRoute: string;
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

/**
 * The index of one file as it is stored (./index-file.ts turns it into a SerializedIndex): what
 * lunr's vectors are computed from rather than the vectors themselves, about a sixth of their size.
 */
export interface StoredIndex {
  /** The lunr version the index was built with. */
  version: string;
  fields: string[];
  pipeline: string[];
  /** The site index's BM25 facts, the same in every file: so that one file alone scores as among all. */
  documentCount: number;
  /** By field, in the order of `fields`. */
  averageFieldLength: number[];
  k1: number;
  b: number;
  /** By field, in the order of `fields`. */
  boosts: number[];
  /** Each document's length in each field: document by document (as `documents`), field by field. */
  fieldLengths: number[];
  /** The file's words, in the order of the site index's term numbers. */
  terms: string[];
  /**
   * By word, as `terms`: [its term number minus the previous word's, the number of site documents
   * and fields that hold it, then per field the documents that hold it as pairs of (position in
   * `documents` minus the previous pair's, times the word occurs)].
   */
  postings: StoredPosting[];
}

/** A word's entry in a StoredIndex: see StoredIndex.postings. */
export type StoredPosting = [termNumberStep: number, documentsWithTerm: number, ...byField: number[][]];

/** `search-index-{tag}.json`: the documents of one tag and the index over them. */
export interface IndexFile {
  documents: SearchDocument[];
  index: StoredIndex;
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
