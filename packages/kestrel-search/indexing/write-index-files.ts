/**
 * Reads the built docs pages and writes the index files (./build-indexes.ts) into the build.
 *
 * Which pages: every doc of every version of every docs plugin, by its permalink, so blog and other
 * pages are never indexed. What of each page: only the parts the index reads
 * (./search-index-view.ts: head, article, active sidebar links; an API page without its schema
 * sections), its front-matter keywords as its first section's tags, and for an API page the words
 * of what it defines, which the site gives (./search-api-terms.ts).
 */
import {readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadedPlugin} from '@docusaurus/types';
import type {LoadedContent} from '@docusaurus/plugin-content-docs';
import {indexWords, type OperationTerms} from './search-api-terms.ts';
import {indexedParts, keywordWords, pageKeywords, withoutSchemaElements} from './search-index-view.ts';
import {pageSections} from './page-sections.ts';
import {indexFiles, type IndexedPage} from './build-indexes.ts';

/** Pages read at once: enough to keep the disk busy, few enough to hold little. */
const READ_CONCURRENCY = 8;

/** Runs `task` over `items`, at most `limit` at a time, keeping their order in the result. */
async function mapLimited<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await task(items[i]!);
    }
  };
  await Promise.all(Array.from({length: Math.min(limit, items.length)}, worker));
  return out;
}

/** The permalink of every doc of every docs plugin's versions, in plugin and sidebar-independent doc order. */
export function docRoutes(plugins: readonly LoadedPlugin[]): string[] {
  return plugins
    .filter((p) => p.name === 'docusaurus-plugin-content-docs')
    .flatMap((p) => (p.content as LoadedContent).loadedVersions.flatMap((v) => v.docs.map((d) => d.permalink)));
}

/**
 * The API words of each API page, by route. Every operation and webhook of the definition must
 * have its page among the routes: if the API plugin ever names its pages otherwise, the build
 * stops here, naming the operation, instead of indexing no API words.
 */
function apiWordsByRoute(
  terms: readonly OperationTerms[],
  routes: readonly string[],
  baseUrl: string,
): Map<string, string[]> {
  const known = new Set(routes);
  const words = new Map<string, string[]>();
  for (const page of terms) {
    const route = baseUrl.replace(/\/$/, '') + page.route;
    if (!known.has(route))
      throw new Error(`search: no page ${route} for ${page.name}; the API plugin's page names changed`);
    words.set(route, indexWords(page));
  }
  return words;
}

/** The built page of a route (trailingSlash unset, as on this site). */
const pageFile = (outDir: string, route: string, baseUrl: string) =>
  path.join(outDir, route.slice(baseUrl.length), 'index.html');

export async function writeIndexFiles({
  outDir,
  baseUrl,
  plugins,
  apiTerms,
}: {
  outDir: string;
  baseUrl: string;
  plugins: readonly LoadedPlugin[];
  /** What each API page defines, from the site (the theme's `apiTerms` option). */
  apiTerms: readonly OperationTerms[];
}): Promise<void> {
  const routes = docRoutes(plugins);
  const apiWords = apiWordsByRoute(apiTerms, routes, baseUrl);
  const pages: IndexedPage[] = await mapLimited(routes, READ_CONCURRENCY, async (route) => {
    const html = indexedParts(await readFile(pageFile(outDir, route, baseUrl), 'utf8'));
    const tags = [...keywordWords(pageKeywords(html)), ...(apiWords.get(route) ?? [])];
    return {route, page: pageSections(withoutSchemaElements(html), route, tags), tags};
  });
  await Promise.all(
    [...indexFiles(pages)].map(([tag, file]) =>
      writeFile(path.join(outDir, `search-index-${tag}.json`), JSON.stringify(file)),
    ),
  );
}
