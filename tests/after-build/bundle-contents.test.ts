/**
 * What the built scripts must not contain: a Markdown parser (the API reference's descriptions are
 * HTML made at build time, plugins/api-reference/markdown-html.ts), and a page script in the
 * <head> of any page (packages/kestrel-theme/ssr-template.ts requests them after the first paint).
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {builtFiles} from '../built-files';

const BUILD = path.resolve(__dirname, '../../build');
const files = (extension: string) => builtFiles(extension, BUILD);

describe('the built scripts', () => {
  const scripts = files('.js');

  it('are there to read', () => {
    expect(scripts.length).toBeGreaterThan(50);
  });

  it("hold no Markdown parser (micromark's token names for fenced code and tables)", () => {
    const withParser = scripts.filter((file) => {
      const source = readFileSync(file, 'utf8');
      return source.includes('codeFencedFenceSequence') || source.includes('tableDelimiterRow');
    });
    expect(withParser.map((file) => path.relative(BUILD, file))).toEqual([]);
  });
});

describe('the built pages', () => {
  it('request no page script from their <head>', () => {
    const pages = files('.html');
    expect(pages.length).toBeGreaterThan(70);
    const withHeadScripts = pages.filter((file) => {
      const head = /<head>([\s\S]*?)<\/head>/.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
      return /<script[^>]*\bsrc=["']?\/assets\//.test(head);
    });
    expect(withHeadScripts.map((file) => path.relative(BUILD, file))).toEqual([]);
  });
});
