import {describe, it, expect, beforeAll, afterAll} from 'vitest';
import {mkdtempSync, mkdirSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {Server} from 'node:http';
import {createServer, parseHeadersFile, headersFor} from '../../tooling/serve-build.mjs';
import {listenOnFreePort} from '../../tooling/ports.mjs';

const root = mkdtempSync(path.join(tmpdir(), 'serve-'));
mkdirSync(path.join(root, 'rate-limits'));
writeFileSync(path.join(root, 'index.html'), '<h1>home</h1>');
writeFileSync(path.join(root, 'rate-limits', 'index.html'), '<h1>rate limits</h1>');
writeFileSync(path.join(root, '404.html'), '<h1>Page Not Found</h1>');
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer({root});
  base = await listenOnFreePort(server);
});
afterAll(() => server.close());

describe('serve-build', () => {
  it('serves directory index pages with gzip', async () => {
    const res = await fetch(`${base}/rate-limits`, {headers: {'accept-encoding': 'gzip'}});
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(await res.text()).toBe('<h1>rate limits</h1>');
  });
  it('serves a file rewritten while it is served with its new bytes, compressed copies and all', async () => {
    const file = path.join(root, 'changing.txt');
    writeFileSync(file, 'first version');
    const read = () => fetch(`${base}/changing.txt`, {headers: {'accept-encoding': 'gzip'}}).then((r) => r.text());
    expect(await read()).toBe('first version');
    expect(await read()).toBe('first version');
    writeFileSync(file, 'the second, longer version');
    expect(await read()).toBe('the second, longer version');
  });
  it('strips a trailing index.html or .html with a permanent redirect', async () => {
    for (const [from, to] of [
      ['/rate-limits/index.html', '/rate-limits/'],
      ['/walkthrough/example-apps.html', '/walkthrough/example-apps'],
      ['/index.html?x=1', '/?x=1'],
    ]) {
      const res = await fetch(`${base}${from}`, {redirect: 'manual'});
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe(to);
    }
  });
  it('answers unknown and hostile paths with the not-found page and 404', async () => {
    for (const p of ['/nope', '/..%2f..%2fetc/passwd', '/%3Cscript%3E', '/%E0%A4%A', `/${'a'.repeat(4000)}`]) {
      const res = await fetch(`${base}${p}`);
      expect(res.status, p).toBe(404);
      expect(await res.text()).toContain('Page Not Found');
    }
  });
});

describe('serve-build --headers', () => {
  it('parses a _headers file: patterns with splats and placeholders, later rules override', () => {
    const rules = parseHeadersFile(
      [
        '# comment',
        '/*',
        '  X-A: 1',
        '  X-B: two: with colon',
        '',
        '/api/*',
        '  X-A: api',
        '/docs/:slug',
        '  X-C: slug',
      ].join('\n'),
    );
    expect(headersFor(rules, '/')).toEqual({'X-A': '1', 'X-B': 'two: with colon'});
    expect(headersFor(rules, '/api/issue-invoice')).toEqual({'X-A': 'api', 'X-B': 'two: with colon'});
    expect(headersFor(rules, '/docs/x')).toEqual({'X-A': '1', 'X-B': 'two: with colon', 'X-C': 'slug'});
    expect(headersFor(rules, '/docs/x/y')).toEqual({'X-A': '1', 'X-B': 'two: with colon'});
    expect(() => parseHeadersFile('  X-A: 1')).toThrow(/outside a path block/);
  });

  it('sends the headers on pages, assets and the not-found page', async () => {
    const withHeaders = createServer({
      root,
      headerRules: parseHeadersFile("/*\n  Content-Security-Policy: default-src 'self'\n"),
    });
    const url = await listenOnFreePort(withHeaders);
    try {
      for (const p of ['/', '/rate-limits', '/nope']) {
        const res = await fetch(`${url}${p}`);
        expect(res.headers.get('content-security-policy'), p).toBe("default-src 'self'");
      }
    } finally {
      withHeaders.close();
    }
  });
});
