/**
 * plugins/api-reference/markdown-html.ts: a description's HTML, the same whether it is rendered
 * for the first time or taken from the renderings kept, and after that store has been emptied.
 */
import {describe, expect, it} from 'vitest';
import {inlineMarkdownToHtml, markdownToHtml} from '../../plugins/api-reference/markdown-html';

describe('markdownToHtml', () => {
  const description = 'The `amount`, see [limits](https://example.com/limits).\n\n| a | b |\n| - | - |\n| 1 | <b> |';
  const expected =
    '<p>The <code>amount</code>, see <a href="https://example.com/limits" target="_blank" rel="noopener noreferrer">limits</a>.</p>\n' +
    '<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n<td>&lt;b&gt;</td>\n</tr>\n</tbody>\n</table>';

  it('renders GFM, escapes raw HTML and opens other sites in a new tab, the same every time', () => {
    expect(markdownToHtml(description)).toBe(expected);
    expect(markdownToHtml(description)).toBe(expected);
    expect(inlineMarkdownToHtml('**Scope:** `x`.')).toBe('<strong>Scope:</strong> <code>x</code>.');
    expect(markdownToHtml('  \n')).toBe('');
  });

  it('renders right after thousands of other descriptions, more than the renderings it keeps', () => {
    for (let i = 0; i < 6000; i++) expect(markdownToHtml(`Field ${i}.`)).toBe(`<p>Field ${i}.</p>`);
    expect(markdownToHtml(description)).toBe(expected);
  });
});
