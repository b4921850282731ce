/**
 * Operation and webhook pages are rendered on the server: with JavaScript off (a crawler, a
 * reader who turned it off) every parameter, top-level body field, response code and code sample
 * of the definition is on the page, with no loading skeleton; with JavaScript on, the page hydrates
 * on that markup without a hydration error and without removing any of it.
 */
import {test as base, type Page} from '@playwright/test';
import {test, expect} from './fixtures';
import {expectedPages, type ExpectedPage} from '../api-page-contents';

const PAGES = expectedPages();
const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Texts of the `strong` names in the page's left column (parameters and schema fields). */
async function namesShown(page: Page): Promise<Set<string>> {
  const texts = await page.locator('.openapi-left-panel__container strong').allTextContents();
  return new Set(texts.map((t) => t.trim()));
}

async function checkStaticPage(page: Page, expected: ExpectedPage): Promise<void> {
  const {route} = expected;
  // Parameters: each under the heading of its location, with its type and whether it is required.
  for (const param of expected.parameters) {
    const section = page
      .locator('details')
      .filter({has: page.locator('summary h3', {hasText: `${capitalized(param.in)} Parameters`})});
    const item = section
      .locator('.openapi-params__list-item')
      .filter({has: page.locator('strong', {hasText: new RegExp(`^${escaped(param.name)}$`)})});
    await expect(item, `${route}: ${param.in} parameter ${param.name}`).toHaveCount(1);
    if (param.type)
      await expect(item.locator('.openapi-schema__type').first(), `${route}: type of ${param.name}`).toContainText(
        param.type,
      );
    await expect(item.locator('.openapi-schema__required'), `${route}: ${param.name} required`).toHaveCount(
      param.required ? 1 : 0,
    );
  }
  const names = await namesShown(page);
  for (const field of expected.bodyFields) expect(names.has(field), `${route}: body field ${field}`).toBe(true);
  // Responses: one tab per documented code (webhook pages document their receiver's answers).
  const codes = await page.locator('.openapi-tabs__response-code-item').allTextContents();
  expect(
    codes.map((c) => c.trim()),
    `${route}: response codes`,
  ).toEqual(expected.responseCodes);
  // Code samples: every language's text, chosen tab or not.
  const code = (await page.locator('.openapi-right-panel__container pre').allTextContents()).join('\n');
  for (const line of expected.sampleFirstLines) expect(code, `${route}: code sample starting ${line}`).toContain(line);
  await expect(page.locator('.openapi-skeleton'), `${route}: loading skeletons`).toHaveCount(0);
}

base.describe('API pages with JavaScript off', () => {
  base.use({javaScriptEnabled: false});
  for (const expected of PAGES) {
    base(`${expected.route} shows its parameters, body fields, responses and code samples`, async ({page, baseURL}) => {
      const failed: string[] = [];
      page.on('response', (res) => {
        if (res.url().startsWith(baseURL!) && res.status() >= 400) failed.push(`${res.url()} HTTP ${res.status()}`);
      });
      const response = await page.goto(expected.route);
      expect(response?.status()).toBe(200);
      await checkStaticPage(page, expected);
      expect(failed).toEqual([]);
    });
  }
});

/**
 * Records, from the first byte until the page has hydrated, every element removed from the
 * page's main content: hydration that keeps the server's markup removes none.
 */
async function recordRemovalsUntilHydrated(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as {removedDuringHydration: string[]}).removedDuringHydration = removed;
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'attributes') {
          if (document.documentElement.dataset.hasHydrated === 'true') observer.disconnect();
          continue;
        }
        if (document.documentElement.dataset.hasHydrated === 'true') return;
        if (!(record.target instanceof Element) || !record.target.closest('main')) continue;
        for (const node of Array.from(record.removedNodes)) {
          if (node instanceof HTMLElement) removed.push(`${node.tagName}.${node.classList[0] ?? ''}`);
        }
      }
    });
    observer.observe(document, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['data-has-hydrated'],
    });
  });
}

for (const expected of PAGES) {
  test(`${expected.route} hydrates on its server markup with no hydration error and nothing removed`, async ({
    page,
    problems,
  }) => {
    const hydrationErrors: string[] = [];
    page.on('console', (msg) => {
      if (/Minified React error #(418|423|425)|hydrat/i.test(msg.text())) hydrationErrors.push(msg.text());
    });
    await recordRemovalsUntilHydrated(page);
    const response = await page.goto(expected.route);
    const serverFields = (await response!.text()).match(/class="?openapi-schema__property\b/g)?.length ?? 0;
    expect(serverFields).toBeGreaterThan(0);
    // Every test navigation waits for data-has-hydrated (./fixtures.ts).
    expect(
      await page.evaluate(() => (window as unknown as {removedDuringHydration: string[]}).removedDuringHydration),
    ).toEqual([]);
    await expect(page.locator('.openapi-schema__property')).toHaveCount(serverFields);
    expect(hydrationErrors).toEqual([]);
    void problems;
  });
}
