/**
 * A tag's part of the site index in the form its file stores (../engine/types.ts, StoredIndex):
 * for each word the documents and fields that hold it and how often, each document's field
 * lengths, and the site index's BM25 facts. ../engine/index-file.ts computes lunr's vectors from
 * them when the file is loaded; here every file is loaded back and compared with the part of the
 * index lunr built, so a file that would not rank exactly as lunr's index stops the build.
 */
import {lunr} from '../engine/analysis.ts';
import {serializedIndexOf} from '../engine/index-file.ts';
import {BM25_B, BM25_K1, FIELD_BOOSTS, INDEX_FIELDS} from '../engine/ranking.ts';
import type {Posting, SearchDocument, SerializedIndex, StoredIndex, StoredPosting} from '../engine/types.ts';

/** A section's words in one field, as lunr's builder counts them: how many, and how often each. */
export type FieldWords = {length: number; times: ReadonlyMap<string, number>};
/** A section's words, field by field in the order of INDEX_FIELDS. */
export type WordCounts = readonly FieldWords[];

/** How many of the index's documents and fields hold the word: the count lunr.idf makes. */
function documentsWithTerm(posting: Posting, fields: readonly string[]): number {
  return fields.reduce((sum, field) => sum + Object.keys(posting[field] as object).length, 0);
}

/** The part of the site index that holds the documents `refs`: their vectors and postings, term numbers unchanged. */
function indexPart(index: SerializedIndex, refs: ReadonlySet<string>): SerializedIndex {
  const refOf = (fieldRef: string) => fieldRef.slice(fieldRef.indexOf('/') + 1);
  const invertedIndex: [string, Posting][] = [];
  for (const [term, posting] of index.invertedIndex) {
    const part: Posting = {_index: posting._index};
    let any = false;
    for (const field of index.fields) {
      const docs = Object.entries(posting[field] as Record<string, object>).filter(([ref]) => refs.has(ref));
      part[field] = Object.fromEntries(docs);
      any ||= docs.length > 0;
    }
    if (any) invertedIndex.push([term, part]);
  }
  return {...index, fieldVectors: index.fieldVectors.filter(([ref]) => refs.has(refOf(ref))), invertedIndex};
}

/** The stored index of the sections at `positions` (in site order) of the site index. */
function storedIndex(
  site: {index: SerializedIndex; counts: readonly WordCounts[]},
  positions: readonly number[],
): StoredIndex {
  const {index, counts} = site;
  const fields = [...INDEX_FIELDS];
  if (index.fields.join() !== fields.join())
    throw new Error(`search index: fields ${index.fields.join(', ')}, expected ${fields.join(', ')}`);
  const postings = new Map(index.invertedIndex);
  const documentCount = counts.length;
  const averageFieldLength = fields.map((_, f) => counts.reduce((sum, c) => sum + c[f]!.length, 0) / documentCount);
  const words = [...new Set(positions.flatMap((p) => counts[p]!.flatMap((field) => [...field.times.keys()])))];
  const numberOf = (word: string) => {
    const posting = postings.get(word);
    if (!posting) throw new Error(`search index: "${word}" was counted but lunr did not index it`);
    return posting._index;
  };
  const terms = words.sort((a, b) => numberOf(a) - numberOf(b));
  let previous = 0;
  const stored = terms.map((term): StoredPosting => {
    const number = numberOf(term);
    const byField = fields.map((_, f) => {
      const pairs: number[] = [];
      let at = 0;
      positions.forEach((p, i) => {
        const times = counts[p]![f]!.times.get(term);
        if (times === undefined) return;
        pairs.push(i - at, times);
        at = i;
      });
      return pairs;
    });
    const step = number - previous;
    previous = number;
    return [step, documentsWithTerm(postings.get(term)!, fields), ...byField];
  });
  return {
    version: lunr.version,
    fields,
    pipeline: index.pipeline,
    documentCount,
    averageFieldLength,
    k1: BM25_K1,
    b: BM25_B,
    boosts: fields.map((field) => FIELD_BOOSTS[field as keyof typeof FIELD_BOOSTS]),
    fieldLengths: positions.flatMap((p) => counts[p]!.map((field) => field.length)),
    terms,
    postings: stored,
  };
}

/** The first place where two serialized indexes differ, or null. */
function difference(got: SerializedIndex, want: SerializedIndex): string | null {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  for (const key of ['version', 'fields', 'pipeline'] as const)
    if (!same(got[key], want[key])) return `${key} ${JSON.stringify(got[key])}, lunr's ${JSON.stringify(want[key])}`;
  if (got.fieldVectors.length !== want.fieldVectors.length)
    return `${got.fieldVectors.length} vectors, lunr's ${want.fieldVectors.length}`;
  for (const [i, vector] of want.fieldVectors.entries())
    if (!same(got.fieldVectors[i], vector)) return `vector ${vector[0]}: ${JSON.stringify(got.fieldVectors[i])}`;
  if (got.invertedIndex.length !== want.invertedIndex.length)
    return `${got.invertedIndex.length} words, lunr's ${want.invertedIndex.length}`;
  for (const [i, entry] of want.invertedIndex.entries())
    if (!same(got.invertedIndex[i], entry)) return `word "${entry[0]}": ${JSON.stringify(got.invertedIndex[i])}`;
  return null;
}

/** storedIndex, loaded back and compared with lunr's own part of the index: throws, naming the tag and the difference. */
export function checkedStoredIndex(
  site: {index: SerializedIndex; counts: readonly WordCounts[]},
  positions: readonly number[],
  documents: SearchDocument[],
  tag: string,
): StoredIndex {
  const index = storedIndex(site, positions);
  const found = difference(
    serializedIndexOf([{documents, index}]),
    indexPart(site.index, new Set(documents.map((d) => String(d.id)))),
  );
  if (found) throw new Error(`search index: the file of ${tag} does not load as lunr built it: ${found}`);
  return index;
}
