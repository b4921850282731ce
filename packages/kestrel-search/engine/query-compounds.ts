/**
 * API identifiers, however a developer types them.
 *
 * An API identifier is several words written together (`expiresInSeconds`, `amount.currency`,
 * `Kestrel-Signature`, `INVOICE_NOT_CANCELLABLE`), and the index holds each one as a single marked
 * word (`_expiresinseconds`, ../indexing/search-api-terms.ts). A developer types it as written
 * (the tokenizer lowercases it to `expiresinseconds`), by its beginning (`expiresIn`), as separate
 * words (`expires in seconds`) or with its punctuation (`amount.currency`, which the tokenizer
 * splits into `amount` and `currency`). So the query keeps its words, searched as always, and
 * gains identifier words (queryTerms): a one-word query its word marked (exactly and by prefix, as
 * every word is searched: `_expiresin*` reaches `_expiresinseconds`), a longer query each run of
 * two to MAX_JOINED_WORDS adjacent words written together and marked (exactly only, JOINED_MARK).
 * An identifier word that no identifier has matches nothing and changes no score.
 */

import type lunr from 'lunr';

/**
 * The index holds API identifiers with this mark in front (`_expiresinseconds`), and the query's
 * identifier words carry it too. Marked words are a vocabulary of their own: a query word's prefix
 * match (`invoice*`) never reaches an identifier (`_invoiceid`), so prose queries rank as before,
 * while identifiers meet identifiers. The tokenizer never makes it (it splits at every character
 * that is neither a letter nor a digit, and "_" is neither); it lives only in index tags, which
 * lunr takes whole, and in the query words added here. Not a character like "~": lunr's index
 * pipeline trims those (its trimmer keeps letters, digits and "_").
 */
export const IDENTIFIER_MARK = '_';

/**
 * A run of several query words, until the search pipeline (exactRuns) makes it an identifier word:
 * searched exactly only, by both of the clauses made of every word (the exact one and the prefix
 * one), so that it weighs what a typed identifier does. As a prefix it would take "payout
 * originator" to `_payoutoriginatorid`, the path parameter of every operation on one payout
 * originator, lifting those above the page that creates one; an identifier is begun by typing it
 * as one word (`expiresIn`).
 */
export const JOINED_MARK = '__';

/** The label the index files name in their search pipeline. */
export const QUERY_COMPOUNDS = 'kestrelQueryCompounds';

/** The longest run of adjacent query words also searched as one word. */
export const MAX_JOINED_WORDS = 4;

/** Every run of 2 to `max` adjacent words, written together. */
export function joinedRuns(words: readonly string[], max = MAX_JOINED_WORDS): string[] {
  const runs: string[] = [];
  for (let start = 0; start < words.length; start++) {
    for (let end = start + 2; end <= Math.min(words.length, start + max); end++)
      runs.push(words.slice(start, end).join(''));
  }
  return runs;
}

/**
 * The identifier words of a query, given its words as the tokenizer split them and the text as
 * typed. One word is an identifier as typed (or its beginning); of several, only runs written
 * together. Typed with its punctuation and no space (`address.line2`, `Kestrel-Signature`), the
 * whole query is one identifier as the developer wrote it: it counts twice, ahead of guides that
 * only share its words.
 */
export function identifierWords(words: readonly string[], typed: string): string[] {
  if (words.length === 0) return [];
  const marked = words.length === 1 ? [IDENTIFIER_MARK + words[0]] : joinedRuns(words).map((run) => JOINED_MARK + run);
  if (words.length > 1 && !/\s/.test(typed.trim())) marked.push(JOINED_MARK + words.join(''));
  return marked;
}

/** The search-pipeline function: a joined run becomes an exact identifier word. */
export function exactRuns(token: lunr.Token): lunr.Token {
  const word = token.toString();
  if (!word.startsWith(JOINED_MARK)) return token;
  // The prefix clause's copy searched exactly as well: a run then weighs what a typed word does.
  return token.update(() => IDENTIFIER_MARK + word.slice(JOINED_MARK.length).replace(/\*$/, ''));
}
