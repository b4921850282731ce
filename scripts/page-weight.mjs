#!/usr/bin/env node
/**
 * Prints the JavaScript a first visit to each route loads, own and prefetched for other pages
 * (tooling/page-weight.mjs), against build/ served on a free port:
 *
 *   node scripts/page-weight.mjs [route ...]    (default: each budget's sample route, bench/budgets.mjs)
 */
import {BUDGETS, KIB, ownBytes, prefetchBytes} from '../bench/budgets.mjs';
import {scriptsOfFirstVisit, withServedBuild} from '../tooling/page-weight.mjs';

const routes = process.argv.slice(2).length ? process.argv.slice(2) : Object.values(BUDGETS).map((b) => b.sample);
try {
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
} catch (error) {
  console.error(error);
  process.exit(1);
}
