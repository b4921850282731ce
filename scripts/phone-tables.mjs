#!/usr/bin/env node
/**
 * How the tables of the build read on a phone: opens every page of the sitemap at 390 px (tab
 * panels and the disclosures outside tables opened, so that no table is left out) and prints one
 * line per table that scrolls sideways or has a row taller than 600 px, then the totals. A table
 * marked `data-stacked` (a reference table, drawn as stacked entries below the mobile breakpoint)
 * must do neither; a prose table may scroll, as long as its first two columns are on screen.
 *
 *   node scripts/phone-tables.mjs [route ...]    (serves build/ itself on a free port)
 *
 * The measures are tooling/phone-table-measures.mjs, which the browser test asserts on page by page.
 */
// The callback handed to page.waitForFunction runs in the browser page, and reads its globals.
/* global document */
import {readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {withServedBuild} from '../tooling/page-weight.mjs';
import {PHONE, TALLEST_ROW, showEveryTable, tablesOnPage} from '../tooling/phone-table-measures.mjs';

/** Every page the build's sitemap lists. */
function sitemapRoutes() {
  const sitemap = readFileSync('build/sitemap.xml', 'utf8');
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname);
}

async function main() {
  const routes = process.argv.slice(2).length ? process.argv.slice(2) : sitemapRoutes();
  const totals = {pages: 0, tables: 0, scrolling: 0, stackedScrolling: 0, tallRows: 0, hiddenTwoColumns: 0};
  await withServedBuild(async (browser, origin) => {
    const context = await browser.newContext({viewport: PHONE});
    await context.route(
      (url) => url.origin !== origin,
      (r) => r.abort('blockedbyclient'),
    );
    const page = await context.newPage();
    console.log(
      '| route | table (under heading) | kind | scroll / client width | tallest row | first two columns end / visible to |',
    );
    console.log('| --- | --- | --- | ---: | ---: | ---: |');
    for (const route of routes) {
      await page.goto(origin + route);
      await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
      await page.evaluate(showEveryTable);
      const tables = await page.evaluate(tablesOnPage);
      totals.pages += 1;
      for (const t of tables) {
        totals.tables += 1;
        const tall = t.tallestRow > TALLEST_ROW;
        const hidden = !t.stacked && t.columns > 1 && t.firstTwoColumnsRight > t.visibleRight + 1;
        if (t.scrolls) totals.scrolling += 1;
        if (t.scrolls && t.stacked) totals.stackedScrolling += 1;
        if (tall) totals.tallRows += 1;
        if (hidden) totals.hiddenTwoColumns += 1;
        if (t.scrolls || tall || hidden)
          console.log(
            `| ${route} | ${t.index + 1} (${t.heading}) | ${t.stacked ? 'reference' : 'prose'} | ${t.scrollWidth} / ${t.clientWidth} | ${t.tallestRow} | ${t.firstTwoColumnsRight} / ${t.visibleRight} |`,
          );
      }
    }
    await context.close();
  });
  console.log('');
  console.log(`| at ${PHONE.width} px | count |`);
  console.log('| --- | ---: |');
  console.log(`| pages | ${totals.pages} |`);
  console.log(`| tables | ${totals.tables} |`);
  console.log(`| tables that scroll sideways | ${totals.scrolling} |`);
  console.log(`| reference tables that scroll sideways | ${totals.stackedScrolling} |`);
  console.log(`| tables with a row taller than ${TALLEST_ROW} px | ${totals.tallRows} |`);
  console.log(`| prose tables whose first two columns are not all on screen | ${totals.hiddenTwoColumns} |`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
