/**
 * search_docs: the site's search (packages/kestrel-search/engine/node.ts, the ranking the search
 * box shows) on the build's index, paged with limit and offset. Each result is a title, the route
 * with its anchor (which read_page opens) and a snippet around the first query word in the section
 * as read_page reads it (the index files keep no text: the search box shows none).
 */
import {readPage} from './read-page.ts';
import type {SiteBuild} from './site-build.ts';
import type {SearchHit, searchBuiltSite} from '../packages/kestrel-search/engine/node.ts';

export const DEFAULT_LIMIT = 8;
export const MAX_LIMIT = 50;
const SNIPPET_CHARS = 240;

export interface SearchResult {
  title: string;
  route: string;
  snippet: string;
}

export interface SearchAnswer {
  query: string;
  total: number;
  offset: number;
  results: SearchResult[];
  /** The offset of the next page of results, when there is one. */
  nextOffset?: number;
}

/** Up to SNIPPET_CHARS of the section around the first query word it contains, on word boundaries. */
export function snippetOf(content: string, terms: string[]): string {
  const text = content.replace(/\s+/g, ' ').trim();
  const lower = text.toLowerCase();
  const at = terms
    .map((t) => lower.indexOf(t.toLowerCase()))
    .filter((i) => i >= 0)
    .sort((a, b) => a - b)[0];
  if (at === undefined || text.length <= SNIPPET_CHARS) return text.slice(0, SNIPPET_CHARS);
  let start = Math.max(0, at - SNIPPET_CHARS / 3);
  if (start > 0) start = text.indexOf(' ', start) + 1;
  let end = Math.min(text.length, start + SNIPPET_CHARS);
  if (end < text.length) end = text.lastIndexOf(' ', end);
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}

/** The section's Markdown without its heading line, for a snippet. */
function sectionText(site: SiteBuild, route: string): string {
  const page = readPage(site, route);
  return page.ok ? page.text.replace(/^#{1,6} .*\n/, '') : '';
}

function resultOf(site: SiteBuild, hit: SearchHit): SearchResult {
  const {pageTitle, sectionTitle, sectionRoute} = hit.document;
  const title = !pageTitle || pageTitle === sectionTitle ? sectionTitle : `${pageTitle} › ${sectionTitle}`;
  return {title, route: sectionRoute, snippet: snippetOf(sectionText(site, sectionRoute), hit.terms)};
}

export class DocsSearch {
  private readonly site: SiteBuild;
  private engine?: ReturnType<typeof searchBuiltSite>;

  constructor(site: SiteBuild) {
    this.site = site;
  }

  async search(query: string, limit = DEFAULT_LIMIT, offset = 0): Promise<SearchAnswer> {
    // Loaded on the first search, so that start-up (the first tools/list) does not wait for the index.
    this.engine ??= import('../packages/kestrel-search/engine/node.ts').then(({searchBuiltSite}) =>
      searchBuiltSite(this.site.dir),
    );
    const {total, hits} = (await this.engine).search(query, {limit, offset});
    const next = offset + hits.length;
    return {
      query,
      total,
      offset,
      results: hits.map((hit) => resultOf(this.site, hit)),
      ...(next < total && {nextOffset: next}),
    };
  }
}
