/**
 * Faults a reader's browser or network can throw at the portal, beyond those of
 * runtime.spec.ts: a broken search index, full or garbled browser storage, going offline.
 */
import type {Page, Route} from '@playwright/test';
import {test, expect, pageHeading} from './fixtures';
import {INDEX_STALL_MS} from '../../packages/kestrel-search/theme/SearchBar/indexTimeout';

/** Set only if a stored value ran as a script. */
type ProbedWindow = Window & {__storageXss?: unknown};

const SEARCH_INDEX = '**/search-index-*.json';

async function search(page: Page, query: string) {
  await page.locator('.aa-DetachedSearchButton').click();
  const input = page.locator('.aa-DetachedFormContainer input');
  await expect(input).toBeFocused();
  await input.fill(query);
}

test.describe('search index faults: the reader sees "No results found." and nothing breaks', () => {
  test.describe.configure({timeout: 60_000});
  const faults: [string, (route: Route) => Promise<void>, RegExp][] = [
    [
      'answers 500',
      (route) => route.fulfill({status: 500, body: 'Internal Server Error'}),
      /status of 500 .*@ \S+\/search-index-|search-index-\S+ HTTP 500/,
    ],
    [
      'times out (aborted after 3 s)',
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 3000));
        await route.abort('timedout');
      },
      /ERR_TIMED_OUT @ \S+\/search-index-|search-index-\S+ net::ERR_TIMED_OUT/,
    ],
    [
      'holds broken JSON',
      (route) =>
        route.fulfill({status: 200, contentType: 'application/json', body: '{"documents": [{"id": 1, "title": '}),
      /^$/,
    ],
  ];
  for (const [name, answer, expected] of faults) {
    test(`the index ${name}`, async ({page, problems}) => {
      problems.allow(expected);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.route(SEARCH_INDEX, answer);
      await page.goto('/webhooks/overview');
      await expect(pageHeading(page)).toBeVisible();
      await search(page, 'webhook');
      await expect(page.getByText('No results found.')).toBeVisible({timeout: 15_000});
      await expect(page.locator('.aa-Item')).toHaveCount(0);
      // The panel still works: Cancel closes it, and the page navigates.
      await page.getByRole('button', {name: 'Cancel'}).click();
      await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', {name: 'Sandbox'}).click();
      await expect(pageHeading(page)).toHaveText('Sandbox');
      expect(errors).toEqual([]);
    });
  }

  test('the index never answers: the spinner, then "No results found." after the timeout, no error', async ({
    page,
    problems,
  }) => {
    test.setTimeout(INDEX_STALL_MS + 45_000);
    // Requests left unanswered. The search box aborts them after INDEX_STALL_MS without data
    // (packages/kestrel-search/theme/SearchBar/indexTimeout.ts); an abort the page makes itself is no failed request.
    await page.route(SEARCH_INDEX, () => {});
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/webhooks/overview');
    await expect(pageHeading(page)).toBeVisible();
    await search(page, 'webhook');
    const typed = Date.now();
    const spinner = page.locator('.aa-DetachedOverlay .aa-LoadingIndicator');
    await expect(spinner).toBeVisible();
    await expect(page.getByText('No results found.')).toBeVisible({timeout: INDEX_STALL_MS + 10_000});
    expect(Date.now() - typed).toBeGreaterThanOrEqual(INDEX_STALL_MS - 1000);
    await expect(spinner).toBeHidden();
    await expect(page.locator('.aa-Item')).toHaveCount(0);
    await page.getByRole('button', {name: 'Cancel'}).click();
    await expect(page.locator('.aa-DetachedContainer')).toHaveCount(0);
    await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', {name: 'Sandbox'}).click();
    await expect(pageHeading(page)).toHaveText('Sandbox');
    expect(errors).toEqual([]);
    void problems;
  });
});

/** Pages that read or write storage: theme, announcement, docs versions, tabs, code samples. */
const STORAGE_PAGES = ['/', '/webhooks/signature-verification', '/api/', '/api/get-invoices'];

