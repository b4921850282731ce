/**
 * Lighthouse 12 (pinned 12.2.3) in its default mobile preset, on our Chromium, against the served
 * build (gzip, as a real host sends it). Each route runs `runs` times (default 5, the median of five
 * that Lighthouse's own guidance on variability suggests): the performance score moves by a few
 * points from run to run on a shared 2-core machine, so the median is reported, with the lowest
 * and highest, and the median total blocking time and largest contentful paint behind it.
 * Runs under tsx (it reads the brand module): `npx tsx scripts/lighthouse.mjs [route ...]`.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {createServer} from './serve-build.mjs';
import {listenOnFreePort} from '../tests/support/ports.mjs';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from '../tests/support/chromium.mjs';
import {median} from '../bench/stats.mjs';
import {analyticsOrigins} from '../config/brand.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
// This machine has no route to the analytics host, so its script would fail to load and log an
// error no reader sees. It is blocked instead, as a reader's content blocker does (the pages must
// and do work without it); Lighthouse ignores the console note of a blocked request.
const ANALYTICS_PATTERNS = [analyticsOrigins.script, analyticsOrigins.collect].map(
  (origin) => `*${new URL(origin).host}*`,
);

export async function lighthouseScores(routes, {buildDir = 'build', runs = 5} = {}) {
  const server = createServer({root: buildDir});
  const origin = await listenOnFreePort(server);
  const chrome = await chromeLauncher.launch({chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS});
  try {
    const results = [];
    for (const route of routes) {
      const samples = [];
      const failing = new Set();
      for (let i = 0; i < runs; i++) {
        const run = await lighthouse(origin + route, {
          port: chrome.port,
          logLevel: 'error',
          onlyCategories: CATEGORIES,
          blockedUrlPatterns: ANALYTICS_PATTERNS,
        });
        if (!run?.lhr) throw new Error(`Lighthouse returned nothing for ${route}`);
        if (run.lhr.runtimeError) throw new Error(`Lighthouse on ${route}: ${run.lhr.runtimeError.message}`);
        samples.push({
          scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((run.lhr.categories[c]?.score ?? 0) * 100)])),
          totalBlockingTime: run.lhr.audits['total-blocking-time'].numericValue,
          largestContentfulPaint: run.lhr.audits['largest-contentful-paint'].numericValue,
        });
        for (const audit of Object.values(run.lhr.audits)) {
          if (audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary') failing.add(audit.id);
        }
      }
      const performance = samples.map((s) => s.scores.performance);
      results.push({
        route,
        scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(samples.map((s) => s.scores[c]))])),
        performanceRange: [Math.min(...performance), Math.max(...performance)],
        totalBlockingTime: median(samples.map((s) => s.totalBlockingTime)),
        largestContentfulPaint: median(samples.map((s) => s.largestContentfulPaint)),
        failing: [...failing],
      });
    }
    return results;
  } finally {
    chrome.kill();
    server.close();
  }
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const routes = process.argv.slice(2);
  for (const {
    route,
    scores,
    performanceRange,
    totalBlockingTime,
    largestContentfulPaint,
    failing,
  } of await lighthouseScores(routes.length ? routes : ['/'])) {
    const detail = `performance ${performanceRange.join('-')}, TBT ${totalBlockingTime.toFixed(0)} ms, LCP ${largestContentfulPaint.toFixed(0)} ms`;
    console.log(route, JSON.stringify(scores), detail, failing.length ? `failing: ${failing.join(', ')}` : '');
  }
}
