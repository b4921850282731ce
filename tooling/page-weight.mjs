/**
 * The JavaScript a first visit loads: opens a page in a fresh Chromium context against the served
 * build, collects every script the browser fetched from our origin (including chunks loaded after
 * hydration), with their gzip sizes (level 9, as ./serve-build.mjs sends them). Bytes are
 * deterministic for a given build, so tests may assert budgets on them. `npm run bench` and
 * scripts/page-weight.mjs measure with it; chunks prefetched for other pages are told apart (see
 * bench/budgets.mjs).
 */
import {chromium} from 'playwright-core';
import {createServer} from './serve-build.mjs';
import {listenOnFreePort} from './ports.mjs';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from './chromium.mjs';
import {firstVisit, watchScripts} from '../bench/script-weights.mjs';

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
