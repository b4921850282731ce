/**
 * packages/kestrel-theme/theme/Markdown renders text that isPlainText() accepts as one <p> without parsing it, and
 * text of plain words, code spans and bold runs with renderInlineMarkdown(). That is only right if
 * react-markdown (with GFM, as the component uses it) makes exactly that paragraph of it: checked
 * here on every description in the definition and every qualifier the API theme writes for its
 * schemas, and on cases that must not take the shortcut.
 */
import {createElement} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import {describe, expect, it} from 'vitest';
import {isPlainText} from '../../packages/kestrel-theme/theme/Markdown/plainText';
import {renderInlineMarkdown} from '../../packages/kestrel-theme/theme/Markdown/inlineMarkdown';
import Module, {createRequire} from 'node:module';
import path from 'node:path';
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

const markdown = (text: string) =>
  renderToStaticMarkup(createElement(ReactMarkdown, {remarkPlugins: [remarkGfm]}, text));
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
    for (const text of [
      'Use `code`.',
      'See [docs](/x).',
      'A *b* c',
      'See https://status.kestrel.example',
      'Mail help@kestrel.example',
      '1. First',
      '- item',
      'a\nb',
      'A &amp; B',
      '# Title',
      'a | b',
    ]) {
      expect(isPlainText(text), text).toBe(false);
    }
  });
});

/**
 * The theme's qualifier writer (the line under each schema property, "**Possible values:** ..."),
 * loaded with @docusaurus/Translate, a bundler alias, answered by a stub that returns the English.
 */
function loadQualifierWriter(): (schema: unknown) => string | undefined {
  const moduleInternals = Module as unknown as {_resolveFilename: (request: string, ...rest: unknown[]) => string};
  const resolve = moduleInternals._resolveFilename;
  moduleInternals._resolveFilename = function (request, ...rest) {
    if (request === '@docusaurus/Translate')
      return path.resolve(__dirname, '../fixtures/docusaurus-stubs/translate.cjs');
    return resolve.call(this, request, ...rest);
  };
  try {
    return createRequire(import.meta.url)('docusaurus-theme-openapi-docs/lib/markdown/schema').getQualifierMessage;
  } finally {
    moduleInternals._resolveFilename = resolve;
  }
}
const getQualifierMessage = loadQualifierWriter();

/** Every object in the definition that has schema keywords, with the qualifier the theme writes for it. */
function qualifiers(node: Json, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((item) => qualifiers(item, out));
  else if (node && typeof node === 'object') {
    if ('type' in node || 'enum' in node || 'pattern' in node) {
      const message = getQualifierMessage(node);
      if (message) out.push(message);
    }
    Object.values(node).forEach((value) => qualifiers(value, out));
  }
  return out;
}

describe('the code-span and bold shortcut of the API Markdown renderer', () => {
  const definition = loadBundledDefinition();
  const texts = [...new Set([...descriptions(definition), ...qualifiers(definition)])];
  const inline = texts.filter((text) => renderInlineMarkdown(text) !== null);

  it('applies to nine texts in ten, qualifiers included', () => {
    expect(inline.length / texts.length).toBeGreaterThan(0.9);
    expect(inline.filter((text) => text.startsWith('**'))).not.toEqual([]);
  });

  it('gives what react-markdown gives, for every text it applies to', () => {
    const differing = inline.filter((text) => renderToStaticMarkup(renderInlineMarkdown(text)) !== markdown(text));
    expect(differing).toEqual([]);
  });

  it('gives what react-markdown gives on the edges it accepts', () => {
    for (const text of [
      '**Possible values:** [`A`, `B`]',
      'Use `a` or `b`.',
      '**Default value:** `0`',
      '[`x`]',
      'a ] b [ c',
      'Plain.',
    ]) {
      expect(renderInlineMarkdown(text), text).not.toBeNull();
      expect(renderToStaticMarkup(renderInlineMarkdown(text)), text).toBe(markdown(text));
    }
  });

  it('declines what only the parser renders right', () => {
    const declined = [
      'See [docs](/x).',
      '[a][b]',
      '[a]: /x',
      '![img](/x.png)',
      'A *b* c',
      'a**b**c',
      '** a**',
      '**open',
      '` edge `',
      '``double``',
      'Unclosed `code',
      'a\nb',
      'line\nbreak',
      '- item',
      '1. First',
      '> quote',
      '# Title',
      '| a | b |',
      'See https://status.kestrel.example',
      'Mail help@kestrel.example',
      'A &amp; B',
      'a_b_c',
      '~~gone~~',
      ' lead',
    ];
    for (const text of declined) expect(renderInlineMarkdown(text.replace('\\n', '\n')), text).toBeNull();
  });
});
