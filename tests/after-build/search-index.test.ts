/**
 * The search as built: the index files in build/, for the tags the browser asks for
 * (.docusaurus/globalData.json), queried with the search box's ranking (tests/search-client.ts).
 * Runs after `npm run build` (`npm run test:build`; `npm test` runs it right after the production
 * build).
 */
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {describe, expect, it} from 'vitest';
import {hitPage, loadSiteSearch, lunr, readGlobalData, searchTags, type SearchDocument} from '../search-client';
import {GUIDE_ROUTES} from '../../config/guide-routes';
import {apiRoutes} from '../api-routes';
import {pageKeywords} from '../../packages/kestrel-search/indexing/search-index-view';
import {indexWords} from '../../packages/kestrel-search/indexing/search-api-terms';
import {apiTerms} from '../../plugins/api-reference/search-terms';
import {QUERY_STOP_WORDS} from '../../packages/kestrel-search/engine/query-stop-words';
import {QUERY_SYNONYMS} from '../../packages/kestrel-search/engine/query-synonyms';
import {QUERY_COMPOUNDS} from '../../packages/kestrel-search/engine/query-compounds';
import {indexFileProblem, serializedIndexOf} from '../../packages/kestrel-search/engine/index-file';
import {readIndexFiles} from '../../packages/kestrel-search/engine/node';
import type {IndexFile as StoredIndexFile} from '../../packages/kestrel-search/engine/types';
import {
  BM25_B,
  BM25_K1,
  FIELD_BOOSTS,
  MAX_SEARCH_RESULTS,
  SIDEBAR_PARENT_CATEGORY_LEVELS,
} from '../../packages/kestrel-search/engine/ranking';

const ROOT = path.resolve(__dirname, '../..');
const BUILD = path.join(ROOT, 'build');
const API_SLUGS = apiRoutes(path.join(BUILD, 'openapi.json')).operationSlugs;

/** A word's entry in the inverted index: the documents of each field that hold it (and lunr's number for the word). */
type Posting = {_index: number} & Partial<
  Record<'title' | 'content' | 'tags' | 'sidebarParentCategories', Record<string, unknown>>
>;
type IndexFile = {
  documents: SearchDocument[];
  index: {fields: string[]; fieldVectors: [string, number[]][]; invertedIndex: [string, Posting][]; pipeline: string[]};
};
/** An index file as it is stored in the build. */
const readStored = (tag: string): StoredIndexFile =>
  JSON.parse(readFileSync(path.join(BUILD, `search-index-${tag}.json`), 'utf8'));
/** An index file with its index as lunr loads it (packages/kestrel-search/engine/index-file.ts). */
const readIndex = (tag: string): IndexFile => {
  const file = readStored(tag);
  return {documents: file.documents, index: serializedIndexOf([file]) as IndexFile['index']};
};

/**
 * The gzip bytes all index files may take. The search box fetches every file at the first
 * keystroke: on a phone's link (1.6 Mbit/s, 150 ms latency) 140 KiB take about 0.85 s, which is as
 * much as the first result within a second leaves.
 */
const INDEX_GZIP_BUDGET = 140 * 1024;

