/**
 * The definition's descriptions are CommonMark with GitHub's tables; the pages carry them as HTML
 * made here, at build time, so the browser ships no Markdown parser. micromark keeps raw HTML
 * escaped (a description cannot inject markup). A link to another site opens in a new tab without
 * giving it this page (`rel="noopener noreferrer"`), as the site's own Link does.
 */
import {micromark} from 'micromark';
import {gfm, gfmHtml} from 'micromark-extension-gfm';

export function markdownToHtml(markdown: string | undefined): string {
  if (!markdown?.trim()) return '';
  return micromark(markdown, {extensions: [gfm()], htmlExtensions: [gfmHtml()]})
    .replace(/<a href="(https?:\/\/[^"]*)"/g, '<a href="$1" target="_blank" rel="noopener noreferrer"')
    .trim();
}

/** One line of Markdown as inline HTML, without the paragraph around it. */
export function inlineMarkdownToHtml(markdown: string): string {
  return markdownToHtml(markdown).replace(/^<p>([\s\S]*)<\/p>$/, '$1');
}
