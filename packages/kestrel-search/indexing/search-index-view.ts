/**
 * The page as the search indexer reads it. The search plugin (`@cmfcmf/docusaurus-search-local`)
 * indexes the built HTML of each docs page; packages/kestrel-search/indexing/search-local.ts hands it a copy of each page
 * with three changes, and the pages served stay as they are:
 *
 * 1. Front-matter keywords become the page's tags. Every guide lists, in `keywords`, the words a
 *    developer uses for it ("API key", "event types", "marketplace"). Docusaurus writes them to
 *    `<meta name="keywords">`, which the plugin ignores: it takes tags only from the doc tag list
 *    in the article footer, and doc tags would add /tags pages the portal does not publish. The copy
 *    gets that list, so the keywords' words land in the index's tags field (boost 3), on
 *    the page's first section, as the plugin does with tags.
 * 2. An API operation page shows its method and path (`POST /invoices`) in an <h2> inside a <pre>.
 *    The plugin makes every h1 to h3 a section, so each operation was indexed twice: once under its
 *    name, once under its path, with no text (the text belongs to the name's section, which also
 *    holds the path). The twin took a second result slot for the same page, its short title
 *    outscoring the real one. In the copy the path is plain text, still found in the content.
 * 3. An API operation or webhook page also gets, as tags, the words of what it defines: its
 *    parameter, field and header names, enum values and error codes, read from the definition
 *    (./search-api-terms.ts), whatever its HTML shows of them.
 *
 * All are string edits of Docusaurus's minified output; tests/after-build/search-index.test.ts
 * fails if one stops matching (keywords or API words missing from the tags, a section titled by a
 * path).
 */

import {TOKENIZER_SEPARATOR} from '../search-options';

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
 * splits text (packages/kestrel-search/search-options.ts).
 */
export function keywordWords(keywords: readonly string[]): string[] {
  return [...new Set(keywords.flatMap((k) => k.toLowerCase().split(TOKENIZER_SEPARATOR)).filter(Boolean))];
}

/**
 * The list the plugin reads as tags: `article footer ul[class^=tags_] li`. Added at the end of the
 * article, outside `.markdown`, so no section's text changes. `moreWords` (single index words, as
 * ./search-api-terms.ts makes them, repeats included) follow the keywords' words.
 */
export function withKeywordTags(html: string, moreWords: readonly string[] = []): string {
  const words = [...keywordWords(pageKeywords(html)), ...moreWords];
  const end = html.lastIndexOf('</article>');
  if (words.length === 0 || end < 0) return html;
  const list = `<footer><ul class="tags_search-keywords">${words.map((w) => `<li>${w}</li>`).join('')}</ul></footer>`;
  return html.slice(0, end) + list + html.slice(end);
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

/** The copy of a built page the indexer reads; `apiWords` are the tags an API page gets from the definition. */
export function indexerView(html: string, apiWords: readonly string[] = []): string {
  return withKeywordTags(withoutSchemaElements(html), apiWords);
}

const HEAD = /<head(?=[\s>])[^>]*>[\s\S]*?<\/head>/i;
const ARTICLE_START = /<article(?=[\s>])/i;
const SIDEBAR_START = /<aside\s[^>]*\bclass=(["']?)[^"'>]*\btheme-doc-sidebar-container\b[^>]*>/i;
const ACTIVE_SIDEBAR_LINK = /<a\s[^>]*\bclass=(["']?)[^"'>]*\bmenu__link--active\b[^>]*>[\s\S]*?<\/a>/gi;

/**
 * Only the parts of a docs page the search plugin reads: the head (its `docusaurus_tag` and
 * keywords metas), the article (title, headings, sections, tags) and, of the sidebar, the active
 * links (the page's parent categories). The rest of the page (the sidebar's other links, the
 * navbar, the table of contents, the footer) is dropped before the plugin parses it with cheerio.
 *
 * Why: the plugin parses each page whole, twice (once for the text, once for the tag). An API
 * page carries every operation in its sidebar: with the definition ten times ours (`npm run
 * bench:scale -- 10`, 490 operations) the 521 pages were 213 MiB of HTML, of which each API
 * page's sidebar was about 128 KB; the indexer's copy of a page is a few KB once its schema
 * sections are gone. At that size the build's postBuild (all plugins, in parallel) took 18.2 s
 * with whole pages and 5.2 s with these parts (one run each, back to back). The index is the same: tests/after-build/search-index-view.test.ts parses
 * every built docs page both ways with the plugin's own parser and compares.
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
