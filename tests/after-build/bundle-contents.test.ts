/**
 * What the built scripts must not contain: crypto-js whole (packages/kestrel-theme/bundler/explorer-storage-utils.ts
 * gives the API theme's persistence middleware our SHA1-only helpers), and a page script in the
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

  it("hold none of crypto-js's ciphers (AES), only the SHA1 the explorer uses", () => {
    const withAes = scripts.filter((file) => readFileSync(file, 'utf8').includes('_doCryptBlock'));
    expect(withAes.map((file) => path.relative(BUILD, file))).toEqual([]);
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
