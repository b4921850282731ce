/**
 * The one ranking: the search box (../theme/SearchBar) and `searchBuiltSite` (./node.ts) both
 * search through `createSearch`, so a tool that searches the built site gets the order a reader
 * sees.
 *
 * One score scale. The indexer builds a single lunr index over every docs section of the site,
 * guides and API pages together, so each word's document frequency and each field's average
 * length are the whole site's, and then splits it into one file per tag
 * (../indexing/build-indexes.ts). The term numbers stay the site's, so the files a page loads
 * merge back into that same index (./index-file.ts), and a query is scored once over all of them. Scored in
 * separate lunr indexes, a guide and an API page were not comparable: lunr divides each score by
 * the length of the query vector, which holds only the words (and prefix expansions) that index
 * has, so "payout originator" ranked three guide sections above the four API pages titled with
 * exactly those words.
 *
 * The query: each word exactly and as a prefix (a trailing wildcard, no fuzzy matching), in
 * title, content, tags and sidebar parent categories, with the boosts of FIELD_BOOSTS; the
 * words run through the index's search pipeline (./analysis.ts).
 */
import {SEARCH_PIPELINE, lunr, words} from './analysis.ts';
import {JOINED_MARK, identifierWords} from './query-compounds.ts';
import {serializedIndexOf} from './index-file.ts';
import type {IndexFile, SearchDocument, SearchHit, SearchOptions, SearchResults, SerializedIndex} from './types.ts';

/** The weight of a word found in each field. */
export const FIELD_BOOSTS = {title: 5, content: 1, tags: 3, sidebarParentCategories: 2} as const;
export type IndexField = keyof typeof FIELD_BOOSTS;

/**
 * The extra weight of a run of query words written together (`line 2` as `line2`): each of its
 * words is also searched alone, and those words, common in prose, would otherwise outweigh the one
 * identifier the run names. At 1.5 the fields typed as words rank their operation in the top 3 for
 * 24 of 25 names (23 without it); at 2, "retry-after header" falls behind three operation pages.
 */
export const JOINED_BOOST = 1.5;
export const INDEX_FIELDS = Object.keys(FIELD_BOOSTS) as IndexField[];

/** The results the search box shows. */
export const MAX_SEARCH_RESULTS = 8;

/** How many levels of a doc's sidebar categories are indexed, nearest first. */
export const SIDEBAR_PARENT_CATEGORY_LEVELS = 1;

/**
 * BM25 length normalisation. Sections run from one line (an API event page) to 17,000 characters
 * (test vectors); lunr's default 0.75 let every short API page that mentions a word outrank the
 * guide written about it (tests/after-build/search-relevance.test.ts measures it).
 */
export const BM25_B = 0.5;
/** BM25 term-frequency saturation: lunr's default, written down because the index files carry it (./index-file.ts). */
export const BM25_K1 = 1.2;

/**
 * How much a section's title that is the query counts on top of the words' scores: the score is
 * multiplied by 1 + TITLE_MATCH_WEIGHT x share ^ TITLE_MATCH_SHARPNESS, where share is (the share
 * of the title's words the query has) x (the share of the query's words the title has). A title
 * that is exactly the query triples its score; one that shares half its words gains a few per
 * cent. The words' scores alone do not tell "Issue invoice" from "Issue invoice for receiver", or
 * "Create a payout" from "Initiate a payout" (create is searched as initiate too:
 * ./query-synonyms.ts); the developer who types an operation's title wants that operation
 * (tests/after-build/search-one-scale.test.ts). Sharper (a cube): with the share itself, guide
 * sections titled with two words of a field's name ("Event types") pushed the operations that
 * define `eventTypes` out of the first three (tests/after-build/search-fields.test.ts).
 */
export const TITLE_MATCH_WEIGHT = 2;
export const TITLE_MATCH_SHARPNESS = 3;
/** A title that is the query word for word, before stemming, over one that only stems the same. */
export const EXACT_TITLE_FACTOR = 1.25;

/** A text's words as stems, stop words included: a title is compared word for word. */
function stems(text: string): string[] {
  return words(text).map((word) => lunr.stemmer(new lunr.Token(word, {})).toString());
}

/**
 * The title factor of one section for a query's stems. Words are matched one for one ("receive
 * request" does not make "receives for receive request" whole); the query's last word also
 * matches as a prefix (the developer may not have finished it).
 */
