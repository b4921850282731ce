/**
 * The page as the search indexer reads it. The search plugin (`@cmfcmf/docusaurus-search-local`)
 * indexes the built HTML of each docs page; plugins/search-local.ts hands it a copy of each page
 * with two changes, and the pages served stay as they are:
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
 *
 * Both are string edits of Docusaurus's minified output; tests/after-build/search-index.test.ts
 * fails if either stops matching (keywords missing from the tags, a section titled by a path).
 */

import {TOKENIZER_SEPARATOR} from '../search-options';

/** `<meta ... name=keywords content="a,b,c">`, attributes in any order, quoted or not. */
const KEYWORDS_META = /<meta\b[^>]*\bname=(["']?)keywords\1(?=[\s/>])[^>]*>/i;
const CONTENT_ATTR = /\bcontent=(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;

const ENTITIES: Record<string, string> = {amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', '#39': "'", '#x27': "'"};
const decodeEntities = (text: string) => text.replace(/&(amp|quot|apos|lt|gt|#39|#x27);/g, (_all, name: string) => ENTITIES[name]!);

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
 * splits text (search-options.ts).
 */
export function keywordWords(keywords: readonly string[]): string[] {
  return [...new Set(keywords.flatMap((k) => k.toLowerCase().split(TOKENIZER_SEPARATOR)).filter(Boolean))];
}

/**
 * The list the plugin reads as tags: `article footer ul[class^=tags_] li`. Added at the end of the
 * article, outside `.markdown`, so no section's text changes.
 */
export function withKeywordTags(html: string): string {
  const words = keywordWords(pageKeywords(html));
  const end = html.lastIndexOf('</article>');
  if (words.length === 0 || end < 0) return html;
  const list = `<footer><ul class="tags_search-keywords">${words.map((w) => `<li>${w}</li>`).join('')}</ul></footer>`;
  return html.slice(0, end) + list + html.slice(end);
}

const ENDPOINT_PATH_HEADING = /<h2(\s[^>]*\bclass=(["']?)openapi__method-endpoint-path\2[^>]*)>([\s\S]*?)<\/h2>/g;

/** The method-and-path line of an operation page, as text instead of a heading. */
export function withEndpointPathAsText(html: string): string {
  return html.replace(ENDPOINT_PATH_HEADING, '<span$1>$3</span>');
}

/** The copy of a built page the indexer reads. */
export function indexerView(html: string): string {
  return withEndpointPathAsText(withKeywordTags(html));
}
