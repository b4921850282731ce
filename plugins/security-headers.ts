/**
 * Security headers for the built site, from one source: `securityHeaders()` below. After the build
 * writes the HTML, this plugin hashes every inline script the pages hold (the colour-mode script,
 * the gtag stub, ...) so the Content-Security-Policy allows those and no other inline script, then
 * writes the same headers in two formats:
 *
 * - `build/_headers`: Netlify / Cloudflare Pages format; `scripts/serve-build.mjs --headers` reads it
 *   too, so every browser test runs under the policy;
 * - `build/nginx-security-headers.conf`: `add_header` lines to include in an nginx server block.
 */
import {readdir, readFile, writeFile} from 'node:fs/promises';
import {createHash} from 'node:crypto';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {brand, analyticsOrigins} from '../config/brand';

export const HEADERS_FILE = '_headers';
export const NGINX_FILE = 'nginx-security-headers.conf';

/** Script types a browser runs; other types (application/ld+json, ...) are data the CSP ignores. */
const EXECUTABLE_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module', 'text/ecmascript']);

/** The CSP source expression ('sha256-...') of each distinct inline script in one HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\bsrc\s*=/i.test(attributes) || body.length === 0) continue;
    const type = /\btype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
    const typeValue = (type?.[1] ?? type?.[2] ?? type?.[3] ?? '').trim().toLowerCase();
    if (!EXECUTABLE_TYPES.has(typeValue)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

export type Options = {
  /** Origin of the local sandbox (`npm run sandbox`) the explorer may call; only in builds that offer it. */
  localSandboxOrigin?: string;
};

/** The Content-Security-Policy for the portal, given the hashes of the inline scripts it ships. */
export function contentSecurityPolicy(scriptHashes: readonly string[], options: Options = {}): string {
  const apiOrigins = [new URL(brand.api.production).origin, new URL(brand.api.sandbox).origin];
  if (options.localSandboxOrigin) apiOrigins.push(options.localSandboxOrigin);
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    // No 'unsafe-inline' and no 'unsafe-eval': our bundles, the inline scripts hashed at build
    // time, and the analytics script.
    ['script-src', ["'self'", ...[...scriptHashes].sort(), analyticsOrigins.script]],
    // React sets inline styles (style attributes): styles only.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'https://*.google-analytics.com', 'https://*.googletagmanager.com']],
    ['font-src', ["'self'", 'data:']],
    // The search index (our origin), the API explorer's requests, analytics.
    ['connect-src', ["'self'", ...apiOrigins, ...analyticsOrigins.connectPatterns]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** Every header, in the order both output files list them. */
export function securityHeaders(scriptHashes: readonly string[], options: Options = {}): [string, string][] {
  return [
    ['Content-Security-Policy', contentSecurityPolicy(scriptHashes, options)],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    [
      'Permissions-Policy',
      'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
    ],
    // For browsers that predate frame-ancestors.
    ['X-Frame-Options', 'DENY'],
  ];
}

/** Netlify / Cloudflare Pages `_headers`: a path pattern, then indented `Name: value` lines. */
export function toHeadersFile(headers: readonly [string, string][]): string {
  return [
    '# Generated at build time by plugins/security-headers.ts; do not edit.',
    '/*',
    ...headers.map(([name, value]) => `  ${name}: ${value}`),
    '',
  ].join('\n');
}

/** nginx: `include` this file in the server block (and in any location that has add_header). */
export function toNginx(headers: readonly [string, string][]): string {
  const lines = headers.map(([name, value]) => {
    if (/["$\\\n]/.test(value)) throw new Error(`Header ${name} holds a character nginx would misread: ${value}`);
    return `add_header ${name} "${value}" always;`;
  });
  return [
    '# Generated at build time by plugins/security-headers.ts (same source as _headers); do not edit.',
    '# nginx drops inherited add_header lines in a block that has its own: include this file there too.',
    ...lines,
    '',
  ].join('\n');
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, {withFileTypes: true, recursive: true});
  return entries.filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => path.join(e.parentPath, e.name));
}

// Docusaurus types plugin options as unknown; the config passes an `Options` object.
export default function securityHeadersPlugin(_context?: unknown, rawOptions?: unknown): Plugin {
  const options = (rawOptions ?? {}) as Options;
  return {
    name: 'security-headers',
    async postBuild({outDir}) {
      const hashes = new Set<string>();
      for (const file of await htmlFiles(outDir)) {
        for (const hash of inlineScriptHashes(await readFile(file, 'utf8'))) hashes.add(hash);
      }
      const headers = securityHeaders([...hashes], options);
      await writeFile(path.join(outDir, HEADERS_FILE), toHeadersFile(headers));
      await writeFile(path.join(outDir, NGINX_FILE), toNginx(headers));
    },
  };
}
