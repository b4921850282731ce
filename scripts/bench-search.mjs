#!/usr/bin/env node
/**
 * `npm run bench:search`: what the local search costs, measured on the production build in real
 * Chromium behind the gzip static server (scripts/serve-build.mjs). Run `npm run build` first.
 * Prints one table:
 *
 * - bytes of each index file, raw and gzip (what the server sends);
 * - first open: from the first keystroke in a fresh browser to the first rendered results, which
 *   includes fetching and loading the three index files (median of 5 runs; also on a throttled
 *   link like Lighthouse's mobile preset: 1.6 Mbit/s down, 150 ms latency);
 * - keystroke to rendered results once the index is loaded: median of 50 queries, each timed from
 *   the keydown of its last character to the next frame after the result list last changed.
 *
 * A report, not a test: no thresholds. Times depend on the machine; compare runs on one machine.
 *
 * - with `--phone`, the first open also on a throttled phone profile (CPU 4x slower, as
 *   Lighthouse's mobile preset, on the same throttled link), and the gzip JavaScript the search
 *   box loads when the reader first reaches for it.
 *
 *   node scripts/bench-search.mjs [--dir build] [--runs 5] [--queries 50] [--phone]
 */
// The functions this script hands to page.evaluate run in the browser page, and read its globals.
/* global window, document, MutationObserver, requestAnimationFrame */
import {readFile, readdir} from 'node:fs/promises';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {chromium} from '@playwright/test';
import {createServer} from '../tooling/serve-build.mjs';
import {listenOnFreePort} from '../tooling/ports.mjs';
import {median, quantile} from '../bench/stats.mjs';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from '../tooling/chromium.mjs';

/** @type {<T>(name: string, fallback: T) => string | T} */
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const DIR = arg('dir', 'build');
const RUNS = Number(arg('runs', 5));
const QUERIES = Number(arg('queries', 50));
const PHONE = process.argv.includes('--phone');
/** Lighthouse's mobile preset: a CPU four times slower than the machine's. */
const PHONE_CPU_SLOWDOWN = 4;

/** Queries a developer types; the last keystroke of each is timed. More than needed: a keystroke that leaves the list as it was is skipped. */
const QUERY_POOL = [
  'verify webhook signature',
  '429',
  'idempotency key',
  'pay a lightning invoice',
  'send to bank account',
  'exchange rate',
  'test mode',
  'revoke key',
  'missed webhooks',
  'pkce',
  'rotate webhook secret',
  'constant time comparison',
  'webhook retry schedule',
  'event types',
  'register webhook endpoint',
  'test webhooks locally',
  'api down for maintenance',
  'RateLimit-Remaining header',
  'refresh token',
  'scopes for each operation',
  '401 or 403',
  'create an api key',
  'sandbox base url',
  'convert usd to btc',
  'pay a seller on a marketplace',
  'accept any amount',
  'example app source code',
  'dashboard logs',
  'balances and currencies',
  'first api call',
  'create invoice',
  'cancel invoice',
  'on-chain fee tiers',
  'lightning address payment',
  'account balance',
  'list payouts',
  'deposit fee estimate',
  'payout originator',
  'delete subscription',
  'look up account by handle',
  'invoice expired',
  'receive request',
  'quote expires',
  'bank payment method',
  'currency exchange quote',
  'subscription secret',
  'oauth scopes',
  'retry after',
  'signature mismatch',
  'payout failed',
  'onchain address',
  'lnurl',
  'webhook payload',
  'get events',
  'authorization header',
  'maintenance window',
  'status page',
  'sandbox test amounts',
  'payment status',
  'exponential backoff',
];

/** Bytes, exact, with KiB for reading. */
const kb = (/** @type {number} */ n) => `${n.toLocaleString('en-US')} B (${(n / 1024).toFixed(1)} KiB)`;
const ms = (/** @type {number} */ n) => `${n.toFixed(1)} ms`;

async function indexSizes() {
  const files = (await readdir(DIR)).filter((f) => /^search-index-.*\.json$/.test(f)).sort();
  const rows = [];
  for (const file of files) {
    const raw = await readFile(path.join(DIR, file));
    rows.push({file, raw: raw.length, gzip: zlib.gzipSync(raw, {level: 9}).length});
  }
  return rows;
}

