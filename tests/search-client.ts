/**
 * The site's search in the tests, through the search box's own ranking
 * (packages/kestrel-search/engine/ranking.ts): on the index files of a build (the tests on the
 * build, tests/after-build/, and the browser tests, which expect the order the box shows), or on a
 * few sections indexed as the indexer indexes them (the unit tests).
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {createSearch, MAX_SEARCH_RESULTS} from '../packages/kestrel-search/engine/ranking';
import {readIndexFiles} from '../packages/kestrel-search/engine/node';
import {indexFiles} from '../packages/kestrel-search/indexing/build-indexes';
import type {IndexFile, SearchDocument, SearchHit} from '../packages/kestrel-search/engine/types';

export {lunr} from '../packages/kestrel-search/engine/analysis';
export type {IndexFile, SearchDocument, SearchHit};

// __dirname, not import.meta: Playwright loads this file as CommonJS, Vitest as an ES module.
const ROOT = path.resolve(__dirname, '..');

export type SiteSearch = {
  /** The index files searched, by tag. */
  files: Map<string, IndexFile>;
  /** The hits the search box shows for this query: at most 8, best first. */
  search: (query: string) => Promise<SearchHit[]>;
};

/** The search over every `search-index-*.json` of a build (`npm run build` first). */
export function loadSiteSearch(buildDir = path.join(ROOT, 'build')): SiteSearch {
  const files = readIndexFiles(buildDir);
  const search = createSearch([...files.values()]);
  return {files, search: async (query) => search.search(query, {limit: MAX_SEARCH_RESULTS}).hits};
}

type GlobalData = {
  'docusaurus-plugin-content-docs': Record<string, {versions: {name: string; isLast: boolean}[]}>;
};

/** The site's global data as the browser gets it (`.docusaurus/globalData.json`, written by the build). */
export function readGlobalData(root = ROOT): GlobalData {
  return JSON.parse(readFileSync(path.join(root, '.docusaurus', 'globalData.json'), 'utf8'));
}

/** The tags Docusaurus's useContextualSearchFilters gives: "default" plus each docs plugin's version. */
export function searchTags(globalData: GlobalData): string[] {
  return [
    'default',
    ...Object.entries(globalData['docusaurus-plugin-content-docs']).map(([pluginId, {versions}]) => {
      const version = versions.find((v) => v.isLast) ?? versions[0]!;
      return `docs-${pluginId}-${version.name}`;
    }),
  ];
}

/** The page a hit belongs to: its section route without the #anchor. */
export function hitPage(hit: SearchHit): string {
  return hit.document.sectionRoute.split('#')[0]!;
}

export type IndexedSection = {title: string; content: string; tags?: string[]; sidebarParentCategories?: string};

/**
 * Sections indexed as the indexer indexes them (one page per section, section i at route
 * `/p{i}`, in the docs tag `docs-default-current`), searched with the search box's ranking: for
 * testing the ranking and the query functions on a small, known set of sections. `pipeline`
 * replaces the index's search pipeline (labels of ../packages/kestrel-search/engine/analysis.ts).
 */
export function searchOverSections(docs: IndexedSection[], pipeline?: string[]): SiteSearch {
  const files = indexFiles(
    docs.map((doc, i) => ({
      route: `/p${i + 1}`,
      tags: doc.tags ?? [],
      page: {
        tag: 'docs-default-current',
        pageTitle: doc.title,
        sections: [{title: doc.title, hash: '', content: doc.content, tags: doc.tags ?? []}],
        parentCategories: doc.sidebarParentCategories ? [doc.sidebarParentCategories] : [],
      },
    })),
  );
  // Another search pipeline than the indexer's: for comparing the query functions with and without one.
  if (pipeline) for (const file of files.values()) file.index.pipeline = pipeline;
  const search = createSearch([...files.values()]);
  return {files, search: async (query) => search.search(query, {limit: MAX_SEARCH_RESULTS}).hits};
}
