/**
 * The site's search in Node: reads every `search-index-*.json` of a built site and searches them
 * with the search box's own ranking (./ranking.ts). Runs under plain `node` (erasable TypeScript).
 */
import {readFile, readdir} from 'node:fs/promises';
import path from 'node:path';
import {createSearch} from './ranking.ts';
import type {IndexFile, SearchOptions, SearchResults} from './types.ts';

export type {SearchDocument, SearchHit} from './types.ts';

export const INDEX_FILE = /^search-index-.+\.json$/;

/** Reads every search-index-*.json of a built site (e.g. 'build') and searches them exactly as the search box does. */
export async function searchBuiltSite(
  buildDir: string,
): Promise<{search(query: string, options?: SearchOptions): SearchResults}> {
  const names = (await readdir(buildDir)).filter((name) => INDEX_FILE.test(name)).sort();
  if (names.length === 0)
    throw new Error(`searchBuiltSite: no search-index-*.json in ${buildDir}; run \`npm run build\``);
  const files = await Promise.all(
    names.map(async (name) => JSON.parse(await readFile(path.join(buildDir, name), 'utf8')) as IndexFile),
  );
  const search = createSearch(files);
  return {search: (query, options) => search.search(query, options)};
}