function titleFactor(titleStems: readonly string[], queryStems: readonly string[], lastWord: string): number {
  // One word: the title boost of the index already weighs it; a factor would lift every title that
  // holds the word over the pages that define it (`webhook` is the beginning of `webhookUrl`).
  if (titleStems.length === 0 || queryStems.length < 2) return 1;
  const pool = [...queryStems];
  let matched = 0;
  let lastUsed = false;
  for (const stem of titleStems) {
    const at = pool.indexOf(stem);
    if (at >= 0) {
      pool.splice(at, 1);
      matched++;
    } else if (!lastUsed && lastWord !== '' && stem.startsWith(lastWord) && pool.length > 0) {
      lastUsed = true;
      pool.pop();
      matched++;
    }
  }
  const share = (matched / titleStems.length) * (matched / queryStems.length);
  return 1 + TITLE_MATCH_WEIGHT * share ** TITLE_MATCH_SHARPNESS;
}

/** An index with no documents, for a page whose files all failed to load. */
function emptyIndex(): SerializedIndex {
  return {
    version: lunr.version,
    fields: [...INDEX_FIELDS],
    fieldVectors: [],
    invertedIndex: [],
    pipeline: SEARCH_PIPELINE,
  };
}

/** The words a query is searched by: its own, then the identifier words they make. */
export function queryTerms(query: string): {terms: string[]; searched: string[]} {
  const terms = words(query);
  return {terms, searched: [...terms, ...identifierWords(terms, query)]};
}

export interface Search {
  search(query: string, options?: SearchOptions): SearchResults;
  /** Every document the search covers. */
  readonly documents: readonly SearchDocument[];
}

/** A search over the documents and indexes of the given files (one site index, split by tag). */
export function createSearch(files: readonly IndexFile[]): Search {
  const index = lunr.Index.load(files.length ? serializedIndexOf(files) : emptyIndex());
  const documents = files.flatMap((f) => f.documents);
  const byRef = new Map(documents.map((d) => [String(d.id), d]));
  // A title's stems and its words as typed, read once per section rather than once per query.
  const titles = new Map<string, {stems: string[]; typed: string}>();
  const titleOf = (ref: string) => {
    let found = titles.get(ref);
    if (!found) {
      const title = byRef.get(ref)?.title ?? '';
      titles.set(ref, (found = {stems: stems(title), typed: words(title).join(' ')}));
    }
    return found;
  };
  return {
    documents,
    search(query, {limit = MAX_SEARCH_RESULTS, offset = 0} = {}) {
      const {terms, searched} = queryTerms(query);
      if (searched.length === 0) return {total: 0, hits: []};
      const joined = searched.filter((w) => w.startsWith(JOINED_MARK));
      const plain = searched.filter((w) => !w.startsWith(JOINED_MARK));
      const results = index.query((q) => {
        for (const field of INDEX_FIELDS) {
          const boost = FIELD_BOOSTS[field];
          q.term(plain, {fields: [field], boost});
          q.term(plain, {fields: [field], boost, wildcard: lunr.Query.wildcard.TRAILING});
          if (joined.length) {
            q.term(joined, {fields: [field], boost: boost * JOINED_BOOST});
            q.term(joined, {fields: [field], boost: boost * JOINED_BOOST, wildcard: lunr.Query.wildcard.TRAILING});
          }
        }
      });
      const queryStems = stems(query);
      const lastWord = queryStems.length ? (words(query).at(-1) ?? '') : '';
      const queryText = words(query).join(' ');
      const scored = results.map((result) => {
        const title = titleOf(result.ref);
        // "Get deposit" and "Get deposits" have the same stems: the title written as typed wins.
        const exact = queryStems.length > 1 && title.typed === queryText ? EXACT_TITLE_FACTOR : 1;
        return {ref: result.ref, score: result.score * titleFactor(title.stems, queryStems, lastWord) * exact};
      });
      // Best first; a tie keeps lunr's order.
      scored.sort((a, b) => b.score - a.score);
      const hits: SearchHit[] = scored.slice(offset, offset + limit).map((result) => ({
        document: byRef.get(result.ref)!,
        score: result.score,
        terms,
      }));
      return {total: results.length, hits};
    },
  };
}
