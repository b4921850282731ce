/**
 * The words a developer types to find an API operation by what it defines, given by the site (the theme's `apiTerms` option: plugins/api-reference/search-terms.ts reads them from the bundled
 * definition) at build time: parameter names, request and response body
 * fields with their parent path (`amount.currency`), enum values, the error codes the operation's
 * examples answer with, and request and response header names.
 *
 * Why the definition and not the page: the page's parameter, field and response sections are left
 * out of the index (./search-index-view.ts: hundreds of generic words such as "string" and
 * "required" outranked the guides); the definition gives the names in them exactly, whatever the
 * rendering, as the operation's tags.
 *
 * Which words: each identifier written together, lowercase, as one index word (`expiresinseconds`,
 * `amountcurrency`, `kestrelsignature`, `invoicenotcancellable`), and a field's or parameter's own
 * name (`currency`), each with the identifier mark in front (`_currency`). The query side
 * (../engine/query-compounds.ts) searches a one-word query with the mark too, and a query's
 * adjacent words written together, so `expiresInSeconds`, `expiresIn` (a prefix), `expires in
 * seconds`, `amount.currency` and `Kestrel-Signature` all reach these words. Unmarked, or split
 * into their words (`expires`, `signature`, `invoice`), they outweighed the guides on prose
 * queries: all eight webhook pages, whose header is `Kestrel-Signature`, outranked the signature
 * guide for "verify webhook signature", and `invoice*` reached every `invoiceId`.
 */
import {TOKENIZER_SEPARATOR} from '../engine/analysis.ts';
import {IDENTIFIER_MARK} from '../engine/query-compounds.ts';

/** What one operation (or webhook) defines, as the search indexes it. */
export type OperationTerms = {
  /** The route of its page: `/api/{slug}`, the slug the definition model gives it. */
  route: string;
  /** `GET /invoices`, or `webhook invoice.created`: for messages. */
  name: string;
  /** Query parameter names, as written. */
  queryParameters: string[];
  /** Request body fields by their path from the body (`amount.currency`), writable ones only. */
  requestFields: string[];
  /** Success response body fields by their path from the body (`items.id`), readable ones only. */
  responseFields: string[];
  /** Parameter names and request and response fields by path, as written. */
  names: string[];
  /** Header names, enum values and error codes, as written. */
  values: string[];
  /** All of `names` and `values`. */
  identifiers: string[];
};

/** An identifier written together, lowercase, as the index holds it: `amount.currency` -> `amountcurrency`. */
export function joinedWord(identifier: string): string {
  return identifier.toLowerCase().split(TOKENIZER_SEPARATOR).join('');
}

/**
 * How many times each identifier is a tag of its page. lunr weighs a word by how often a field
 * holds it; once, a field or parameter name (`$orderby`, `sourceCurrency`) lost to the guides that
 * quote it in their code, and only 88 % of the definition's request fields and query parameters
 * found an operation that defines them in the first three results; twice, all of them, with the
 * relevance of prose queries unchanged (tests/after-build/search-fields.test.ts and
 * search-relevance.test.ts print both).
 */
export const IDENTIFIER_TAG_REPEATS = 2;

/**
 * The index words of an operation, marked (../engine/query-compounds.ts), IDENTIFIER_TAG_REPEATS
 * times each: every name and value written together, and each name's last segment (the field's own
 * name, `currency` of `amount.currency`).
 */
export function indexWords(terms: Pick<OperationTerms, 'names' | 'values'>): string[] {
  const words = new Set<string>();
  for (const identifier of [...terms.names, ...terms.values]) words.add(joinedWord(identifier));
  for (const name of terms.names) words.add(joinedWord(name.slice(name.lastIndexOf('.') + 1)));
  words.delete('');
  const marked = [...words].map((w) => IDENTIFIER_MARK + w);
  return Array.from({length: IDENTIFIER_TAG_REPEATS}, () => marked).flat();
}
