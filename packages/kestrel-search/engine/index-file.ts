/**
 * The index files' indexes as lunr loads them. A file stores what lunr computes its vectors from:
 * for each word the documents and fields that hold it and how often, each document's field
 * lengths, and the site index's BM25 facts (../indexing/stored-index.ts writes it). lunr's own
 * serialization, the vectors, was three-quarters of the index and, as numbers with three
 * decimals, compressed badly. Here each vector element is computed as lunr's builder computes it,
 * in the same order of operations, so the loaded index is the one the builder made, number for
 * number (the indexer checks it on every build).
 */
import type {IndexFile, Posting, SerializedIndex} from './types.ts';

/** What a document's entry in a posting holds: nothing (the index keeps no positions); lunr only reads it. */
const NO_METADATA = Object.freeze({});

/** lunr.idf, from the number of the site's documents and fields that hold the word. */
const idf = (documentsWithTerm: number, documentCount: number) =>
  Math.log(1 + Math.abs((documentCount - documentsWithTerm + 0.5) / (documentsWithTerm + 0.5)));

/**
 * The files' indexes as one, as `lunr.Index.toJSON()` writes an index (term numbers are the
 * site's, so a word of several files is one word). The files are expected to share their fields
 * and pipeline; the first one's are taken.
 */
export function serializedIndexOf(files: readonly IndexFile[]): SerializedIndex {
  const [first] = files;
  if (!first) throw new Error('search index: no index files to load');
  const {fields, pipeline, version} = first.index;
  const width = fields.length;
  const fieldVectors: [string, number[]][] = [];
  const postings = new Map<string, Posting>();
  for (const {documents, index} of files) {
    const {documentCount, averageFieldLength, k1, b, boosts, fieldLengths, terms} = index;
    const refs = documents.map((d) => String(d.id));
    if (terms.length !== index.postings.length || fieldLengths.length !== refs.length * width)
      throw new Error(
        `search index: ${terms.length} words for ${index.postings.length} postings, ${fieldLengths.length} field lengths for ${refs.length} documents`,
      );
    const vectors: number[][] = fieldLengths.map(() => []);
    let termNumber = 0;
    for (let t = 0; t < terms.length; t++) {
      const term = terms[t]!;
      const stored = index.postings[t]!;
      termNumber += stored[0];
      const wordIdf = idf(stored[1], documentCount);
      let posting = postings.get(term);
      if (!posting) {
        posting = {_index: termNumber};
        for (const field of fields) posting[field] = {};
        postings.set(term, posting);
      }
      for (let f = 0; f < width; f++) {
        const pairs = (stored[2 + f] as number[] | undefined) ?? [];
        const holders = posting[fields[f]!] as Record<string, object>;
        const averageLength = averageFieldLength[f]!;
        const boost = boosts[f]!;
        for (let i = 0, at = 0; i < pairs.length; i += 2) {
          at += pairs[i]!;
          const tf = pairs[i + 1]!;
          const cell = at * width + f;
          holders[refs[at]!] = NO_METADATA;
          // lunr.Builder's createFieldVectors, operation for operation (the document boost is 1).
          let score = (wordIdf * ((k1 + 1) * tf)) / (k1 * (1 - b + b * (fieldLengths[cell]! / averageLength)) + tf);
          score *= boost;
          vectors[cell]!.push(termNumber, Math.round(score * 1000) / 1000);
        }
      }
    }
    for (let cell = 0; cell < vectors.length; cell++)
      fieldVectors.push([`${fields[cell % width]}/${refs[Math.floor(cell / width)]}`, vectors[cell]!]);
  }
  return {
    version,
    fields,
    fieldVectors,
    // lunr loads the terms into its token set in sorted order.
    invertedIndex: [...postings].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)),
    pipeline,
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What a parsed index file lacks to be an IndexFile, or null: a file from an older build (lunr's
 * own serialization, which a cache may still hold), or another JSON file, is refused rather than
 * loaded into a broken search.
 */
export function indexFileProblem(value: unknown): string | null {
  if (!isObject(value) || !Array.isArray(value.documents) || !isObject(value.index))
    return 'it has no "documents" list and "index" object';
  const {index} = value;
  for (const list of ['fields', 'pipeline', 'averageFieldLength', 'boosts', 'fieldLengths', 'terms', 'postings'])
    if (!Array.isArray(index[list])) return `its index has no "${list}" list`;
  for (const number of ['documentCount', 'k1', 'b'])
    if (typeof index[number] !== 'number') return `its index has no "${number}" number`;
  return null;
}
