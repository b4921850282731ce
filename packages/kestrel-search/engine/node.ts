/**
 * The site's search, run in Node on a build's index files: the query the search box makes
 * (the plugin's eight boosted lunr clauses over every `search-index-*.json`, merged by score), with
 * the query functions the index files name registered first, as the search box registers them.
 * For tools that search the built site outside a browser (the MCP server's search_docs).
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import lunr from '@cmfcmf/docusaurus-search-local/lib/lunr.js';
import {registerQueryStopWords} from '../../../config/search-query-stop-words.ts';
import {registerQuerySynonyms} from '../../../config/search-synonyms.ts';
import {registerQueryCompounds} from '../../../config/search-query-compounds.ts';
import {searchOptions} from '../search-options.ts';

export interface SearchDocument {
  id: number;
  title: string;
  content: string;
  type: 'docs' | 'blog' | 'other';
  sectionTitle: string;
  pageTitle: string;
  sectionRoute: string;
  tags?: string[];
  sidebarParentCategories?: string[];
}
export interface SearchHit {
  document: SearchDocument;
  score: number;
  terms: string[];
}

/** What this module uses of a loaded lunr index, which the shared lunr declaration leaves out. */
interface QueryableIndex {
  query(
    build: (query: {
      term(terms: string[], options: {fields: string[]; boost: number; wildcard?: number}): unknown;
    }) => void,
  ): {
    ref: string;
    score: number;
  }[];
}
const lunrIndex = (lunr as unknown as {Index: {load(serialized: object): QueryableIndex}}).Index;

interface LoadedIndex {
  index: QueryableIndex;
  documents: Map<string, SearchDocument>;
}

let registered = false;
function registerQueryFunctions(): void {
  if (registered) return;
  registered = true;
  registerQueryStopWords(lunr);
  registerQuerySynonyms(lunr);
  lunr.tokenizer.separator = searchOptions.lunr.tokenizerSeparator;
  registerQueryCompounds(lunr);
}

export async function searchBuiltSite(
  buildDir: string,
): Promise<{search(query: string, options?: {limit?: number; offset?: number}): {total: number; hits: SearchHit[]}}> {
  registerQueryFunctions();
  const files = readdirSync(buildDir).filter((f) => /^search-index-.+\.json$/.test(f));
  if (files.length === 0) throw new Error(`${buildDir} has no search-index-*.json: run \`npm run build\``);
  const indexes: LoadedIndex[] = files.map((file) => {
    const json = JSON.parse(readFileSync(path.join(buildDir, file), 'utf8')) as {
      documents: SearchDocument[];
      index: object;
    };
    return {
      index: lunrIndex.load(json.index),
      documents: new Map(json.documents.map((d) => [String(d.id), d])),
    };
  });
  const {titleBoost, contentBoost, tagsBoost, parentCategoriesBoost} = searchOptions.lunr;
  const fields: [string, number][] = [
    ['title', titleBoost],
    ['content', contentBoost],
    ['tags', tagsBoost],
    ['sidebarParentCategories', parentCategoriesBoost],
  ];
  return {
    search(query, options = {}) {
      const terms = lunr.tokenizer(query).map((token) => token.toString());
      const hits = indexes
        .flatMap(({index, documents}) =>
          index
            .query((q) => {
              for (const [field, boost] of fields) {
                q.term(terms, {fields: [field], boost});
                q.term(terms, {fields: [field], boost, wildcard: lunr.Query.wildcard.TRAILING});
              }
            })
            .map((result) => ({document: documents.get(result.ref)!, score: result.score, terms})),
        )
        .filter((hit) => hit.document !== undefined)
        .sort((a, b) => b.score - a.score);
      const offset = options.offset ?? 0;
      const limit = options.limit ?? searchOptions.maxSearchResults;
      return {total: hits.length, hits: hits.slice(offset, offset + limit)};
    },
  };
}
