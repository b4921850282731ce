/**
 * The index files: one lunr index over every docs section of the site, split into one file per
 * tag (`search-index-{tag}.json`). Built as one so that each word's document frequency and each
 * field's average length are the whole site's: the files a page loads merge back into this index
 * (../engine/ranking.ts), and guides and API pages are scored on one scale.
 */
import {SEARCH_PIPELINE, lunr, pipelineFunction} from '../engine/analysis.ts';
import {BM25_B, FIELD_BOOSTS, INDEX_FIELDS, SIDEBAR_PARENT_CATEGORY_LEVELS} from '../engine/ranking.ts';
import type {IndexFile, Posting, SearchDocument, SerializedIndex} from '../engine/types.ts';
import type {PageSections} from './page-sections.ts';

/** A docs page read for the index: its route, its sections and the words it gets as tags. */
export type IndexedPage = {route: string; page: PageSections; tags: readonly string[]};

/** The tag every page's search loads besides the docs tags; it holds no documents (only docs are indexed). */
export const DEFAULT_TAG = 'default';

/** The sections of the pages as documents, numbered from 1 in page order, with the tag each belongs to. */
export function documentsOf(
  pages: readonly IndexedPage[],
): {document: SearchDocument; tag: string; indexedTags: string[]}[] {
  let id = 1;
  return pages.flatMap(({route, page}) =>
    page.sections.map((section) => {
      const categories = [...page.parentCategories].reverse().slice(0, SIDEBAR_PARENT_CATEGORY_LEVELS);
      const document: SearchDocument = {
        id: id++,
        title: section.title,
        content: section.content,
        type: 'docs',
        sectionTitle: section.title,
        pageTitle: page.pageTitle,
        sectionRoute: route + section.hash,
        ...(section.tags.length ? {tags: [...new Set(section.tags)]} : {}),
        ...(categories.length ? {sidebarParentCategories: categories} : {}),
      };
      return {document, tag: page.tag, indexedTags: section.tags};
    }),
  );
}

/** One lunr index over all documents: the site's document frequencies and field lengths. */
export function siteIndex(docs: ReturnType<typeof documentsOf>): SerializedIndex {
  const index = lunr(function () {
    this.b(BM25_B);
    this.ref('id');
    for (const field of INDEX_FIELDS) this.field(field, {boost: FIELD_BOOSTS[field]});
    this.searchPipeline.reset();
    this.searchPipeline.add(...SEARCH_PIPELINE.map(pipelineFunction));
    for (const {document, indexedTags} of docs) {
      this.add({
        id: String(document.id),
        title: document.title,
        content: document.content,
        // Each tag is one index word, repeats kept (an API identifier counts twice: ./search-api-terms.ts).
        tags: indexedTags,
        sidebarParentCategories: (document.sidebarParentCategories ?? []).join(' '),
      });
    }
  });
  return JSON.parse(JSON.stringify(index)) as SerializedIndex;
}

/** The part of the site index that holds the documents `refs`: their vectors and postings, term numbers unchanged. */
export function indexPart(index: SerializedIndex, refs: ReadonlySet<string>): SerializedIndex {
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

/** The index files by tag: `default` (empty) and one per docs tag. */
export function indexFiles(pages: readonly IndexedPage[]): Map<string, IndexFile> {
  const docs = documentsOf(pages);
  const index = siteIndex(docs);
  const tags = [DEFAULT_TAG, ...new Set(docs.map((d) => d.tag))];
  return new Map(
    tags.map((tag) => {
      const documents = docs.filter((d) => d.tag === tag).map((d) => d.document);
      return [tag, {documents, index: indexPart(index, new Set(documents.map((d) => String(d.id))))}];
    }),
  );
}
