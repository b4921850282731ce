/**
 * The site's search in Node: reads every `search-index-*.json` of a built site and searches them
 * with the search box's own ranking (./ranking.ts). Runs under plain `node` (erasable TypeScript).
 */
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {indexFileProblem} from './index-file.ts';
import {createSearch} from './ranking.ts';
import type {IndexFile, SearchOptions, SearchResults} from './types.ts';

export type {SearchDocument, SearchHit} from './types.ts';

export const INDEX_FILE = /^search-index-.+\.json$/;

/** The index files of a built site (e.g. 'build') by tag, as the search box loads them; throws naming a file that is not one. */
export function readIndexFiles(buildDir: string): Map<string, IndexFile> {
  const names = readdirSync(buildDir)
    .filter((name) => INDEX_FILE.test(name))
    .sort();
  if (names.length === 0)
    throw new Error(`searchBuiltSite: no search-index-*.json in ${buildDir}; run \`npm run build\``);
  return new Map(
    names.map((name) => {
      const file = path.join(buildDir, name);
      const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
      const problem = indexFileProblem(parsed);
      if (problem) throw new Error(`searchBuiltSite: ${file} is not a search index file: ${problem}; rebuild the site`);
      return [name.replace(/^search-index-|\.json$/g, ''), parsed as IndexFile];
    }),
  );
}

/** Reads every search-index-*.json of a built site (e.g. 'build') and searches them exactly as the search box does. */
export async function searchBuiltSite(
  buildDir: string,
): Promise<{search(query: string, options?: SearchOptions): SearchResults}> {
  const search = createSearch([...readIndexFiles(buildDir).values()]);
  return {search: (query, options) => search.search(query, options)};
}
