/**
 * The index files as the search box loads them: each tag's file fetched once (a load still under
 * way is waited on, never repeated), and the files of a page's tags searched as one
 * (../../engine/ranking.ts). A file that fails to load (an error, a non-OK answer, no data for
 * INDEX_STALL_MS, an answer that is not an index file, such as an older build's from a cache)
 * counts as empty, with no error shown: the other files are still searched.
 */
import {indexFileProblem} from '../../engine/index-file.ts';
import {createSearch, type Search} from '../../engine/ranking.ts';
import type {IndexFile} from '../../engine/types.ts';
import {withIndexTimeout} from './indexTimeout.ts';

type Fetch = typeof fetch;

/** The loads and searches of one page's lifetime, over `fetchImpl`. */
export function indexLoader(fetchImpl: Fetch) {
  const fetchIndex = withIndexTimeout(fetchImpl);
  const files = new Map<string, Promise<IndexFile | null>>();
  const searches = new Map<string, Promise<Search>>();

  /** `{baseUrl}search-index-{tag}.json`, or null when it fails. */
  function loadFile(baseUrl: string, tag: string): Promise<IndexFile | null> {
    const url = `${baseUrl}search-index-${tag}.json`;
    let file = files.get(url);
    if (!file) {
      file = fetchIndex(url)
        .then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))
        .then((parsed) => (parsed !== null && indexFileProblem(parsed) === null ? (parsed as IndexFile) : null))
        .catch(() => null);
      files.set(url, file);
    }
    return file;
  }

  /** The search over the files of `tags` (the page's: "default" and its docs versions). */
  function searchOf(baseUrl: string, tags: readonly string[]): Promise<Search> {
    const key = `${baseUrl}|${tags.join(',')}`;
    let search = searches.get(key);
    if (!search) {
      search = Promise.all(tags.map((tag) => loadFile(baseUrl, tag))).then((loaded) =>
        createSearch(loaded.filter((file): file is IndexFile => file !== null)),
      );
      searches.set(key, search);
    }
    return search;
  }

  return {searchOf};
}

let pageLoader: ReturnType<typeof indexLoader> | undefined;

/** The search over the files of `tags`, loaded once per page with the browser's fetch. */
export function searchOf(baseUrl: string, tags: readonly string[]): Promise<Search> {
  pageLoader ??= indexLoader(globalThis.fetch.bind(globalThis));
  return pageLoader.searchOf(baseUrl, tags);
}
