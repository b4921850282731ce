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

/**
 * One page with JavaScript off per worker, each test opening its route in it. With no script
 * nothing is stored or left running from one route to the next, and a browser context (a new
 * renderer, cold caches) cost more than a whole static page's checks.
 */
const test = base.extend<object, {staticPage: Page}>({
  staticPage: [
    async ({browser}, use) => {
      const context = await browser.newContext({javaScriptEnabled: false});
      await use(await context.newPage());
      await context.close();
    },
    {scope: 'worker'},
  ],
});

type Shown = {
  /** Each field row by its id: the name it shows and whether it is marked required. */
  rows: Record<string, {name: string; required: boolean}>;
  /** How many elements carry each parameter's anchor inside the block of its location. */
  parameterCounts: number[];
  responseCodes: string[];
  /** The text of every code sample, chosen tab or not. */
  code: string;
};

/** What the static page shows, read in one pass: with JavaScript off it never changes. */
function readShown(page: Page, expected: ExpectedPage): Promise<Shown> {
  const parameters = expected.parameters.map((param) => ({
    group: expected.kind === 'webhook' ? '.api-delivery' : `.api-parameters__group--${param.in}`,
    anchor: param.anchor,
  }));
  return page.evaluate((parameters) => {
    const rows: Shown['rows'] = {};
    for (const li of Array.from(document.querySelectorAll('li.api-field'))) {
      rows[li.id] = {
        name: li.querySelector(':scope > .api-field__head strong')?.textContent?.trim() ?? '',
        required: li.querySelector(':scope > .api-field__head .api-field__required') !== null,
      };
    }
    return {
      rows,
      parameterCounts: parameters.map(
        ({group, anchor}) =>
          Array.from(document.querySelectorAll(group)).flatMap((block) =>
            Array.from(block.querySelectorAll(`[id="${CSS.escape(anchor)}"]`)),
          ).length,
      ),
      // Each heading ends with its link icon, a zero-width space.
      responseCodes: Array.from(document.querySelectorAll('.api-responses .api-response__status')).map((c) =>
        (c.textContent ?? '').replace(/\u200b/g, '').trim(),
      ),
      code: Array.from(document.querySelectorAll('.api-samples pre'))
        .map((pre) => pre.textContent)
        .join('\n'),
    };
  }, parameters);
}

function expectRows(route: string, what: string, expected: readonly ExpectedRow[], shown: Shown['rows']) {
  for (const row of expected) {
    expect(shown[row.anchor], `${route}: ${what} #${row.anchor}`).toEqual({name: row.name, required: row.required});
  }
}

function checkStaticPage(expected: ExpectedPage, shown: Shown): void {
  const {route} = expected;
  // Parameters: each under the heading of its location, with its name and required mark.
  expected.parameters.forEach((param, i) =>
    expect(shown.parameterCounts[i], `${route}: ${param.in} parameter ${param.name}`).toBe(1),
  );
  expectRows(route, 'parameter', expected.parameters, shown.rows);
  expectRows(route, 'body field', expected.bodyFields, shown.rows);
  expectRows(route, 'response header or field', expected.responseRows, shown.rows);
  // Responses: one block per documented status, 2xx first.
  expect(shown.responseCodes, `${route}: response codes`).toEqual(expected.responseCodes);
  // Code samples: every language's text, chosen tab or not.
  for (const line of expected.sampleFirstLines)
    expect(shown.code, `${route}: code sample starting ${line}`).toContain(line);
}

base('the pages tested are every operation and webhook page the build publishes', () => {
  const sitemap = readFileSync('build/sitemap.xml', 'utf8');
  const published = [...sitemap.matchAll(/<loc>[^<]*?(\/api\/[^<]+)<\/loc>/g)]
    .map((m) => m[1]!.replace(/\/$/, ''))
    .filter((route) => !(API_OVERVIEW_ROUTES as readonly string[]).includes(route) && route !== '/api');
  // PAGES is the model of the build's definition: its operations and webhook events, each once.
  expect(published.sort()).toEqual(PAGES.map((p) => p.route).sort());
});

test.describe('API pages with JavaScript off', () => {
  for (const expected of PAGES) {
    test(`${expected.route} shows every parameter, field at every depth, response and code sample`, async ({
      staticPage: page,
      baseURL,
    }) => {
      const failed: string[] = [];
      const onResponse = (res: import('@playwright/test').Response) => {
        if (res.url().startsWith(baseURL!) && res.status() >= 400) failed.push(`${res.url()} HTTP ${res.status()}`);
      };
      page.on('response', onResponse);
      try {
        const response = await page.goto(new URL(expected.route, baseURL).href);
        expect(response?.status()).toBe(200);
        // What the server sent, as it stands: the page never hydrated (its server markup says "false").
        expect(await page.evaluate(() => document.documentElement.dataset.hasHydrated)).toBe('false');
        checkStaticPage(expected, await readShown(page, expected));
        expect(failed).toEqual([]);
      } finally {
        page.off('response', onResponse);
      }
    });
  }
});
