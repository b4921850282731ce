/**
 * Options of the local search (`@cmfcmf/docusaurus-search-local`). One module so
 * that docusaurus.config.ts and the search tests (tests/search-client.ts) read the same values.
 */

/**
 * Splits text into words at every character that is neither a letter nor a digit. lunr's default
 * splits only at spaces and hyphens, so code in the guides produced index words such as
 * `verify_kestrel_signature(raw_body` and `req.headers['kestrel`: no one can type them, and every
 * such word a prefix query expands to weakens the real matches of that index against the other
 * index (the plugin merges the guide and API indexes by raw score). The client tokenizes queries
 * with the same separator (the plugin generates that code from this option).
 */
export const TOKENIZER_SEPARATOR = /[^\p{L}\p{N}]+/u;

export const searchOptions = {
  indexDocs: true,
  indexBlog: false,
  // Docs only, never blog or other pages; packages/kestrel-search/indexing/empty-default-search-index writes the "default" index.
  indexPages: false,
  indexDocSidebarParentCategories: 1,
  maxSearchResults: 8,
  lunr: {
    titleBoost: 5,
    contentBoost: 1,
    tagsBoost: 3,
    parentCategoriesBoost: 2,
    tokenizerSeparator: TOKENIZER_SEPARATOR,
    // BM25 length normalisation. Sections run from one line (an API event page) to 17,000
    // characters (test vectors); lunr's default 0.75 let every short API page that mentions a word
    // outrank the guide written about it. Measured with tests/after-build/search-relevance.test.ts.
    b: 0.5,
  },
};
