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
 * `tablesOnPage` is what the browser test of tables on a phone asserts on, page by page.
 */
// tablesOnPage and showEveryTable run in the browser page, and read its globals.
/* global document, window, getComputedStyle, Node */
import {readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {withServedBuild} from './page-weight.mjs';

/** The phone the figures are for: a 390 px wide screen (an iPhone 12 to 15). */
export const PHONE = {width: 390, height: 844};

/** The tallest row a reader can take in at once on that phone, in CSS pixels. */
export const TALLEST_ROW = 600;

/**
 * Runs in the page (self-contained: Playwright serialises it). Every table of the page, measured
 * as laid out now.
 * @returns {{
 *   index: number, heading: string, stacked: boolean, visible: boolean, columns: number,
 *   scrolls: boolean, scrollWidth: number, clientWidth: number, tallestRow: number,
 *   firstTwoColumnsRight: number, visibleRight: number,
 * }[]}
 */
export function tablesOnPage() {
  /** The table's own box, or the nearest ancestor that scrolls sideways and overflows. */
  const scroller = (table) => {
    if (table.scrollWidth > table.clientWidth + 1) return table;
    for (let el = table.parentElement; el && el !== document.body; el = el.parentElement) {
      const overflow = getComputedStyle(el).overflowX;
      if ((overflow === 'auto' || overflow === 'scroll') && el.scrollWidth > el.clientWidth + 1) return el;
    }
    return null;
  };
  const headingBefore = (table) => {
    const headings = Array.from(document.querySelectorAll('article h2, article h3, article h4, main h1'));
    const before = headings.filter((h) => h.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING);
    return (
      before
        .at(-1)
        ?.textContent?.replace(/#$/, '')
        .replace(/\u200b/g, '')
        .trim() ?? ''
    );
  };
  return Array.from(document.querySelectorAll('table')).map((table, index) => {
    const scrolling = scroller(table);
    const rows = Array.from(table.rows);
    const firstRow = rows[0];
    const cells = firstRow ? Array.from(firstRow.cells) : [];
    const box = table.getBoundingClientRect();
    const second = cells[Math.min(1, cells.length - 1)];
    return {
      index,
      heading: headingBefore(table),
      stacked: table.hasAttribute('data-stacked'),
      visible: table.checkVisibility(),
      columns: cells.length,
      scrolls: scrolling !== null,
      scrollWidth: scrolling ? scrolling.scrollWidth : table.scrollWidth,
      clientWidth: scrolling ? scrolling.clientWidth : table.clientWidth,
      tallestRow: Math.max(0, ...rows.map((row) => Math.round(row.getBoundingClientRect().height))),
      // Where the second column ends, and where the part of the table a reader sees ends.
      firstTwoColumnsRight: second ? Math.round(second.getBoundingClientRect().right) : 0,
      visibleRight: Math.round(Math.min(window.innerWidth, box.left + table.clientWidth)),
    };
  });
}

/**
 * Runs in the page: shows every tab panel and opens every disclosure that is not inside a table,
 * so every table is laid out; a fold inside a table stays as a reader first sees it.
 */
export function showEveryTable() {
  for (const details of Array.from(document.querySelectorAll('details')))
    if (!details.closest('table')) details.open = true;
  for (const panel of Array.from(document.querySelectorAll('[role="tabpanel"][hidden]'))) panel.hidden = false;
}

/** Every page the build's sitemap lists. */
function sitemapRoutes() {
  const sitemap = readFileSync('build/sitemap.xml', 'utf8');
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
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
