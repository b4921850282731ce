/**
 * src/theme/Markdown renders text that isPlainText() accepts as one <p> without parsing it. That
 * is only right if react-markdown (with GFM, as the component uses it) makes exactly that
 * paragraph of it: checked here on every description in the definition, and on cases that must
 * not take the shortcut.
 */
import {createElement} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import {describe, expect, it} from 'vitest';
import {isPlainText} from '../../src/theme/Markdown/plainText';
import {loadBundledDefinition, type Json} from './openapi-definition';

function descriptions(node: Json, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((item) => descriptions(item, out));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'description' && typeof value === 'string') out.push(value);
      else descriptions(value, out);
    }
  }
  return out;
}

const markdown = (text: string) => renderToStaticMarkup(createElement(ReactMarkdown, {remarkPlugins: [remarkGfm]}, text));
const paragraph = (text: string) => renderToStaticMarkup(createElement('p', null, text));

describe('the plain-text shortcut of the API Markdown renderer', () => {
  const all = [...new Set(descriptions(loadBundledDefinition()))];
  const plain = all.filter(isPlainText);

  it('applies to a real share of the definition', () => {
    expect(plain.length).toBeGreaterThan(50);
  });

  it('gives what react-markdown gives, for every description it applies to', () => {
    expect(plain.filter((text) => markdown(text) !== paragraph(text))).toEqual([]);
  });

  it('does not apply where Markdown would change the text', () => {
    for (const text of ['Use `code`.', 'See [docs](/x).', 'A *b* c', 'See https://status.kestrel.example', 'Mail help@kestrel.example', '1. First', '- item', 'a\nb', 'A &amp; B', '# Title', 'a | b']) {
      expect(isPlainText(text), text).toBe(false);
    }
  });
});
