/**
 * Developers' words for Kestrel's: a query word in the left column is also searched as the words on
 * its right. The API names its operations in its own terms (an invoice is issued, a list is a
 * "get", an API key is revoked), so a developer who types what other APIs say ("create invoice",
 * "list payouts", "remove key") missed the page or found it below the ones that share a common
 * word. Each row names where Kestrel uses the term; the original word is always searched as well.
 *
 * A search-pipeline function (./analysis.ts), applied to queries only. It runs first, on the word
 * as typed (with the trailing "*" of the prefix clause), so each added word is stemmed and
 * prefix-matched exactly as if the developer had typed it. A word matches its row by stem:
 * "withdrawals" finds the "withdrawal" row.
 *
 * Keys and words are single lowercase words as the tokenizer makes them (no spaces or
 * punctuation); synonymLookup refuses any other, naming it.
 */
import lunr from 'lunr';

export const SEARCH_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  // Invoices are issued (Issue invoice, Issue invoice for receiver); payouts and deposits initiated.
  create: ['issue', 'initiate'],
  // A list is a "get" (Get invoices, Get payouts, Get events).
  list: ['get'],
  // Single objects are got, found or fetched (Get deposit, Find invoice by ID, Fetch public account profile info).
  retrieve: ['get', 'find', 'fetch'],
  lookup: ['find', 'fetch'],
  // Subscriptions and payout originators are deleted; API keys are revoked (API keys guide).
  remove: ['delete', 'revoke'],
  // An unpaid invoice is cancelled (Cancel unpaid invoice).
  void: ['cancel'],
  // Update subscription.
  edit: ['update'],
  modify: ['update'],
  change: ['update'],
  // A quote is executed (Execute payment quote, Execute currency exchange quote).
  confirm: ['execute'],
  // Money out to a bank is a payout (Making payouts guide, Create a payout).
  withdraw: ['payout'],
  withdrawal: ['payout'],
  cashout: ['payout'],
  // Money in is a deposit (Initiate deposit, Get deposit fee estimate).
  topup: ['deposit'],
  fund: ['deposit'],
  // Currency exchange quotes and rate tickers.
  convert: ['exchange'],
  conversion: ['exchange'],
  swap: ['exchange'],
  fx: ['exchange'],
  // Webhook notifications (Webhooks guides, the event pages).
  callback: ['webhook'],
  hook: ['webhook'],
  notification: ['webhook', 'event'],
  // Billing is invoicing.
  bill: ['invoice'],
  charge: ['invoice'],
  // Rate limits (Rate limits guide, Fetch logged-in account limits).
  throttle: ['limit'],
  throttling: ['limit'],
  quota: ['limit'],
  // Users and profiles are accounts (Account guides, Fetch public account profile info).
  user: ['account'],
  // Lightning and on-chain payment quotes.
  ln: ['lightning'],
  blockchain: ['onchain'],
};

/** The label the index files name in their search pipeline. */
export const QUERY_SYNONYMS = 'kestrelQuerySynonyms';

const SINGLE_WORD = /^[\p{Ll}\p{N}]+$/u;

/** Throws, naming the entry, unless every key and word is one lowercase word. */
export function checkSynonyms(table: Readonly<Record<string, readonly string[]>>): void {
  for (const [key, words] of Object.entries(table)) {
    if (!SINGLE_WORD.test(key)) throw new Error(`search synonyms: the key "${key}" is not a single lowercase word`);
    if (!Array.isArray(words) || words.length === 0) throw new Error(`search synonyms: "${key}" lists no words`);
    for (const word of words) {
      if (typeof word !== 'string' || !SINGLE_WORD.test(word))
        throw new Error(`search synonyms: "${key}" lists "${String(word)}", which is not a single lowercase word`);
    }
  }
}

const stem = (word: string) => lunr.stemmer(new lunr.Token(word, {})).toString();

/** The table keyed by each word's stem, so that a query word finds its row in any of its forms. */
export function synonymLookup(table = SEARCH_SYNONYMS): (word: string) => readonly string[] {
  checkSynonyms(table);
  const byStem = new Map<string, readonly string[]>();
  for (const [key, words] of Object.entries(table)) byStem.set(stem(key), words);
  return (word) => byStem.get(word) ?? byStem.get(stem(word)) ?? [];
}

const lookup = synonymLookup();

/** The search-pipeline function: the token, and a copy of it for each of its developers' words. */
export function addSynonyms(token: lunr.Token): lunr.Token | lunr.Token[] {
  const typed = token.toString();
  const star = typed.endsWith('*') ? '*' : '';
  const words = lookup(star ? typed.slice(0, -1) : typed).filter((w) => w + star !== typed);
  return words.length ? [token, ...words.map((w) => token.clone(() => w + star))] : token;
}