test.describe('browser storage faults', () => {
  // Four page loads each, two of them API pages: slow on a busy 2-core machine.
  test.describe.configure({timeout: 90_000});
  test('localStorage full: every write fails with QuotaExceededError; pages work and the failure is logged', async ({
    page,
    problems,
  }) => {
    await page.addInitScript(() => {
      const realSetItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
        if (this === window.localStorage) {
          throw new DOMException(`Failed to set '${key}': the quota has been exceeded.`, 'QuotaExceededError');
        }
        return realSetItem.call(this, key, value);
      };
    });
    const logged: string[] = [];
    page.on('console', (m) => logged.push(`${m.type()}: ${m.text()}`));
    // A storage read or write error is logged in the console (Docusaurus logs it as an error).
    problems.allow(/Docusaurus storage error, can't set/);
    for (const route of STORAGE_PAGES) {
      await page.goto(route);
      await expect(pageHeading(page)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    }
    // Writes the reader triggers: a code-sample language, dismissing the announcement.
    const python = page.getByRole('tab', {name: 'Python', exact: true});
    await python.click();
    await expect(python).toHaveAttribute('aria-selected', 'true');
    await page.locator('[class*="announcementBar"]').first().getByRole('button', {name: 'Close'}).click();
    await expect(page.locator('[class*="announcementBar"]')).toHaveCount(0);
    await page
      .locator('nav[aria-label="Docs sidebar"]')
      .getByRole('link', {name: 'Issue invoice', exact: true})
      .click();
    await expect(pageHeading(page)).toHaveText('Issue invoice');
    expect(logged.some((l) => /storage error, can't set .*QuotaExceededError|storage error, can't set/.test(l))).toBe(
      true,
    );
  });

  test('localStorage holding garbage: pages work, the bad values are discarded or ignored', async ({
    page,
    problems,
  }) => {
    await page.addInitScript(() => {
      if (sessionStorage.getItem('seeded')) return;
      localStorage.setItem('theme', 'purple');
      localStorage.setItem('docusaurus.tab.code-samples', '{"not": "a language"');
      localStorage.setItem('docs-preferred-version-default', 'v99-does-not-exist');
      localStorage.setItem('docs-preferred-version-api', '<img src=x onerror="window.__storageXss=1">');
      localStorage.setItem('docusaurus.announcement.dismiss', 'maybe');
      localStorage.setItem('docusaurus.announcement.id', '{{}}');
      sessionStorage.setItem('seeded', '1');
    });
    for (const route of STORAGE_PAGES) {
      await page.goto(route);
      await expect(pageHeading(page)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    }
    // The code samples fall back to the first language.
    await expect(page.getByRole('tab', {name: 'cURL', exact: true})).toHaveAttribute('aria-selected', 'true');
    const stored = await page.evaluate(() => ({
      theme: localStorage.getItem('theme'),
      versionDefault: localStorage.getItem('docs-preferred-version-default'),
      versionApi: localStorage.getItem('docs-preferred-version-api'),
      xss: (window as ProbedWindow).__storageXss,
    }));
    // No colour-mode switch: a stored theme is discarded. An unknown docs version is discarded.
    expect(stored).toEqual({theme: null, versionDefault: null, versionApi: null, xss: undefined});
    // A tab choice still works and is stored over the garbage.
    await page.getByRole('tab', {name: 'Go', exact: true}).click();
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.tab.code-samples'))).toBe('go');
    void problems;
  });
});

test('offline after the first load: pages already visited still open by client-side navigation', async ({
  page,
  context,
  problems,
}) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await expect(pageHeading(page)).toHaveText('Kestrel API introduction');
  const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
  await sidebar.getByRole('link', {name: 'Sandbox'}).click();
  await expect(pageHeading(page)).toHaveText('Sandbox');
  await sidebar.getByRole('link', {name: 'Rate limits'}).click();
  await expect(pageHeading(page)).toHaveText('Rate limits');
  await page.waitForLoadState('networkidle');

  await context.setOffline(true);
  // Prefetches of links to unvisited pages fail while offline: that is the network, not a defect.
  problems.allow(/ERR_INTERNET_DISCONNECTED/);
  await sidebar.getByRole('link', {name: 'Sandbox'}).click();
  await expect(pageHeading(page)).toHaveText('Sandbox');
  await sidebar.getByRole('link', {name: 'Introduction'}).first().click();
  await expect(pageHeading(page)).toHaveText('Kestrel API introduction');
  await page.goBack();
  await expect(pageHeading(page)).toHaveText('Sandbox');
  await page.goBack();
  await expect(pageHeading(page)).toHaveText('Rate limits');
  await context.setOffline(false);
});
