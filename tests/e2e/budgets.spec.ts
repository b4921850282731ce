/**
 * Byte budgets: the gzip HTML of every operation and webhook page, and what makes a guide "a guide
 * with a diagram" for its JavaScript budget. The gzip JavaScript a first visit loads, in a fresh
 * browser context, is checked against its budget in page-visit.spec.ts's one visit per page: `/`,
 * every guide (with or without a diagram), the API introduction and every operation page.
 * Bytes are deterministic for a build, so they are asserted; timings are not (`npm run bench` prints them). What counts is in bench/budgets.mjs.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {test, expect, GUIDE_ROUTES} from './fixtures';
import {API_PAGE_HTML_BUDGET, KIB, builtPageHasDiagram, htmlGzipBytes} from '../../bench/budgets.mjs';
import {expectedPages} from '../api-page-contents';
import {mermaidBlocks} from '../../plugins/diagrams/diagrams-shared.mjs';

/** Guides whose source holds a diagram: the page type is checked against the page, not assumed. */
function guideSourcesWithDiagrams(dir = 'docs'): number {
  return readdirSync(dir, {withFileTypes: true, recursive: true})
    .filter((entry) => entry.isFile() && /\.mdx?$/.test(entry.name))
    .filter((entry) => mermaidBlocks(readFileSync(path.join(entry.parentPath, entry.name), 'utf8')).length > 0).length;
}

test('the built guides with a diagram are the guides whose source has one', () => {
  expect(GUIDE_ROUTES.filter((route) => builtPageHasDiagram(route))).toHaveLength(guideSourcesWithDiagrams());
});

test.describe("an API page's HTML stays within its budget (gzip)", () => {
  for (const {route} of expectedPages()) {
    test(route, () => {
      const bytes = htmlGzipBytes(route);
      expect(
        bytes,
        `${route}: ${(bytes / KIB).toFixed(1)} KiB of gzip HTML, budget ${API_PAGE_HTML_BUDGET.kib} KiB`,
      ).toBeLessThanOrEqual(API_PAGE_HTML_BUDGET.kib * KIB);
    });
  }
});
