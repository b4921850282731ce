/**
 * Serves the production build the way a static host does: gzip, long-lived caching for hashed
 * assets, directory index files, and the not-found page with status 404. `docusaurus serve`
 * sends files uncompressed, which skews every size and speed figure. The server of
 * `scripts/serve-build.mjs` (the browser tests' web server) and of the benches that load pages.
 *
 * `headerRules` sends the headers of a Netlify / Cloudflare Pages `_headers` file (the build writes
 * build/_headers with the Content-Security-Policy: plugins/security-headers.ts), so the browser
 * tests run under the policy the site ships with.
 */
import http from 'node:http';
import {createReadStream} from 'node:fs';
import {stat, readFile} from 'node:fs/promises';
import path from 'node:path';
import {promisify} from 'node:util';
import zlib from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.woff2': 'font/woff2',
};
const gzipAsync = promisify(zlib.gzip);
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.xml', '.txt', '.md', '.yaml']);

/** @param {string} p */
async function isFile(p) {
  return stat(p).then(
    (s) => s.isFile(),
    () => false,
  );
}

/**
 * Maps a URL path to a file in root, or null. Never leaves root.
 * @param {string} root
 * @param {string} urlPath
 * @returns {Promise<string | null>}
 */
export async function resolveFile(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const target = path.join(root, path.normalize(decoded));
  if (target !== root && !target.startsWith(root + path.sep)) return null;
  for (const candidate of [target, path.join(target, 'index.html')]) {
    if (await isFile(candidate)) return candidate;
  }
  return null;
}

/**
 * Parses a `_headers` file: a line holding a path pattern (`/*`, `/api/*`, `/:slug`), then indented
 * `Name: value` lines. Returns the rules in file order.
 */
/** @typedef {{pattern: string, regex: RegExp, headers: [string, string][]}} HeaderRule */

/** @param {string} text @returns {HeaderRule[]} */
export function parseHeadersFile(text) {
  /** @type {HeaderRule[]} */
  const rules = [];
  for (const raw of text.split(/\r?\n/)) {
    if (!raw.trim() || raw.trim().startsWith('#')) continue;
    if (!/^\s/.test(raw)) {
      const pattern = raw.trim();
      const source = pattern
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]\w*/g, '[^/]+'))
        .join('.*');
      rules.push({pattern, regex: new RegExp(`^${source}$`), headers: []});
      continue;
    }
    const rule = rules.at(-1);
    const colon = raw.indexOf(':');
    if (!rule || colon < 0)
      throw new Error(`_headers: header line outside a path block or without a colon: ${raw.trim()}`);
    rule.headers.push([raw.slice(0, colon).trim(), raw.slice(colon + 1).trim()]);
  }
  return rules;
}

/** The headers every matching rule sets for a URL path, later rules overriding earlier ones. */
/** @param {HeaderRule[]} rules @param {string} pathname @returns {Record<string, string>} */
export function headersFor(rules, pathname) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const rule of rules) if (rule.regex.test(pathname)) for (const [name, value] of rule.headers) out[name] = value;
  return out;
}

/**
 * @param {{root: string, headers?: Record<string, string>, headerRules?: HeaderRule[]}} options
 */
export function createServer({root, headers = {}, headerRules = []}) {
  const absRoot = path.resolve(root);
  // Each file is compressed once and its bytes kept, as a static host keeps its compressed copies:
  // a test run loads the same bundles and pages hundreds of times, each compressed anew at level 9.
  // A file rebuilt while served (another size or modification time) replaces its copy.
  /** @type {Map<string, {version: string, bytes: Promise<Buffer>}>} */
  const compressed = new Map();
  const gzipped = async (/** @type {string} */ file) => {
    const {size, mtimeMs} = await stat(file);
    const version = `${size}:${mtimeMs}`;
    let copy = compressed.get(file);
    if (copy?.version !== version) {
      copy = {version, bytes: readFile(file).then((raw) => gzipAsync(raw, {level: 9}))};
      compressed.set(file, copy);
    }
    return copy.bytes;
  };
  return http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // Pretty URLs, as static hosts do them: /a/index.html -> /a/, /a/b.html -> /a/b. Serving the
    // .html file itself would hydrate a page whose route the client renames (React error 418).
    const stripped = url.pathname.replace(/index\.html$/, '').replace(/\.html$/, '');
    if (stripped !== url.pathname) {
      res.writeHead(301, {Location: (stripped || '/') + url.search});
      return res.end();
    }
    let file = await resolveFile(absRoot, url.pathname);
    let status = 200;
    if (!file) {
      file = path.join(absRoot, '404.html');
      status = 404;
    }
    const ext = path.extname(file);
    res.statusCode = status;
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    for (const [name, value] of Object.entries(headersFor(headerRules, url.pathname))) res.setHeader(name, value);
    res.setHeader('Content-Type', TYPES[/** @type {keyof typeof TYPES} */ (ext)] ?? 'application/octet-stream');
    res.setHeader(
      'Cache-Control',
      url.pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
    const gzip = COMPRESSIBLE.has(ext) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    if (gzip) {
      res.setHeader('Content-Encoding', 'gzip');
      res.setHeader('Vary', 'Accept-Encoding');
    }
    if (req.method === 'HEAD') return res.end();
    if (gzip) return res.end(await gzipped(file));
    createReadStream(file).pipe(res);
  });
}
