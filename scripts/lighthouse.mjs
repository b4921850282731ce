/**
 * Lighthouse 12 (pinned 12.2.3) in its default mobile preset, on our Chromium, against the served
 * build (gzip, as a real host sends it). Returns the four category scores (0-100) per route.
 * Runs under tsx (it reads the brand module): `npx tsx scripts/lighthouse.mjs [route ...]`.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {createServer} from './serve-build.mjs';
import {listenOnFreePort} from './ports.mjs';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from './chromium.mjs';
import {analyticsOrigins} from '../src/brand.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
// This machine has no route to the analytics host, so its script would fail to load and log an
// error no reader sees. It is blocked instead, as a reader's content blocker does (the pages must
// and do work without it); Lighthouse ignores the console note of a blocked request.
const ANALYTICS_PATTERNS = [analyticsOrigins.script, analyticsOrigins.collect].map((origin) => `*${new URL(origin).host}*`);

export async function lighthouseScores(routes, buildDir = 'build') {
  const server = createServer({root: buildDir});
  const origin = await listenOnFreePort(server);
  const chrome = await chromeLauncher.launch({chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS});
  try {
    const results = [];
    for (const route of routes) {
      const run = await lighthouse(origin + route, {port: chrome.port, logLevel: 'error', onlyCategories: CATEGORIES, blockedUrlPatterns: ANALYTICS_PATTERNS});
      if (!run?.lhr) throw new Error(`Lighthouse returned nothing for ${route}`);
      if (run.lhr.runtimeError) throw new Error(`Lighthouse on ${route}: ${run.lhr.runtimeError.message}`);
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((run.lhr.categories[c]?.score ?? 0) * 100)]));
      const failing = Object.values(run.lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id);
      results.push({route, scores, failing});
    }
    return results;
  } finally {
    chrome.kill();
    server.close();
  }
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const routes = process.argv.slice(2);
  for (const {route, scores, failing} of await lighthouseScores(routes.length ? routes : ['/'])) {
    console.log(route, JSON.stringify(scores), failing.length ? `failing: ${failing.join(', ')}` : '');
  }
}
