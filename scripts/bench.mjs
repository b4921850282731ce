#!/usr/bin/env node
/**
 * `npm run bench`: builds once from cold and prints the weight and speed figures we budget, as a table:
 * - cold production build (`docusaurus clear`, then `npm run build`): wall time and the peak memory
 *   of the whole process tree;
 * - gzip JS of a first visit per page type, against its budget (the heaviest page of each type,
 *   and the chunks prefetched for other pages beside it; see bench/budgets.mjs);
 * - Lighthouse 12 mobile scores (median of 5 runs) on `/`, every guide, `/api/introduction`, an
 *   operation page and the heaviest operation page, each against `/` of the same run (every page
 *   within 3 points of `/`, its total blocking time at most 1.5 times that of `/`);
 * - the heaviest operation page's HTML, gzip;
 * - client-side navigation between two operation pages: click to new h1, median of 20;
 * - the local sandbox: start-up, and requests/s and p99 of a GET and a validated POST (bench-sandbox.mjs).
 *
 *   npm run bench              (add --no-build to measure the existing build/)
 *
 * Timings depend on the machine and its load: they are printed, never asserted.
 */
import {spawnSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {runMeasured} from '../bench/process-tree.mjs';
import {
  API_PAGE_HTML_BUDGET,
  BUDGETS,
  KIB,
  builtPageHasDiagram,
  htmlGzipBytes,
  ownBytes,
  prefetchBytes,
} from '../bench/budgets.mjs';
import {scriptsOfFirstVisit, withServedBuild} from '../tooling/page-weight.mjs';
import {lighthouseScores} from '../tooling/lighthouse.mjs';
import {comparisonRoutes, quickAsHomeTable} from '../bench/quick-as-home.mjs';
import {GUIDE_ROUTES} from '../config/guide-routes.ts';
import {navigationTimes} from '../bench/navigation-timing.mjs';
import {median} from '../bench/stats.mjs';

async function coldBuild() {
  spawnSync('npx', ['docusaurus', 'clear'], {stdio: 'ignore'});
  return runMeasured('npm', ['run', 'build']);
}

/** The routes of each budgeted page type, read from the build. */
function routesByType() {
  const sitemap = readFileSync('build/sitemap.xml', 'utf8');
  const routes = [...sitemap.matchAll(/<loc>[^<]*?\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1] ?? '');
  const isOperation = (/** @type {string} */ route) =>
    /^\/api\/[^/]+$/.test(route) && route !== '/api/introduction' && !route.endsWith('-webhook');
  const guideRoutes = routes.filter((r) => r !== '/api' && !r.startsWith('/api/'));
  return {
    home: ['/'],
    guide: guideRoutes.filter((r) => r !== '/' && !builtPageHasDiagram(r)),
    guideWithDiagram: guideRoutes.filter((r) => builtPageHasDiagram(r)),
    apiIntroduction: ['/api/introduction'],
    operation: routes.filter(isOperation),
  };
}

const kib = (/** @type {number} */ bytes) => (bytes / KIB).toFixed(1);

const build = process.argv.includes('--no-build') ? null : await coldBuild();
const types = routesByType();

const weights = await withServedBuild(async (browser, origin) => {
  const rows = [];
  for (const type of /** @type {(keyof typeof BUDGETS)[]} */ (Object.keys(BUDGETS))) {
    const budget = BUDGETS[type];
    /** @type {{route: string, own: number, prefetch: number} | null} */
    let worst = null;
    for (const route of types[type]) {
      const scripts = await scriptsOfFirstVisit(browser, origin, route);
      const own = ownBytes(scripts);
      if (!worst || own > worst.own) worst = {route, own, prefetch: prefetchBytes(scripts)};
    }
    if (!worst) throw new Error(`bench: the build has no page of the type ${type}`);
    rows.push({type, budget, pages: types[type].length, ...worst});
  }
  const navigation = await navigationTimes(browser, origin, ['/api/get-invoices', '/api/issue-invoice'], 20);
  return {rows, navigation};
});

// `/` and its control (`/` again), every guide, and the API's introduction, sample and heaviest
// operation pages.
const heaviestOperation = weights.rows.find((row) => row.budget === BUDGETS.operation)?.route;
if (!heaviestOperation) throw new Error('bench: no operation page was weighed');
const lighthouseRoutes = comparisonRoutes([
  ...GUIDE_ROUTES,
  BUDGETS.apiIntroduction.sample,
  BUDGETS.operation.sample,
  heaviestOperation,
]);
const lighthouse = await lighthouseScores(lighthouseRoutes);

console.log(
  '\n| page type | pages | heaviest page | gzip JS (KiB) | budget (KiB) | margin (KiB) | prefetched for other pages (KiB) |',
);
console.log('| --- | ---: | --- | ---: | ---: | ---: | ---: |');
for (const row of weights.rows) {
  const margin = row.budget.kib - row.own / KIB;
  console.log(
    `| ${row.budget.label} | ${row.pages} | ${row.route} | ${kib(row.own)} | ${row.budget.kib} | ${margin.toFixed(1)}${margin < 0 ? ' OVER' : ''} | ${kib(row.prefetch)} |`,
  );
}
console.log(
  '\n| Lighthouse 12, mobile (median of 5) | performance (lowest-highest) | TBT (ms) | LCP (ms) | accessibility | best practices | SEO |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const {route, scores, performanceRange, totalBlockingTime, largestContentfulPaint} of lighthouse) {
  console.log(
    `| ${route} | ${scores.performance} (${performanceRange.join('-')}) | ${totalBlockingTime.toFixed(0)} | ${largestContentfulPaint.toFixed(0)} | ${scores.accessibility} | ${scores['best-practices']} | ${scores.seo} |`,
  );
}
console.log('\nEach page against `/` in the same run (within 3 points, TBT at most 1.5 times):\n');
console.log(quickAsHomeTable(lighthouseRoutes, ['build'], [lighthouse]));
console.log('\n| measure | value | target |');
console.log('| --- | ---: | ---: |');
if (build) {
  console.log(`| cold production build (gen-api + build) | ${build.seconds.toFixed(1)} s | 60 s |`);
  console.log(
    `| peak memory of the build (process tree RSS) | ${(build.peakBytes / 2 ** 30).toFixed(2)} GiB | < 2 GB |`,
  );
}
const heaviestHtml = types.operation
  .map((route) => ({route, bytes: htmlGzipBytes(route)}))
  .sort((a, b) => b.bytes - a.bytes)[0];
if (!heaviestHtml) throw new Error('bench: the build has no operation page');
console.log(
  `| heaviest operation page HTML, gzip (${heaviestHtml.route}) | ${kib(heaviestHtml.bytes)} KiB | ${API_PAGE_HTML_BUDGET.kib} KiB |`,
);
console.log(
  `| client navigation between two operation pages, click to new h1 (median of ${weights.navigation.length}) | ${median(weights.navigation).toFixed(1)} ms | 100 ms |`,
);

// The local sandbox's start-up and throughput (tooling/bench-sandbox.mjs).
const {sandboxBench, sandboxTable} = await import('../tooling/bench-sandbox.mjs');
console.log(sandboxTable(await sandboxBench()));
