/**
 * The definition's descriptions are CommonMark with GitHub's tables; the pages carry them as HTML
 * made here, at build time, so the browser ships no Markdown parser. micromark keeps raw HTML
 * escaped (a description cannot inject markup).
 */
import {micromark} from 'micromark';
import {gfm, gfmHtml} from 'micromark-extension-gfm';

export function markdownToHtml(markdown: string | undefined): string {
  if (!markdown?.trim()) return '';
  return micromark(markdown, {extensions: [gfm()], htmlExtensions: [gfmHtml()]}).trim();
}

/** One line of Markdown as inline HTML, without the paragraph around it. */
export function inlineMarkdownToHtml(markdown: string): string {
  return markdownToHtml(markdown).replace(/^<p>([\s\S]*)<\/p>$/, '$1');
}
