/**
 * Operation and webhook pages are rendered on the server: with JavaScript off (a crawler, a
 * reader who turned it off) every parameter, every request and response field at every depth,
 * every status and every code sample of the definition is on the page. That with JavaScript on
 * the page hydrates on that markup, without a hydration error and without removing any of it, is
 * checked in page-visit.spec.ts's one visit per page.
 */
import {readFileSync} from 'node:fs';
import {test as base, expect, type Page} from '@playwright/test';
import {expectedPages, type ExpectedPage, type ExpectedRow} from '../api-page-contents';
import {API_OVERVIEW_ROUTES} from '../../config/routes';

const PAGES = expectedPages();

/** Each row of the page by its id: the name it shows and whether it is marked required. */
async function rowsShown(page: Page): Promise<Map<string, {name: string; required: boolean}>> {
  const rows = await page.locator('li.api-field').evaluateAll((items) =>
    items.map((li) => ({
      id: li.id,
      name: li.querySelector(':scope > .api-field__head strong')?.textContent?.trim() ?? '',
      required: li.querySelector(':scope > .api-field__head .api-field__required') !== null,
    })),
  );
  return new Map(rows.map(({id, ...shown}) => [id, shown]));
}

function expectRows(
  route: string,
  what: string,
  expected: readonly ExpectedRow[],
  shown: Map<string, {name: string; required: boolean}>,
) {
  for (const row of expected) {
    expect(shown.get(row.anchor), `${route}: ${what} #${row.anchor}`).toEqual({name: row.name, required: row.required});
  }
}

async function checkStaticPage(page: Page, expected: ExpectedPage): Promise<void> {
  const {route} = expected;
  const shown = await rowsShown(page);
  // Parameters: each under the heading of its location, with its name and required mark.
  for (const param of expected.parameters) {
    const group =
      expected.kind === 'webhook' ? page.locator('.api-delivery') : page.locator(`.api-parameters__group--${param.in}`);
    await expect(group.locator(`[id="${param.anchor}"]`), `${route}: ${param.in} parameter ${param.name}`).toHaveCount(
      1,
    );
  }
  expectRows(route, 'parameter', expected.parameters, shown);
  expectRows(route, 'body field', expected.bodyFields, shown);
  expectRows(route, 'response header or field', expected.responseRows, shown);
  // Responses: one block per documented status, 2xx first.
  const codes = await page.locator('.api-responses .api-response__status').allTextContents();
  expect(
    // Each heading ends with its link icon, a zero-width space.
    codes.map((c) => c.replace(/\u200b/g, '').trim()),
    `${route}: response codes`,
  ).toEqual(expected.responseCodes);
  // Code samples: every language's text, chosen tab or not.
  const code = (await page.locator('.api-samples pre').allTextContents()).join('\n');
  for (const line of expected.sampleFirstLines) expect(code, `${route}: code sample starting ${line}`).toContain(line);
}

base('the pages tested are every operation and webhook page the build publishes', () => {
  const sitemap = readFileSync('build/sitemap.xml', 'utf8');
  const published = [...sitemap.matchAll(/<loc>[^<]*?(\/api\/[^<]+)<\/loc>/g)]
    .map((m) => m[1]!.replace(/\/$/, ''))
    .filter((route) => !(API_OVERVIEW_ROUTES as readonly string[]).includes(route) && route !== '/api');
  expect(published.sort()).toEqual(PAGES.map((p) => p.route).sort());
  expect(PAGES.filter((p) => p.kind === 'operation')).toHaveLength(49);
  expect(PAGES.filter((p) => p.kind === 'webhook')).toHaveLength(8);
});

base.describe('API pages with JavaScript off', () => {
  base.use({javaScriptEnabled: false});
  for (const expected of PAGES) {
    base(
      `${expected.route} shows every parameter, field at every depth, response and code sample`,
      async ({page, baseURL}) => {
        const failed: string[] = [];
        page.on('response', (res) => {
          if (res.url().startsWith(baseURL!) && res.status() >= 400) failed.push(`${res.url()} HTTP ${res.status()}`);
        });
        const response = await page.goto(expected.route);
        expect(response?.status()).toBe(200);
        await checkStaticPage(page, expected);
        expect(failed).toEqual([]);
      },
    );
  }
});
