/**
 * Stop words leave the query, as they left the index.
 *
 * The index is built without English stop words ("a", "an", "on", "the", "or": lunr's builder
 * drops them), but the search plugin sends every query word twice, exactly and as a prefix. "a"
 * then matches nothing exactly, and as "a*" it matches every word that begins with an a, hundreds
 * of them; "on*" matches "onchain", "one", "only". In "pay a seller on a marketplace" those
 * expansions outweighed "seller" and "marketplace", and since they swell the query unequally in
 * the guide and API indexes they also skewed which index won.
 *
 * lunr runs each query word through the index's search pipeline, which the index file names
 * (packages/kestrel-search/indexing/search-local.ts adds this function's label to it; the search box registers the function,
 * packages/kestrel-search/theme/SearchBar/LoadedSearchBar.tsx). This function drops a stop word,
 * with or without the trailing "*", so only the words that carry meaning are searched. A query of
 * stop words alone ("a") finds nothing, as it would without the prefix match.
 */

/** The label the index files name in their search pipeline. */
export const QUERY_STOP_WORDS = 'kestrelQueryStopWords';

type Token = {toString(): string; update(fn: (s: string) => string): Token};
type Lunr = {
  Token: new (str: string) => Token;
  stopWordFilter: (token: Token) => Token | undefined;
  Pipeline: {registeredFunctions: Record<string, unknown>; registerFunction(fn: unknown, label: string): void};
};

/** Registers the pipeline function with this lunr (the one the search client loads indexes with). */
export function registerQueryStopWords(lunr: Lunr): void {
  if (lunr.Pipeline.registeredFunctions[QUERY_STOP_WORDS]) return;
  const dropStopWords = (token: Token) => {
    const word = token.toString().replace(/\*$/, '');
    return lunr.stopWordFilter(new lunr.Token(word)) ? token : undefined;
  };
  lunr.Pipeline.registerFunction(dropStopWords, QUERY_STOP_WORDS);
}
