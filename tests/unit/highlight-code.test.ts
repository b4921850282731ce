/**
 * plugins/highlight-code: code highlighted at build time (Prism's classes, escaped text) and the
 * remark step that puts it where each fenced block was.
 */
import {describe, expect, it} from 'vitest';
import {highlightCode} from '../../plugins/highlight-code/highlight';
import remarkHighlightCode, {titleOf} from '../../plugins/highlight-code/remark-highlight-code';
import {CODE_SAMPLE_LANGUAGES} from '../../config/code-sample-languages';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe('highlightCode', () => {
  it('marks tokens with Prism classes and keeps the code, escaped, as its text', () => {
    const code = 'const a: number = 1; // a < b && c > d';
    const html = highlightCode(code, 'ts');
    expect(html).toContain('<span class="token keyword">const</span>');
    expect(html).toContain('<span class="token comment">// a &lt; b &amp;&amp; c > d</span>');
    expect(text(html)).toBe(code);
  });

  it("highlights every code sample's language, including those outside Prism's default build", () => {
    for (const {highlight} of CODE_SAMPLE_LANGUAGES) {
      expect(highlightCode('x = "y"', highlight), highlight).toMatch(/class="token /);
    }
  });

  it('shows text blocks as written, escaped, with no tokens', () => {
    expect(highlightCode('<b>&', 'text')).toBe('&lt;b&gt;&amp;');
  });

  it('fails naming a language it has no grammar for', () => {
    expect(() => highlightCode('x', 'cobol')).toThrow(/no grammar for the language "cobol"/);
  });
});

describe('remark-highlight-code', () => {
  type Node = {type: string; children?: Node[]; lang?: string; meta?: string | null; value?: string; data?: unknown};

  it('replaces every fenced block, nested ones too, by a highlightedcode element with its HTML and title', () => {
    const tree: Node = {
      type: 'root',
      children: [
        {type: 'code', lang: 'json', meta: 'title="a.json"', value: '{"a": 1}'},
        {type: 'mdxJsxFlowElement', children: [{type: 'code', lang: 'bash', meta: null, value: 'echo hi'}]},
      ],
    };
    remarkHighlightCode()(tree, {path: 'docs/x.md'});
    const [first, wrapper] = tree.children!;
    expect(first!.data).toEqual({
      hName: 'highlightedcode',
      hProperties: {language: 'json', title: 'a.json', html: highlightCode('{"a": 1}', 'json')},
    });
    expect(wrapper!.children![0]!.data).toMatchObject({
      hName: 'highlightedcode',
      hProperties: {language: 'bash', html: highlightCode('echo hi', 'bash')},
    });
    expect(JSON.stringify(tree)).not.toContain('"type":"code"');
  });

  it('reads the title, and fails naming any other meta, which nothing would show', () => {
    expect(titleOf('title="verify.ts"', 'x')).toBe('verify.ts');
    expect(titleOf(null, 'x')).toBeUndefined();
    expect(() => titleOf('title="a.ts" showLineNumbers', 'docs/x.md')).toThrow(
      /docs\/x\.md: unsupported code block meta "showLineNumbers"/,
    );
  });
});
