/**
 * The definition's descriptions are CommonMark with GitHub's tables; the pages carry them as HTML
 * made here, at build time, so the browser ships no Markdown parser. micromark keeps raw HTML
 * escaped (a description cannot inject markup). A link to another site opens in a new tab without
 * giving it this page (`rel="noopener noreferrer"`), as the site's own Link does.
 */
import {micromark} from 'micromark';
import {gfm, gfmHtml} from 'micromark-extension-gfm';

/**
 * Each page renders the descriptions of every field it shows, and most come back on many pages
 * (the error body's fields on each operation's every error status): with the definition twenty
 * times ours, rendering them was most of gen-api's time. So the latest renderings are kept, a
 * bounded number: the cache empties when full, so a long `npm start` does not grow it.
 */
const RENDERED_MAX = 5000;
const rendered = new Map<string, string>();

export function markdownToHtml(markdown: string | undefined): string {
  if (!markdown?.trim()) return '';
  const known = rendered.get(markdown);
  if (known !== undefined) return known;
  const html = micromark(markdown, {extensions: [gfm()], htmlExtensions: [gfmHtml()]})
    .replace(/<a href="(https?:\/\/[^"]*)"/g, '<a href="$1" target="_blank" rel="noopener noreferrer"')
    .trim();
  if (rendered.size >= RENDERED_MAX) rendered.clear();
  rendered.set(markdown, html);
  return html;
}

/** One line of Markdown as inline HTML, without the paragraph around it. */
export function inlineMarkdownToHtml(markdown: string): string {
  return markdownToHtml(markdown).replace(/^<p>([\s\S]*)<\/p>$/, '$1');
}
