/**
 * Byte budgets: the gzip JavaScript a first visit loads, in a fresh browser context, for
 * every page of each budgeted type: `/`, every guide (with or without a diagram), the API
 * introduction and every operation page; and the gzip HTML of every operation and webhook page.
 * Bytes are deterministic for a build, so they are asserted; timings are not (`npm run bench` prints them). What counts is in bench/budgets.mjs.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {test, expect, GUIDE_ROUTES} from './fixtures';
import {API_SLUGS} from '../../config/routes';
import {firstVisit, watchScripts} from '../../bench/script-weights.mjs';
import {
  API_PAGE_HTML_BUDGET,
  BUDGETS,
  KIB,
  builtPageHasDiagram,
  htmlGzipBytes,
  ownBytes,
} from '../../bench/budgets.mjs';
import {expectedPages} from '../api-page-contents';
import {mermaidBlocks} from '../../plugins/diagrams/diagrams-shared.mjs';

type Budget = (typeof BUDGETS)[keyof typeof BUDGETS];

/** Guides whose source holds a diagram: the page type is checked against the page, not assumed. */
function guideSourcesWithDiagrams(dir = 'docs'): number {
  return readdirSync(dir, {withFileTypes: true, recursive: true})
    .filter((entry) => entry.isFile() && /\.mdx?$/.test(entry.name))
    .filter((entry) => mermaidBlocks(readFileSync(path.join(entry.parentPath, entry.name), 'utf8')).length > 0).length;
}

async function expectWithin(page: import('@playwright/test').Page, baseURL: string, route: string, budget: Budget) {
  const scripts = watchScripts(page, new URL(baseURL).origin);
  await firstVisit(page, new URL(route, baseURL).href);
  const bytes = ownBytes(scripts());
  expect(
    bytes,
    `${route} (${budget.label}): ${(bytes / KIB).toFixed(1)} KiB of gzip JS, budget ${budget.kib} KiB`,
  ).toBeLessThanOrEqual(budget.kib * KIB);
}

test.describe('gzip JavaScript of a first visit stays within its budget', () => {
  test('the built guides with a diagram are the guides whose source has one', () => {
    expect(GUIDE_ROUTES.filter((route) => builtPageHasDiagram(route))).toHaveLength(guideSourcesWithDiagrams());
  });

  for (const route of GUIDE_ROUTES) {
    test(`guide ${route}`, async ({page, baseURL, problems}) => {
      const budget =
        route === '/' ? BUDGETS.home : builtPageHasDiagram(route) ? BUDGETS.guideWithDiagram : BUDGETS.guide;
      await expectWithin(page, baseURL!, route, budget);
      void problems;
    });
  }

  test('/api/introduction', async ({page, baseURL, problems}) => {
    await expectWithin(page, baseURL!, '/api/introduction', BUDGETS.apiIntroduction);
    void problems;
  });

  for (const slug of API_SLUGS) {
    test(`operation /api/${slug}`, async ({page, baseURL, problems}) => {
      await expectWithin(page, baseURL!, `/api/${slug}`, BUDGETS.operation);
      void problems;
    });
  }
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
