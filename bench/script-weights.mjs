/**
 * What a page's scripts weigh: which scripts a page requested from our origin (told apart from
 * chunks prefetched for other pages) and their gzip sizes in the build. Plain functions, no
 * top-level code: the byte-budget browser test loads this through Playwright's transform.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** @param {string} file */
export function gzipSize(file) {
  return zlib.gzipSync(readFileSync(file), {level: 9}).length;
}

/**
 * Starts recording the scripts `page` requests from `origin`; the returned function lists them with
 * their gzip sizes, read from buildDir, and whether they were only prefetched.
 * @param {import('@playwright/test').Page} page
 * @param {string} origin
 */
export function watchScripts(page, origin) {
  // path -> true while every request for it so far was a prefetch (<link rel="prefetch">, which
  // Chromium marks with Sec-Purpose); a script the page itself loads counts as the page's.
  /** @type {Map<string, boolean>} */
  const scripts = new Map();
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.origin !== origin || !url.pathname.endsWith('.js')) return;
    const prefetch = /prefetch/i.test(req.headers()['sec-purpose'] ?? '');
    scripts.set(url.pathname, (scripts.get(url.pathname) ?? true) && prefetch);
  });
  return (buildDir = 'build') =>
    [...scripts]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([p, prefetch]) => ({path: p, prefetch, gzip: gzipSize(path.join(buildDir, p))}));
}

/**
 * Opens `route` and waits until the network has been idle, then a little more for late chunks.
 * Resolves with the document's response.
 * @param {import('@playwright/test').Page} page
 * @param {string} url
 */
export async function firstVisit(page, url) {
  const response = await page.goto(url, {waitUntil: 'networkidle'});
  await page.waitForTimeout(500);
  return response;
}
