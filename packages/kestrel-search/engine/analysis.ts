/**
 * How text becomes index words and query words, for the indexer (build time), the search box (the
 * browser) and `searchBuiltSite` (Node): one lunr, one tokenizer, one set of query functions, so a
 * query is ranked the same wherever it runs.
 *
 * The tokenizer splits at every character that is neither a letter nor a digit. lunr's default
 * splits only at spaces and hyphens, so code in the guides produced index words such as
 * `verify_kestrel_signature(raw_body` and `req.headers['kestrel`: no one can type them, and every
 * such word a prefix query expands to weakens the real matches.
 *
 * The search pipeline an index file names (and lunr loads it by) runs, on each query word:
 * developers' words (./query-synonyms.ts, before the stemmer, so each added word is stemmed as if
 * typed), identifier runs made exact (./query-compounds.ts), lunr's stemmer, and the stop-word
 * filter last (./query-stop-words.ts).
 */
import lunr from 'lunr';
import {QUERY_STOP_WORDS, dropStopWords} from './query-stop-words.ts';
import {QUERY_SYNONYMS, addSynonyms} from './query-synonyms.ts';
import {QUERY_COMPOUNDS, exactRuns} from './query-compounds.ts';

export const TOKENIZER_SEPARATOR = /[^\p{L}\p{N}]+/u;

lunr.tokenizer.separator = TOKENIZER_SEPARATOR;

/** lunr's registry of pipeline functions by label, which its documentation names and its types leave out. */
const registered = (lunr.Pipeline as unknown as {registeredFunctions: Record<string, lunr.PipelineFunction>})
  .registeredFunctions;

for (const [fn, label] of [
  [dropStopWords, QUERY_STOP_WORDS],
  [addSynonyms, QUERY_SYNONYMS],
  [exactRuns, QUERY_COMPOUNDS],
] as const) {
  if (!registered[label]) lunr.Pipeline.registerFunction(fn, label);
}

/** The pipeline function registered under `label`; throws naming it if there is none. */
export function pipelineFunction(label: string): lunr.PipelineFunction {
  const fn = registered[label];
  if (!fn) throw new Error(`search: no lunr pipeline function is registered as "${label}"`);
  return fn;
}

/** The search pipeline's functions, in order, by the labels an index file names them with. */
export const SEARCH_PIPELINE = [QUERY_SYNONYMS, QUERY_COMPOUNDS, 'stemmer', QUERY_STOP_WORDS];

/** The words of a text as the index and the query split them: lowercase, no punctuation. */
export function words(text: string): string[] {
  return lunr.tokenizer(text).map((token) => token.toString());
}

export {lunr};
