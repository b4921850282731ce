/**
 * The index files: one lunr index over every docs section of the site, split into one file per
 * tag (`search-index-{tag}.json`). Built as one so that each word's document frequency and each
 * field's average length are the whole site's: the files a page loads merge back into this index
 * (../engine/ranking.ts), and guides and API pages are scored on one scale. Each file stores its
 * part of the index in the compact form of ./stored-index.ts, and its documents with only what a
 * result shows.
 */
import {SEARCH_PIPELINE, lunr, pipelineFunction} from '../engine/analysis.ts';
import {BM25_B, BM25_K1, FIELD_BOOSTS, INDEX_FIELDS, SIDEBAR_PARENT_CATEGORY_LEVELS} from '../engine/ranking.ts';
import type {IndexFile, SearchDocument, SerializedIndex} from '../engine/types.ts';
import type {PageSections} from './page-sections.ts';
import {checkedStoredIndex, type WordCounts} from './stored-index.ts';

/** A docs page read for the index: its route, its sections and the words it gets as tags. */
export type IndexedPage = {route: string; page: PageSections; tags: readonly string[]};

/** The tag every page's search loads besides the docs tags; it holds no documents (only docs are indexed). */
export const DEFAULT_TAG = 'default';

/** What lunr indexes of a section, by field: text, or a list of words each indexed whole (tags). */
type FieldValues = Record<(typeof INDEX_FIELDS)[number], string | string[]>;

/** A section as the index holds it: its document, its tag and the values of its indexed fields. */
type IndexedSection = {document: SearchDocument; tag: string; fields: FieldValues};

/** The sections of the pages as documents, numbered from 1 in page order, with the tag each belongs to. */
export function documentsOf(pages: readonly IndexedPage[]): IndexedSection[] {
  let id = 1;
  return pages.flatMap(({route, page}) =>
    page.sections.map((section) => {
      const categories = [...page.parentCategories].reverse().slice(0, SIDEBAR_PARENT_CATEGORY_LEVELS);
      const document: SearchDocument = {
        id: id++,
        title: section.title,
        type: 'docs',
        sectionTitle: section.title,
        pageTitle: page.pageTitle,
        sectionRoute: route + section.hash,
      };
      return {
        document,
        tag: page.tag,
        fields: {
          title: section.title,
          content: section.content,
          // Each tag is one index word, repeats kept (an API identifier counts twice: ./search-api-terms.ts).
          tags: section.tags,
          sidebarParentCategories: categories.join(' '),
        },
      };
    }),
  );
}

/** One lunr index over all sections (the site's document frequencies and field lengths), and each section's words. */
export function siteIndex(sections: readonly IndexedSection[]): {index: SerializedIndex; counts: WordCounts[]} {
  let pipeline: lunr.Pipeline | undefined;
  const index = lunr(function () {
    pipeline = this.pipeline;
    this.b(BM25_B);
    this.k1(BM25_K1);
    this.ref('id');
    for (const field of INDEX_FIELDS) this.field(field, {boost: FIELD_BOOSTS[field]});
    this.searchPipeline.reset();
    this.searchPipeline.add(...SEARCH_PIPELINE.map(pipelineFunction));
    for (const {document, fields} of sections) this.add({id: String(document.id), ...fields});
  });
  // The words of each field as the builder counted them: its tokenizer, then its index pipeline.
  const counts = sections.map(({fields}) =>
    INDEX_FIELDS.map((field) => {
      const words = pipeline!.run(lunr.tokenizer(fields[field])).map(String);
      const times = new Map<string, number>();
      for (const word of words) times.set(word, (times.get(word) ?? 0) + 1);
      return {length: words.length, times};
    }),
  );
  return {index: JSON.parse(JSON.stringify(index)) as SerializedIndex, counts};
}

/** The index files by tag: `default` (empty) and one per docs tag. */
export function indexFiles(pages: readonly IndexedPage[]): Map<string, IndexFile> {
  const sections = documentsOf(pages);
  const site = siteIndex(sections);
  const tags = [DEFAULT_TAG, ...new Set(sections.map((s) => s.tag))];
  return new Map(
    tags.map((tag) => {
      const positions = sections.flatMap((s, i) => (s.tag === tag ? [i] : []));
      const documents = positions.map((i) => sections[i]!.document);
      return [tag, {documents, index: checkedStoredIndex(site, positions, documents, tag)}];
    }),
  );
}
