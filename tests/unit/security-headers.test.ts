/**
 * plugins/security-headers.ts: the inline-script hashes, the policy, and the two output formats
 * written from the same list; scripts/serve-build.mjs reads the _headers format back.
 */
import {describe, it, expect} from 'vitest';
import {createHash} from 'node:crypto';
import {mkdtempSync, mkdirSync, writeFileSync, readFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import securityHeadersPlugin, {
  inlineScriptHashes,
  contentSecurityPolicy,
  securityHeaders,
  toHeadersFile,
  toNginx,
} from '../../plugins/security-headers';
import {parseHeadersFile, headersFor} from '../../tooling/serve-build.mjs';
import {brand} from '../../config/brand';

const sha = (s: string) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes executable inline scripts exactly as written, once each', () => {
    const html = [
      '<script>var a=1</script>',
      '<script type="text/javascript">var b="é"</script>',
      '<script type=module>import("/x.js")</script>',
      '<script>var a=1</script>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([sha('var a=1'), sha('var b="é"'), sha('import("/x.js")')]);
  });
  it('skips external scripts, data blocks and empty scripts', () => {
    const html = [
      '<script src="/assets/js/main.js"></script>',
      '<script data-rh=true type=application/ld+json>{"@context":"https://schema.org"}</script>',
      '<script type="application/json">{}</script>',
      '<script></script>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([]);
  });
});

describe('the policy', () => {
  const csp = contentSecurityPolicy([sha('x')]);
  const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));
  it('allows our scripts, the hashed inline ones and analytics; never inline or eval', () => {
    expect(directive('script-src')).toBe(`script-src 'self' ${sha('x')} https://www.googletagmanager.com`);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  });
  it('limits connections to our origin, the API servers and analytics', () => {
    expect(directive('connect-src')).toBe(
      `connect-src 'self' ${new URL(brand.api.production).origin} ${new URL(brand.api.sandbox).origin} ` +
        'https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com',
    );
  });
  it('forbids framing, plugins and foreign base URLs', () => {
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive('object-src')).toBe("object-src 'none'");
    expect(directive('base-uri')).toBe("base-uri 'self'");
  });
});

describe('output formats', () => {
  const headers = securityHeaders([sha('x')]);
  it('_headers: one /* block that serve-build.mjs reads back to the same headers', () => {
    const rules = parseHeadersFile(toHeadersFile(headers));
    expect(rules.map((r: {pattern: string}) => r.pattern)).toEqual(['/*']);
    expect(headersFor(rules, '/api/issue-invoice')).toEqual(Object.fromEntries(headers));
    expect(headersFor(rules, '/')).toEqual(Object.fromEntries(headers));
  });
  it('nginx: one add_header line per header, always', () => {
    const lines = toNginx(headers)
      .split('\n')
      .filter((l) => l.startsWith('add_header'));
    expect(lines).toEqual(headers.map(([name, value]) => `add_header ${name} "${value}" always;`));
  });
  it('nginx: refuses a value it would misread', () => {
    expect(() => toNginx([['X-Test', 'a"b']])).toThrow(/X-Test/);
    expect(() => toNginx([['X-Test', '$host']])).toThrow(/X-Test/);
  });
});

describe('postBuild', () => {
  it('collects the hashes of every page and writes both files', async () => {
    const outDir = mkdtempSync(path.join(tmpdir(), 'headers-'));
    mkdirSync(path.join(outDir, 'guide'));
    writeFileSync(path.join(outDir, 'index.html'), '<html><script>one()</script></html>');
    writeFileSync(
      path.join(outDir, 'guide', 'index.html'),
      '<html><script>two()</script><script>one()</script></html>',
    );
    await securityHeadersPlugin().postBuild!({outDir} as never);
    const headersFile = readFileSync(path.join(outDir, '_headers'), 'utf8');
    expect(headersFile).toContain(`script-src 'self' ${[sha('one()'), sha('two()')].sort().join(' ')} https://`);
    expect(readFileSync(path.join(outDir, 'nginx-security-headers.conf'), 'utf8')).toContain(sha('two()'));
  });
});
