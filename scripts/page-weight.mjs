#!/usr/bin/env node
/**
 * Measures the JavaScript a first visit loads: opens each page in a fresh Chromium context against
 * the served build, collects every script the browser fetched from our origin (including chunks
 * loaded after hydration), and sums their gzip sizes (level 9, as scripts/serve-build.mjs sends
 * them). Bytes are deterministic for a given build, so tests may assert budgets on them.
 *
 *   node scripts/page-weight.mjs [route ...]    (serves build/ itself on a free port)
 *
 * Chunks prefetched for other pages are told apart (see bench/budgets.mjs).
 */
import {fileURLToPath} from 'node:url';
import {chromium} from 'playwright-core';
import {createServer} from './serve-build.mjs';
import {listenOnFreePort} from '../tooling/ports.mjs';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from '../tooling/chromium.mjs';
import {firstVisit, watchScripts} from '../bench/script-weights.mjs';
import {BUDGETS, KIB, ownBytes, prefetchBytes} from '../bench/budgets.mjs';

/**
 * Scripts fetched on a first visit to `route` in a fresh context.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} origin
 * @param {string} route
 */
export async function scriptsOfFirstVisit(browser, origin, route, buildDir = 'build') {
  const context = await browser.newContext();
  await context.route(
    (url) => url.origin !== origin,
    (r) => r.abort('blockedbyclient'),
  );
  const page = await context.newPage();
  const scripts = watchScripts(page, origin);
  await firstVisit(page, origin + route);
  const result = scripts(buildDir);
  await context.close();
  return result;
}

/**
 * @template T
 * @param {(browser: import('@playwright/test').Browser, origin: string) => Promise<T>} fn
 * @returns {Promise<T>}
 */
export async function withServedBuild(fn, buildDir = 'build') {
  const server = createServer({root: buildDir});
  const origin = await listenOnFreePort(server);
  const browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS});
  try {
    return await fn(browser, origin);
  } finally {
    await browser.close();
    server.close();
  }
}

async function main() {
  const routes = process.argv.slice(2).length ? process.argv.slice(2) : Object.values(BUDGETS).map((b) => b.sample);
  await withServedBuild(async (browser, origin) => {
    console.log('| route | scripts | gzip JS, own (KiB) | prefetched for other pages (KiB) |');
    console.log('| --- | ---: | ---: | ---: |');
    for (const route of routes) {
      const scripts = await scriptsOfFirstVisit(browser, origin, route);
      const ownCount = scripts.filter((s) => !s.prefetch).length;
      console.log(
        `| ${route} | ${ownCount} | ${(ownBytes(scripts) / KIB).toFixed(1)} | ${(prefetchBytes(scripts) / KIB).toFixed(1)} |`,
      );
    }
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