describe('index files', () => {
  const tags = searchTags(readGlobalData());

  it('are one per tag: "default" plus docs-{pluginId}-{versionName} of each docs plugin', () => {
    expect(tags).toEqual(['default', 'docs-default-current', 'docs-api-current']);
    const files = readdirSync(BUILD)
      .filter((f) => /^search-index-.*\.json$/.test(f))
      .sort();
    expect(files).toEqual(tags.map((t) => `search-index-${t}.json`).sort());
  });

  it('hold documents with what a result shows, and an index that loads as lunr built it', () => {
    const loaded = readIndexFiles(BUILD);
    for (const tag of tags) {
      const file = readStored(tag);
      expect(Object.keys(file).sort()).toEqual(['documents', 'index']);
      expect(indexFileProblem(file), tag).toBeNull();
      expect(loaded.get(tag), tag).toEqual(file);
      expect(file.index.fields).toEqual(['title', 'content', 'tags', 'sidebarParentCategories']);
      // The text, tags and categories are in the index only: the search box shows no text under a result.
      for (const doc of file.documents)
        expect(Object.keys(doc).sort(), doc.sectionRoute).toEqual(
          ['id', 'pageTitle', 'sectionRoute', 'sectionTitle', 'title', 'type'].sort(),
        );
      // One word each, and a vector per document and field.
      const index = serializedIndexOf([file]);
      expect(index.invertedIndex.map(([term]) => term).sort()).toEqual([...file.index.terms].sort());
      expect(index.fieldVectors).toHaveLength(file.documents.length * file.index.fields.length);
    }
    expect(readStored('default').documents).toEqual([]);
  });

  it("carry the site index's BM25 facts in every file: one file alone scores as among all", () => {
    const files = tags.map(readStored);
    const sections = files.reduce((sum, f) => sum + f.documents.length, 0);
    for (const {index} of files) {
      expect(index.documentCount).toBe(sections);
      expect({k1: index.k1, b: index.b}).toEqual({k1: BM25_K1, b: BM25_B});
      expect(index.boosts).toEqual(index.fields.map((f) => FIELD_BOOSTS[f as keyof typeof FIELD_BOOSTS]));
      expect(index.averageFieldLength).toEqual(files[0]!.index.averageFieldLength);
    }
  });

  it(`take at most ${INDEX_GZIP_BUDGET / 1024} KiB gzip together`, () => {
    const gzip = tags.reduce(
      (sum, tag) => sum + gzipSync(readFileSync(path.join(BUILD, `search-index-${tag}.json`)), {level: 9}).length,
      0,
    );
    expect(gzip).toBeLessThanOrEqual(INDEX_GZIP_BUDGET);
  });

  it('index docs only: the guides and the API reference, nothing else', () => {
    const guides = readIndex('docs-default-current').documents;
    const api = readIndex('docs-api-current').documents;
    expect(new Set([...guides, ...api].map((d) => d.type))).toEqual(new Set(['docs']));
    expect(new Set(guides.map((d) => d.sectionRoute.split('#')[0]))).toEqual(new Set(GUIDE_ROUTES));
    const apiPages = new Set(api.map((d) => d.sectionRoute.split('#')[0]));
    for (const slug of API_SLUGS) expect(apiPages, slug).toContain(`/api/${slug}`);
    for (const page of apiPages) expect(page).toMatch(/^\/api\/([a-z0-9-]+)?$/);
  });

  it('link each section by its route with an optional #anchor that exists on the page', () => {
    for (const doc of [...readIndex('docs-default-current').documents, ...readIndex('docs-api-current').documents]) {
      expect(doc.sectionRoute).toMatch(/^\/[^#\s]*(#[a-z0-9-]+)?$/);
      const [page, anchor] = doc.sectionRoute.split('#');
      const html = readFileSync(path.join(BUILD, page!, 'index.html'), 'utf8');
      if (anchor) expect(html, doc.sectionRoute).toMatch(new RegExp(`id="?${anchor}[" >]`));
    }
  });

  it("carry the field weights of the boosts, with the whole site's word frequencies", () => {
    // Unweighted, no lunr weight can pass (k1 + 1) times the largest idf of the index; the title
    // field, weighted by 5, passes it. The idf is the site's: one index over both files' documents
    // (packages/kestrel-search/indexing/build-indexes.ts).
    const siteDocuments =
      readIndex('docs-default-current').documents.length + readIndex('docs-api-current').documents.length;
    for (const tag of ['docs-default-current', 'docs-api-current']) {
      const {index} = readIndex(tag);
      const k1 = 1.2;
      const maxIdf = Math.log(1 + (siteDocuments - 1 + 0.5) / (1 + 0.5));
      const largest = (field: string) =>
        Math.max(
          ...index.fieldVectors
            .filter(([ref]) => ref.startsWith(`${field}/`))
            .flatMap(([, el]) => el.filter((_, i) => i % 2)),
        );
      expect(largest('content'), tag).toBeLessThanOrEqual((k1 + 1) * maxIdf);
      expect(largest('title'), tag).toBeGreaterThan((k1 + 1) * maxIdf);
    }
  });

  it('index sidebar parent categories at level 1: the nearest category of each guide', () => {
    const inverted = new Map(readIndex('docs-default-current').index.invertedIndex);
    const docsIn = (word: string) => {
      const stem = lunr.stemmer(new lunr.Token(word, {})).toString();
      return Object.keys(inverted.get(stem)?.sidebarParentCategories ?? {}).length;
    };
    const guides = readIndex('docs-default-current').documents;
    const under = (prefix: RegExp) => guides.filter((d) => prefix.test(d.sectionRoute)).length;
    expect(docsIn('operating')).toBe(under(/^\/(rate-limits|maintenance)\//));
    expect(docsIn('walkthroughs')).toBe(under(/^\/walkthrough\//));
  });
});

describe('what packages/kestrel-search/indexing/write-index-files.ts adds to the indexing', () => {
  // The text's words as the index holds them.
  const stems = (text: string) =>
    lunr.tokenizer(text).flatMap((t) => (lunr.stopWordFilter(t) ? [lunr.stemmer(t).toString()] : []));

  it('every guide carries its front-matter keywords as tags, on its first section', () => {
    const {documents, index} = readIndex('docs-default-current');
    const inverted = new Map(index.invertedIndex);
    for (const route of GUIDE_ROUTES) {
      const keywords = pageKeywords(readFileSync(path.join(BUILD, route, 'index.html'), 'utf8'));
      expect(keywords.length, route).toBeGreaterThan(0);
      const first = documents.find((d) => d.sectionRoute.split('#')[0] === route)!;
      for (const word of keywords.flatMap(stems)) {
        const tagged = Object.keys(inverted.get(word)?.tags ?? {});
        expect(tagged, `${route}: "${word}"`).toContain(String(first.id));
      }
    }
  });

  it('every API operation and webhook page carries the words of what it defines as tags, on its first section', () => {
    const {documents, index} = readIndex('docs-api-current');
    const inverted = new Map(index.invertedIndex);
    const terms = apiTerms(JSON.parse(readFileSync(path.join(ROOT, 'static', 'openapi.json'), 'utf8')));
    expect(terms.length).toBeGreaterThanOrEqual(API_SLUGS.length);
    for (const t of terms) {
      const first = documents.find((d) => d.sectionRoute.split('#')[0] === t.route);
      expect(first, t.route).toBeDefined();
      // Marked words are tags whole (lunr does not split a tag), stemmed as every index word.
      for (const word of indexWords(t).map((w) => lunr.stemmer(new lunr.Token(w, {})).toString())) {
        const tagged = Object.keys(inverted.get(word)?.tags ?? {});
        expect(tagged, `${t.route}: "${word}"`).toContain(String(first!.id));
      }
    }
  });

  it('indexes each API operation once under its name: no section titled by its path', () => {
    const api = readIndex('docs-api-current').documents;
    expect(api.filter((d) => d.sectionTitle.startsWith('/')).map((d) => d.sectionRoute)).toEqual([]);
    const titles = api.filter((d) => !d.sectionRoute.includes('#'));
    for (const doc of titles) expect(doc.sectionTitle, doc.sectionRoute).toBe(doc.pageTitle);
    expect(new Set(titles.map((d) => d.sectionRoute)).size).toBe(titles.length);
  });

  it('name the query functions in their search pipeline: synonyms and compounds before the stemmer, stop words after', () => {
    for (const tag of ['docs-default-current', 'docs-api-current']) {
      expect(readIndex(tag).index.pipeline, tag).toEqual([
        QUERY_SYNONYMS,
        QUERY_COMPOUNDS,
        'stemmer',
        QUERY_STOP_WORDS,
      ]);
    }
  });
});

describe('the site search as built', () => {
  const search = loadSiteSearch();

  it('has the boosts, parent categories at level 1 and at most 8 results', () => {
    expect(FIELD_BOOSTS).toEqual({title: 5, content: 1, tags: 3, sidebarParentCategories: 2});
    expect(SIDEBAR_PARENT_CATEGORY_LEVELS).toBe(1);
    expect(MAX_SEARCH_RESULTS).toBe(8);
  });

  it('answers at most 8 hits, by descending score, each with its section route', async () => {
    for (const query of ['payment', 'webhook', 'key', 'invoice quote', 'a', 'rate limits', 'pkce']) {
      const hits = await search.search(query);
      expect(hits.length, query).toBeLessThanOrEqual(8);
      const scores = hits.map((h) => h.score);
      expect(scores, query).toEqual([...scores].sort((a, b) => b - a));
      for (const hit of hits) expect(hit.document.sectionRoute).toMatch(/^\/[^#\s]*(#[a-z0-9-]+)?$/);
    }
    expect(await search.search('payment')).toHaveLength(8);
  });

  it('matches exactly and by trailing-wildcard prefix', async () => {
    expect((await search.search('pkce')).map(hitPage)).toContain('/kestrel-oauth-connect/');
    const prefix = await search.search('idempot');
    expect(prefix.some((h) => /idempotency/i.test(h.document.sectionTitle))).toBe(true);
    expect((await search.search('signatu')).map(hitPage)).toContain('/webhooks/signature-verification');
  });

  it('the empty default index exists so the search box never fetches a missing file', () => {
    expect(existsSync(path.join(BUILD, 'search-index-default.json'))).toBe(true);
  });
});
