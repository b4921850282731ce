/**
 * Lighthouse 12 (pinned 12.2.3) in its default mobile preset, on our Chromium, against the served
 * build (gzip, as a real host sends it). Each route runs `runs` times (default 5, the median of five
 * that Lighthouse's own guidance on variability suggests): the performance score moves by a few
 * points from run to run on a shared 2-core machine, so the median is reported, with the lowest
 * and highest, and the median total blocking time and largest contentful paint behind it.
 * `npm run bench` and scripts/lighthouse.mjs measure with it; lighthouseByBuild compares builds
 * in one sitting. Runs under tsx (it reads the brand module).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {createServer} from './serve-build.mjs';
import {listenOnFreePort} from './ports.mjs';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from './chromium.mjs';
import {median} from '../bench/stats.mjs';
import {analyticsOrigins} from '../config/brand.ts';

/**
 * @typedef {Record<'performance' | 'accessibility' | 'best-practices' | 'seo', number>} Scores
 * @typedef {{scores: Scores, totalBlockingTime: number, largestContentfulPaint: number, benchmarkIndex: number, failing: string[]}} Sample
 */

/** @type {(keyof Scores)[]} */
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
// This machine has no route to the analytics host, so its script would fail to load and log an
// error no reader sees. It is blocked instead, as a reader's content blocker does (the pages must
// and do work without it); Lighthouse ignores the console note of a blocked request.
const ANALYTICS_PATTERNS = [analyticsOrigins.script, analyticsOrigins.collect].map(
  (origin) => `*${new URL(origin).host}*`,
);

/**
 * One Lighthouse run of `url` on the launched Chromium.
 * @param {{port: number}} chrome
 * @param {string} url
 * @returns {Promise<Sample>}
 */
async function runOnce(chrome, url) {
  const run = await lighthouse(url, {
    port: chrome.port,
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    blockedUrlPatterns: ANALYTICS_PATTERNS,
  });
  if (!run?.lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (run.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${run.lhr.runtimeError.message}`);
  const {lhr} = run;
  const numeric = (/** @type {string} */ id) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse on ${url}: no ${id}`);
    return value;
  };
  const failing = Object.values(run.lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
    .map((audit) => audit.id);
  return {
    scores: /** @type {Scores} */ (
      Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]))
    ),
    totalBlockingTime: numeric('total-blocking-time'),
    largestContentfulPaint: numeric('largest-contentful-paint'),
    // Lighthouse's measure of how fast this machine ran just before this run (higher is faster).
    benchmarkIndex: run.lhr.environment.benchmarkIndex,
    failing,
  };
}

/**
 * @param {string} route
 * @param {Sample[]} samples
 */
function summarise(route, samples) {
  const performance = samples.map((s) => s.scores.performance);
  const speeds = samples.map((s) => s.benchmarkIndex);
  return {
    route,
    scores: /** @type {Scores} */ (
      Object.fromEntries(CATEGORIES.map((c) => [c, median(samples.map((s) => s.scores[c]))]))
    ),
    performanceRange: [Math.min(...performance), Math.max(...performance)],
    totalBlockingTime: median(samples.map((s) => s.totalBlockingTime)),
    largestContentfulPaint: median(samples.map((s) => s.largestContentfulPaint)),
    benchmarkIndex: median(speeds),
    benchmarkRange: [Math.min(...speeds), Math.max(...speeds)],
    failing: [...new Set(samples.flatMap((s) => s.failing))],
  };
}

/**
 * Lighthouse on several builds in one sitting, each served on a port of its own, their runs
 * interleaved so that the machine's load falls on all of them alike; compare a page with `/` of the
 * same build. Returns, per build, one summary per route.
 * @param {string[]} routes
 * @param {string[]} buildDirs
 * @param {{runs?: number}} [options]
 */
export async function lighthouseByBuild(routes, buildDirs, {runs = 5} = {}) {
  const servers = buildDirs.map((root) => createServer({root}));
  const origins = await Promise.all(servers.map((server) => listenOnFreePort(server)));
  const chrome = await chromeLauncher.launch({chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS});
  // Chromium runs in a process group of its own: stopping the bench must not leave it running.
  const stop = () => {
    chrome.kill();
    process.exit(130);
  };
  process.once('SIGINT', stop).once('SIGTERM', stop);
  try {
    /** @type {Sample[][][]} */
    const samples = buildDirs.map(() => routes.map(() => []));
    // Round by round, each round visiting every route once, each visit alternating between the
    // builds. A route's runs are spread over the whole sitting, as `/`'s are, so a slow minute of
    // a shared machine falls on one run of several routes rather than on every run of one route
    // (which made a page look up to twice as slow as `/` in one table and quicker in the next).
    for (let i = 0; i < runs; i++) {
      for (const [r, route] of routes.entries()) {
        for (const [b, origin] of origins.entries()) {
          const sample = await runOnce(chrome, origin + route);
          samples[b]?.[r]?.push(sample);
          // Progress on stderr: a full table takes a while on a loaded machine.
          const {performance} = sample.scores;
          process.stderr.write(
            `run ${i + 1}/${runs} ${buildDirs[b]} ${route}: ${performance}, TBT ${sample.totalBlockingTime.toFixed(0)} ms, machine ${sample.benchmarkIndex.toFixed(0)}\n`,
          );
        }
      }
    }
    return samples.map((byRoute) => routes.map((route, r) => summarise(route, byRoute[r] ?? [])));
  } finally {
    process.off('SIGINT', stop).off('SIGTERM', stop);
    chrome.kill();
    for (const server of servers) server.close();
  }
}

/**
 * @param {string[]} routes
 * @param {{buildDir?: string, runs?: number}} [options]
 */
export async function lighthouseScores(routes, {buildDir = 'build', runs = 5} = {}) {
  const [summaries = []] = await lighthouseByBuild(routes, [buildDir], {runs});
  return summaries;
}
