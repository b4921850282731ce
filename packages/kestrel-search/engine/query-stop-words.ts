/**
 * Stop words leave the query, as they left the index.
 *
 * The index is built without English stop words ("a", "an", "on", "the", "or": lunr's builder
 * drops them), but every query word is searched twice, exactly and as a prefix. "a" then matches
 * nothing exactly, and as "a*" it matches every word that begins with an a, hundreds of them;
 * "on*" matches "onchain", "one", "only". In "pay a seller on a marketplace" those expansions
 * outweighed "seller" and "marketplace". This search-pipeline function (./analysis.ts) drops a
 * stop word, with or without the trailing "*", so only the words that carry meaning are searched.
 * A query of stop words alone ("a") finds nothing, as it would without the prefix match.
 */
import lunr from 'lunr';

/** The label the index files name in their search pipeline. */
export const QUERY_STOP_WORDS = 'kestrelQueryStopWords';

export function dropStopWords(token: lunr.Token): lunr.Token | null {
  const word = token.toString().replace(/\*$/, '');
  return lunr.stopWordFilter(new lunr.Token(word, {})) ? token : null;
}
