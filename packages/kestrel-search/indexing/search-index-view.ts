/**
 * The page as the search indexer reads it (./write-index-files.ts), from the built HTML; the pages
 * served stay as they are:
 *
 * 1. Front-matter keywords become the page's tags. Every guide lists, in `keywords`, the words a
 *    developer uses for it ("API key", "event types", "marketplace"). Docusaurus writes them to
 *    `<meta name="keywords">`; their words land in the index's tags field (boost 3), on the page's
 *    first section.
 * 2. An API operation page is read without what it renders from its schemas (withoutSchemaElements).
 * 3. Only the parts of a page the indexer reads are parsed (indexedParts).
 *
 * All are string edits of Docusaurus's minified output; tests/after-build/search-index.test.ts
 * fails if one stops matching (keywords or API words missing from the tags).
 */

import {TOKENIZER_SEPARATOR} from '../engine/analysis.ts';

/** `<meta ... name=keywords content="a,b,c">`, attributes in any order, quoted or not. */
const KEYWORDS_META = /<meta\b[^>]*\bname=(["']?)keywords\1(?=[\s/>])[^>]*>/i;
const CONTENT_ATTR = /\bcontent=(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;

const ENTITIES: Record<string, string> = {amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', '#39': "'", '#x27': "'"};
const decodeEntities = (text: string) =>
  text.replace(/&(amp|quot|apos|lt|gt|#39|#x27);/g, (_all, name: string) => ENTITIES[name]!);

/** The keywords of a page, as Docusaurus wrote them (comma-separated, in an HTML attribute). */
export function pageKeywords(html: string): string[] {
  const meta = html.match(KEYWORDS_META)?.[0];
  const content = meta?.match(CONTENT_ATTR);
  const value = content ? (content[1] ?? content[2] ?? content[3] ?? '') : '';
  return decodeEntities(value)
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
}

/**
 * The words of the keywords, each once. lunr takes each tag whole, as one token ("event types"
 * would be a single index word no query matches), so the tags are the words, split as the search
 * splits text (../engine/analysis.ts).
 */
export function keywordWords(keywords: readonly string[]): string[] {
  return [...new Set(keywords.flatMap((k) => k.toLowerCase().split(TOKENIZER_SEPARATOR)).filter(Boolean))];
}

/**
 * The elements an operation or webhook page renders from its schemas (src/components/ApiPage):
 * the parameter, body, delivery and response sections (`<section class="api-section">`, their own
 * headings included) and the column of code samples and examples (`api-page__code`).
 */
const SCHEMA_ELEMENT_START = /<(section|div)\s[^>]*\bclass=(["']?)[^"'>]*\b(?:api-section|api-page__code)\b[^>]*>/g;

/** Where the element that opens at `start` closes, counting nested elements of the same tag. */
function elementEnd(html: string, tag: string, start: number): number {
  const tags = new RegExp(`<(/?)${tag}(?=[\\s>])[^>]*>`, 'g');
  tags.lastIndex = start;
  let depth = 0;
  for (let m = tags.exec(html); m; m = tags.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return m.index + m[0].length;
  }
  throw new Error(`search index view: <${tag}> at ${start} never closes`);
}

/**
 * An operation page without what it renders from its schemas. The server renders every
 * parameter, field, response and code sample into the page, for readers without JavaScript and
 * for crawlers; indexed as text, hundreds of generic words ("string", "required", "amount") made
 * each operation's Request section outrank the guides written for a question. The API words the
 * index needs from those schemas come as tags instead (./search-api-terms.ts), exact and weighted.
 */
export function withoutSchemaElements(html: string): string {
  let out = '';
  let from = 0;
  SCHEMA_ELEMENT_START.lastIndex = 0;
  for (let m = SCHEMA_ELEMENT_START.exec(html); m; m = SCHEMA_ELEMENT_START.exec(html)) {
    const end = elementEnd(html, m[1]!, m.index);
    out += html.slice(from, m.index);
    from = end;
    SCHEMA_ELEMENT_START.lastIndex = end;
  }
  return out + html.slice(from);
}

const HEAD = /<head(?=[\s>])[^>]*>[\s\S]*?<\/head>/i;
const ARTICLE_START = /<article(?=[\s>])/i;
const SIDEBAR_START = /<aside\s[^>]*\bclass=(["']?)[^"'>]*\btheme-doc-sidebar-container\b[^>]*>/i;
const ACTIVE_SIDEBAR_LINK = /<a\s[^>]*\bclass=(["']?)[^"'>]*\bmenu__link--active\b[^>]*>[\s\S]*?<\/a>/gi;

/**
 * Only the parts of a docs page the indexer reads: the head (its `docusaurus_tag` and keywords
 * metas), the article (title, headings, sections) and, of the sidebar, the active links (the
 * page's parent categories). The rest of the page (the sidebar's other links, the navbar, the
 * table of contents, the footer) is dropped before ./page-sections.ts parses it with cheerio.
 *
 * Why: parsing is most of the indexer's time, and an API
 * page carries every operation in its sidebar: with the definition ten times ours (`npm run
 * bench:scale -- 10`, 490 operations) the 521 pages were 213 MiB of HTML, of which each API
 * page's sidebar was about 128 KB; the indexer's copy of a page is a few KB once its schema
 * sections are gone. At that size the build's postBuild (all plugins, in parallel) took 18.2 s
 * with whole pages and 5.2 s with these parts (one run each, back to back, with the earlier search
 * plugin). The sections are the same: tests/after-build/search-index-view.test.ts reads every
 * built docs page both ways and compares.
 *
 * A page without a head or an article is returned as it is.
 */
export function indexedParts(html: string): string {
  const head = html.match(HEAD)?.[0];
  const articleStart = html.search(ARTICLE_START);
  if (!head || articleStart < 0) return html;
  const article = html.slice(articleStart, elementEnd(html, 'article', articleStart));
  const sidebar = SIDEBAR_START.exec(html);
  const activeLinks = sidebar
    ? (html.slice(sidebar.index, elementEnd(html, 'aside', sidebar.index)).match(ACTIVE_SIDEBAR_LINK) ?? [])
    : [];
  return `<!DOCTYPE html><html>${head}<body><aside class="theme-doc-sidebar-container">${activeLinks.join('')}</aside>${article}</body></html>`;
}
