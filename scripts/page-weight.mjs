#!/usr/bin/env node
/**
 * Measures the JavaScript a first visit loads: opens each page in a fresh Chromium context against
 * the served build, collects every script the browser fetched from our origin (including chunks
 * loaded after hydration), and sums their gzip sizes (level 9, as scripts/serve-build.mjs sends
 * them). Bytes are deterministic for a given build, so tests may assert budgets on them.
 *
 *   node scripts/page-weight.mjs [route ...]    (serves build/ itself on a free port)
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {fileURLToPath} from 'node:url';
import {chromium} from 'playwright-core';
import {createServer} from './serve-build.mjs';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from './chromium.mjs';

export function gzipSize(file) {
  return zlib.gzipSync(readFileSync(file), {level: 9}).length;
}

/** Scripts fetched on a first visit to `route`, with their gzip sizes, read from buildDir. */
export async function scriptsOfFirstVisit(browser, origin, route, buildDir = 'build') {
  const context = await browser.newContext();
  await context.route((url) => url.origin !== origin, (r) => r.abort('blockedbyclient'));
  const page = await context.newPage();
  // path -> true while every request for it so far was a prefetch (<link rel="prefetch">, which
  // Chromium marks with Sec-Purpose); a script the page itself loads counts as the page's.
  const scripts = new Map();
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.origin !== origin || !url.pathname.endsWith('.js')) return;
    const prefetch = /prefetch/i.test(req.headers()['sec-purpose'] ?? '');
    scripts.set(url.pathname, (scripts.get(url.pathname) ?? true) && prefetch);
  });
  await page.goto(origin + route, {waitUntil: 'networkidle'});
  await page.waitForTimeout(500);
  await context.close();
  return [...scripts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([p, prefetch]) => ({path: p, prefetch, gzip: gzipSize(path.join(buildDir, p))}));
}

export async function withServedBuild(fn, buildDir = 'build') {
  const server = createServer({root: buildDir});
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS});
  try {
    return await fn(browser, origin);
  } finally {
    await browser.close();
    server.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const routes = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/rate-limits/', '/webhooks/overview', '/api/introduction', '/api/issue-invoice'];
  await withServedBuild(async (browser, origin) => {
    console.log('| route | scripts | gzip JS (KiB) |');
    console.log('| --- | ---: | ---: |');
    for (const route of routes) {
      const scripts = await scriptsOfFirstVisit(browser, origin, route);
      const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
      console.log(`| ${route} | ${scripts.length} | ${(total / 1024).toFixed(1)} |`);
    }
  });
}
