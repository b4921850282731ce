/**
 * The tables of one page on a phone (390 px): no table row is taller than 600 px; a reference
 * table (`data-stacked`: the error catalogue, the webhook retry schedule, the sandbox's test
 * inputs, the idempotency outcomes) does not scroll sideways; a prose table that scrolls keeps its
 * first two columns on screen; and the pages whose sources wrap reference tables draw each as
 * entries (a lost marker fails rather than passing as "no reference table").
 */
import {execFileSync} from 'node:child_process';
import type {Page} from '@playwright/test';
import {expect} from '../fixtures';
import {PHONE, TALLEST_ROW, showEveryTable, tablesOnPage} from '../../../tooling/phone-table-measures.mjs';

export {PHONE};

/** The guide pages whose source wraps reference tables, by route. */
const SOURCES: Record<string, string> = {
  '/': 'docs/introduction.md',
  '/sandbox/': 'docs/sandbox.md',
  '/walkthrough/walkthroughs-overview': 'docs/walkthrough/walkthroughs-overview.md',
};

/**
 * Each source with its rendered parts put in, as the build reads it. The parts are rendered from
 * the definition model, an ES module that Playwright's CommonJS loader cannot import, so one Node
 * process of its own (with tsx, for the extensionless imports the bundler resolves) renders them
 * all, the first time a check asks: not when a worker loads the spec.
 */
let expanded: Record<string, string> | undefined;
function expandedSources(): Record<string, string> {
  const script = [
    "import {readFileSync} from 'node:fs';",
    "import {expandPartials} from './plugins/rendered-partials/partials.ts';",
    `const files = ${JSON.stringify(Object.values(SOURCES))};`,
    "process.stdout.write(JSON.stringify(Object.fromEntries(files.map((f) => [f, expandPartials(readFileSync(f, 'utf8'), f)]))));",
  ].join('\n');
  expanded ??= JSON.parse(
    execFileSync(process.execPath, ['--import', 'tsx/esm', '--input-type=module', '--eval', script], {
      encoding: 'utf8',
    }),
  ) as Record<string, string>;
  return expanded;
}

/**
 * The reference tables a page must draw as entries: those its source wraps in <ReferenceTable>
 * (folded or not, its rendered parts included), or its components draw; undefined for a page
 * without a count to check.
 */
export function expectedReferenceTables(route: string): number | undefined {
  // The error catalogue, the webhook retry schedule and the releases' support window.
  if (route === '/api/introduction') return 3;
  const file = SOURCES[route];
  if (!file) return undefined;
  return expandedSources()[file]!.match(/^<ReferenceTable(?: [^>]*)?>$/gm)?.length ?? 0;
}

/**
 * The check of one page at 390 px, on a page already open at that width. It opens the page's tab
 * panels and the disclosures outside tables so that every table is measured: call it last in a
 * visit. Returns how many reference tables the page has.
 */
export async function expectTablesReadOnAPhone(page: Page, route: string): Promise<number> {
  expect(page.viewportSize()?.width, 'the check is for a phone').toBe(PHONE.width);
  await page.evaluate(showEveryTable);
  const tables = await page.evaluate(tablesOnPage);
  for (const table of tables) {
    const name = `${route}: table ${table.index + 1} (under "${table.heading}")`;
    expect(table.tallestRow, `${name}: its tallest row`).toBeLessThanOrEqual(TALLEST_ROW);
    if (table.stacked) {
      expect(table.scrollWidth, `${name}, a reference table: its scroll width`).toBeLessThanOrEqual(
        table.clientWidth + 1,
      );
    } else if (table.columns > 1) {
      expect(table.firstTwoColumnsRight, `${name}: where its second column ends`).toBeLessThanOrEqual(
        table.visibleRight + 1,
      );
    }
  }
  return tables.filter((table) => table.stacked && table.visible).length;
}
