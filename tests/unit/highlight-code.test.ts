/**
 * plugins/highlight-code: code highlighted at build time (Prism's classes, escaped text) and the
 * remark step that puts it where each fenced block was.
 */
import {describe, expect, it} from 'vitest';
import {highlightCode, highlightCodePacked} from '../../plugins/highlight-code/highlight';
import {packHighlighted, unpackHighlighted} from '../../config/packed-code';
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

describe('packed highlighted code', () => {
  const samples = CODE_SAMPLE_LANGUAGES.map(({highlight}) => [
    highlight,
    `const a = "x < y" && b; // <span> & 'q'\nif (a) { call(a, [1, 2]); }\n`,
  ]);

  it.each(samples)("%s: unpacks to Prism's HTML to the byte", (language, code) => {
    expect(unpackHighlighted(highlightCodePacked(code!, language!))).toBe(highlightCode(code!, language!));
  });

  it('writes each class list once and marks tokens <N>…</>, under a third of the HTML for JSON', () => {
    const json = JSON.stringify({amount: {value: '10.00', currency: 'EUR'}, items: [1, 2, 3], ok: true}, null, 2);
    const html = highlightCode(json, 'json');
    const packed = packHighlighted(html);
    const [classes, body] = [packed.slice(0, packed.indexOf('\n')), packed.slice(packed.indexOf('\n') + 1)];
    expect(classes.split(',')).toEqual([...new Set(classes.split(','))]);
    expect(classes.split(',')).toContain('punctuation');
    expect(body).not.toContain('<span');
    expect(body).toMatch(/^<\d+>\{<\/>/);
    expect(packed.length).toBeLessThan(html.length / 3);
  });

  it('keeps a span it does not know (with other attributes) as it is, and code with no tokens as text', () => {
    const html = '<span class="token entity" title="&amp;">&amp;amp;</span> a &lt; b';
    expect(unpackHighlighted(packHighlighted(html))).toBe(html);
    expect(packHighlighted('a &lt;b&gt;')).toBe('\na &lt;b&gt;');
  });

  it('fails naming the place when HTML would not survive packing', () => {
    expect(() => packHighlighted('x <1> y')).toThrow(/does not survive packing, from "<1> y"/);
  });
});

describe('remark-highlight-code', () => {
  type Node = {type: string; children?: Node[]; lang?: string; meta?: string | null; value?: string; data?: unknown};

  it('replaces every fenced block, nested ones too, by a highlightedcode element with its packed HTML and title', () => {
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
      hProperties: {language: 'json', title: 'a.json', packed: highlightCodePacked('{"a": 1}', 'json')},
    });
    expect(wrapper!.children![0]!.data).toMatchObject({
      hName: 'highlightedcode',
      hProperties: {language: 'bash', packed: highlightCodePacked('echo hi', 'bash')},
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
