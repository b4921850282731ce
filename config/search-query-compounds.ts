/**
 * API identifiers, however a developer types them.
 *
 * An API identifier is several words written together (`expiresInSeconds`, `amount.currency`,
 * `Kestrel-Signature`, `INVOICE_NOT_CANCELLABLE`), and the index holds each one as a single marked
 * word (`_expiresinseconds`, packages/kestrel-search/indexing/search-api-terms.ts). A developer types it as written (the
 * tokenizer lowercases it to `expiresinseconds`), by its beginning (`expiresIn`), as separate
 * words (`expires in seconds`) or with its punctuation (`amount.currency`, which the tokenizer
 * splits into `amount` and `currency`). So the query keeps its words, searched as always, and
 * gains identifier words: a one-word query its word marked (exactly and by prefix, as the plugin
 * searches every word: `_expiresin*` reaches `_expiresinseconds`), a longer query each run of two
 * to MAX_JOINED_WORDS adjacent words written together and marked (exactly only, JOINED_MARK).
 * An identifier word that no identifier has matches nothing and changes no score.
 *
 * Where: the search plugin's client tokenizes the query with `lunr.tokenizer` (its generated
 * `tokenize`, checked by tests/unit/search.test.ts), so this wraps that function on the lunr the
 * client uses. lunr's index builder calls the same function as a method of the builder: those calls
 * are passed through unchanged, so no index is built with identifier words.
 */

/**
 * The index holds API identifiers with this mark in front (`_expiresinseconds`), and the query's
 * identifier words carry it too. Marked words are a vocabulary of their own:
 * a query word's prefix match (`invoice*`) never reaches an identifier (`_invoiceid`), so prose
 * queries rank as before, while identifiers meet identifiers. The tokenizer never makes it (it
 * splits at every character that is neither a letter nor a digit, and "_" is neither); it lives
 * only in index tags, which lunr takes whole, and in the query words added here. Not a character
 * like "~": lunr's index pipeline trims those (its trimmer keeps letters, digits and "_").
 */
export const IDENTIFIER_MARK = '_';

/**
 * A run of several query words, until the search pipeline (QUERY_COMPOUNDS) makes it an identifier
 * word: searched exactly only, by both of the clauses the plugin makes of every word (the exact
 * one and the prefix one), so that it weighs what a typed identifier does. As a prefix it would
 * take "payout originator" to `_payoutoriginatorid`, the path parameter of every operation on one
 * payout originator, lifting those above the page that creates one; an identifier is begun by
 * typing it as one word (`expiresIn`).
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

type Token = {str: string; toString(): string};
type Tokenizer = ((obj?: unknown, metadata?: object) => Token[]) & {separator?: RegExp};
type Lunr = {
  tokenizer: Tokenizer;
  Token: new (str: string, metadata?: object) => Token;
  Builder: new (...args: never[]) => unknown;
  Pipeline: {registeredFunctions: Record<string, unknown>; registerFunction(fn: unknown, label: string): void};
};

const WRAPPED = Symbol.for('kestrel.searchQueryCompounds');

/**
 * Wraps the tokenizer of this lunr (the one the search client queries with), once, and registers
 * the pipeline function that makes a joined run an exact identifier word.
 */
export function registerQueryCompounds(lunr: Lunr): void {
  if (!lunr.Pipeline.registeredFunctions[QUERY_COMPOUNDS]) {
    const exactRuns = (token: Token & {update(fn: (s: string) => string): Token}) => {
      const word = token.toString();
      if (!word.startsWith(JOINED_MARK)) return token;
      // The prefix clause's copy searched exactly as well: a run then weighs what a typed word does.
      return token.update(() => IDENTIFIER_MARK + word.slice(JOINED_MARK.length).replace(/\*$/, ''));
    };
    lunr.Pipeline.registerFunction(exactRuns, QUERY_COMPOUNDS);
  }
  const original = lunr.tokenizer as Tokenizer & {[WRAPPED]?: true};
  if (original[WRAPPED]) return;
  const wrapped = function (this: unknown, obj?: unknown, metadata?: object): Token[] {
    const tokens = original.call(this, obj, metadata);
    // The index builder, or a list of values (lunr indexes each whole): unchanged.
    if (this instanceof lunr.Builder || typeof obj !== 'string') return tokens;
    const words = tokens.map((t) => t.str);
    // One word is an identifier as typed (or its beginning); of several, only runs written together.
    const marked =
      words.length === 1 ? [IDENTIFIER_MARK + words[0]] : joinedRuns(words).map((run) => JOINED_MARK + run);
    // Typed with its punctuation and no space (`address.line2`, `Kestrel-Signature`), the whole
    // query is one identifier as the developer wrote it: it counts twice, ahead of guides that
    // only share its words.
    if (words.length > 1 && !/\s/.test(obj.trim())) marked.push(JOINED_MARK + words.join(''));
    return [...tokens, ...marked.map((word) => new lunr.Token(word, {...metadata, identifier: true}))];
  } as Tokenizer & {[WRAPPED]?: true};
  // lunr's tokenizer reads its separator from `lunr.tokenizer.separator` at each call.
  Object.defineProperty(wrapped, 'separator', {
    get: () => original.separator,
    set: (value: RegExp) => {
      original.separator = value;
    },
  });
  wrapped[WRAPPED] = true;
  lunr.tokenizer = wrapped;
}