/**
 * The probe the page keeps on `window`.
 * @typedef {typeof window & {__bench: {keydown: number, changes: {dom: number, frame: number}[]}}} BenchWindow
 */

/** In the page: times of the last keydown and of changes to the result panel, each with the next frame. */
function installProbe() {
  const w = /** @type {BenchWindow} */ (window);
  w.__bench = {keydown: 0, changes: []};
  document.addEventListener('keydown', (e) => (w.__bench.keydown = e.timeStamp), true);
  new MutationObserver(() => {
    const entry = {dom: performance.now(), frame: 0};
    w.__bench.changes.push(entry);
    requestAnimationFrame(() => (entry.frame = performance.now()));
  }).observe(document.body, {subtree: true, childList: true, characterData: true});
}

/** @param {import('@playwright/test').Page} page */
async function waitQuiet(page, quietMs = 250, maxMs = 5000) {
  const started = Date.now();
  let seen = -1;
  let since = Date.now();
  while (Date.now() - started < maxMs) {
    const n = await page.evaluate(() => /** @type {BenchWindow} */ (window).__bench.changes.length);
    if (n !== seen) {
      seen = n;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return;
    await page.waitForTimeout(25);
  }
}

/** @param {import('@playwright/test').Page} page */
async function openPanel(page) {
  await page.locator('.aa-DetachedSearchButton').click();
  await page.locator('.aa-DetachedOverlay input.aa-Input').waitFor();
}

/**
 * @param {import('@playwright/test').Browser} browser
 * @param {string} baseURL
 * @param {boolean} throttle
 */
async function firstOpen(browser, baseURL, throttle, cpuSlowdown = 1) {
  const context = await browser.newContext();
  await context.route(
    (url) => !url.href.startsWith(baseURL),
    (route) => route.abort(),
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', {cacheDisabled: true});
  await page.goto(`${baseURL}/webhooks/overview`, {waitUntil: 'networkidle'});
  if (throttle) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
  }
  if (cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', {rate: cpuSlowdown});
  await page.evaluate(installProbe);
  const scriptsBefore = await page.evaluate(() => performance.getEntriesByType('resource').length);
  await openPanel(page);
  await page.evaluate(() => {
    /** @type {BenchWindow} */ (window).__bench.changes = [];
  });
  await page.keyboard.press('w');
  await page.locator('.aa-DetachedOverlay .aa-Item').first().waitFor({timeout: 60_000});
  await waitQuiet(page);
  const measured = await page.evaluate(() => {
    const {keydown, changes} = /** @type {BenchWindow} */ (window).__bench;
    const last = changes.at(-1);
    if (!last) throw new Error('the results never changed');
    const indexes = performance
      .getEntriesByType('resource')
      .filter((e) => /search-index-/.test(e.name))
      .map((e) => /** @type {PerformanceResourceTiming} */ (e))
      .map((e) => ({name: e.name, start: e.startTime, end: e.responseEnd}));
    return {
      total: (last.frame || last.dom) - keydown,
      fetchEnd: Math.max(...indexes.map((e) => e.end)) - keydown,
      files: indexes.length,
    };
  });
  // The scripts the search box fetched when the reader reached for it, gzip as the server sends them.
  const scripts = await page.evaluate(
    (from) =>
      performance
        .getEntriesByType('resource')
        .slice(from)
        .map((e) => /** @type {PerformanceResourceTiming} */ (e))
        .filter((e) => e.initiatorType === 'script' || /\.js$/.test(new URL(e.name).pathname))
        .map((e) => new URL(e.name).pathname),
    scriptsBefore,
  );
  const searchScripts = scripts.reduce(
    (sum, file) => sum + zlib.gzipSync(readFileSync(path.join(DIR, file)), {level: 9}).length,
    0,
  );
  await context.close();
  return {...measured, searchScripts};
}

/**
 * @param {import('@playwright/test').Browser} browser
 * @param {string} baseURL
 */
async function warmQueries(browser, baseURL) {
  const context = await browser.newContext();
  await context.route(
    (url) => !url.href.startsWith(baseURL),
    (route) => route.abort(),
  );
  const page = await context.newPage();
  await page.goto(`${baseURL}/webhooks/overview`, {waitUntil: 'networkidle'});
  await page.evaluate(installProbe);
  await openPanel(page);
  const input = page.locator('.aa-DetachedOverlay input.aa-Input');
  // Load the index first.
  await page.keyboard.type('webhook');
  await page.locator('.aa-DetachedOverlay .aa-Item').first().waitFor();
  /** @type {{query: string, dom: number, frame: number}[]} */
  const samples = [];
  for (const query of QUERY_POOL) {
    if (samples.length >= QUERIES) break;
    await input.fill(query.slice(0, -1));
    await waitQuiet(page);
    await page.evaluate(() => {
      /** @type {BenchWindow} */ (window).__bench.changes = [];
    });
    const key = query.at(-1) ?? '';
    await page.keyboard.press(key === ' ' ? 'Space' : key);
    await waitQuiet(page);
    const sample = await page.evaluate(() => {
      const {keydown, changes} = /** @type {BenchWindow} */ (window).__bench;
      const last = changes.at(-1);
      return last ? {dom: last.dom - keydown, frame: (last.frame || last.dom) - keydown} : null;
    });
    if (sample) samples.push({query, ...sample});
  }
  await context.close();
  return samples;
}

const server = createServer({root: DIR});
const baseURL = await listenOnFreePort(server);
const browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS});
try {
  const sizes = await indexSizes();
  const cold = [];
  for (let i = 0; i < RUNS; i++) cold.push(await firstOpen(browser, baseURL, false));
  const throttled = [];
  for (let i = 0; i < Math.max(1, Math.ceil(RUNS / 2)); i++) throttled.push(await firstOpen(browser, baseURL, true));
  const phone = [];
  if (PHONE) for (let i = 0; i < RUNS; i++) phone.push(await firstOpen(browser, baseURL, true, PHONE_CPU_SLOWDOWN));
  const warm = await warmQueries(browser, baseURL);

  /** @type {string[][]} */
  const rows = [
    ...sizes.map((s) => [`index ${s.file}`, `${kb(s.raw)} raw`, `${kb(s.gzip)} gzip`]),
    [
      'index files, total',
      `${kb(sizes.reduce((a, s) => a + s.raw, 0))} raw`,
      `${kb(sizes.reduce((a, s) => a + s.gzip, 0))} gzip`,
    ],
    [
      `first open, keystroke to results (median of ${cold.length}, localhost)`,
      ms(median(cold.map((c) => c.total))),
      `index fetched by ${ms(median(cold.map((c) => c.fetchEnd)))}`,
    ],
    [
      `first open, keystroke to results (median of ${throttled.length}, 1.6 Mbit/s, 150 ms)`,
      ms(median(throttled.map((c) => c.total))),
      `index fetched by ${ms(median(throttled.map((c) => c.fetchEnd)))}`,
    ],
    ...(PHONE
      ? [
          [
            `first open, keystroke to results (median of ${phone.length}, phone: CPU ${PHONE_CPU_SLOWDOWN}x slower, 1.6 Mbit/s, 150 ms)`,
            ms(median(phone.map((c) => c.total))),
            `index fetched by ${ms(median(phone.map((c) => c.fetchEnd)))}`,
          ],
        ]
      : []),
    ['JavaScript the search box loads on first use (gzip)', kb(cold[0]?.searchScripts ?? NaN), "after the page's own"],
    [
      `keystroke to rendered results, index loaded (median of ${warm.length})`,
      ms(median(warm.map((s) => s.frame))),
      `p90 ${ms(
        quantile(
          warm.map((s) => s.frame),
          0.9,
        ),
      )}, DOM ${ms(median(warm.map((s) => s.dom)))}`,
    ],
  ];
  const w0 = Math.max(...rows.map(([a = '']) => a.length));
  const w1 = Math.max(...rows.map(([, b = '']) => b.length));
  console.log(`\nSearch bench: ${DIR}/, Chromium ${browser.version()}, gzip server on localhost\n`);
  console.log(`${'measure'.padEnd(w0)}  ${'value'.padEnd(w1)}  detail`);
  console.log(`${'-'.repeat(w0)}  ${'-'.repeat(w1)}  ${'-'.repeat(30)}`);
  for (const [a = '', b = '', c = ''] of rows) console.log(`${a.padEnd(w0)}  ${b.padEnd(w1)}  ${c}`);
  if (warm.length < QUERIES)
    console.log(`\nOnly ${warm.length} of ${QUERIES} queries changed the results on their last keystroke.`);
} finally {
  await browser.close();
  server.close();
}
