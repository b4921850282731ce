/**
 * The local search as a person uses it (spec 2.4, 4, 5, 7, 8, 9): the navbar search box, its
 * detached panel, results, errors and keyboard. The expected result order comes from the search
 * plugin's own client code run in Node on the same build (tests/search-client.ts).
 */
import type {Page, Request} from '@playwright/test';
import {test, expect, type Problems} from './fixtures';
import {loadPluginSearch} from '../search-client';

const INDEX_FILES = ['/search-index-default.json', '/search-index-docs-default-current.json', '/search-index-docs-api-current.json'];
const INDEX_URL = /\/search-index-[\w-]+\.json$/;

const searchButton = (page: Page) => page.locator('.aa-DetachedSearchButton');
const overlay = (page: Page) => page.locator('.aa-DetachedOverlay');
const input = (page: Page) => overlay(page).locator('input.aa-Input');
const items = (page: Page) => overlay(page).locator('.aa-Item');
const hrefs = (page: Page) => items(page).locator('a.aa-ItemLink').evaluateAll((links) => links.map((a) => a.getAttribute('href')));

async function openPanel(page: Page) {
  await searchButton(page).click();
  await expect(overlay(page)).toBeVisible();
  await expect(input(page)).toBeFocused();
}

async function search(page: Page, query: string) {
  await openPanel(page);
  await input(page).fill(query);
}

/** The browser reports a failed index request itself (a console line, a failed request); the page shows nothing. */
function allowIndexFailures(problems: Problems) {
  problems.allow(/\/search-index-[\w-]+\.json/);
}

const pluginSearch = loadPluginSearch();
const expectedRoutes = async (query: string) => (await pluginSearch.search(query)).map((h) => h.document.sectionRoute);

test.describe('search box and panel', () => {
  for (const viewport of [
    {width: 1280, height: 800},
    {width: 390, height: 800},
  ]) {
    test(`shows "Search..." and opens the detached panel with Clear, Cancel and Submit (${viewport.width} px)`, async ({page, problems}) => {
      await page.setViewportSize(viewport);
      await page.goto('/webhooks/overview');
      await expect(searchButton(page)).toBeVisible();
      await expect(searchButton(page)).toContainText('Search...');
      await openPanel(page);
      await expect(page.locator('body')).toHaveClass(/\baa-Detached\b/);
      await expect(input(page)).toHaveAttribute('placeholder', 'Search...');
      await expect(overlay(page).locator('.aa-ClearButton')).toHaveAttribute('title', 'Clear');
      await expect(overlay(page).locator('.aa-DetachedCancelButton')).toHaveText('Cancel');
      await expect(overlay(page).locator('.aa-SubmitButton')).toHaveAttribute('title', 'Submit');
      await overlay(page).locator('.aa-DetachedCancelButton').click();
      await expect(overlay(page)).toHaveCount(0);
      expect(problems.consoleErrors).toEqual([]);
    });
  }

  test('fetches the three index files, each once, however fast the person types', async ({page, problems}) => {
    const requests: string[] = [];
    page.on('request', (req: Request) => {
      if (INDEX_URL.test(new URL(req.url()).pathname)) requests.push(new URL(req.url()).pathname);
    });
    // Slow answers keep every keystroke inside the first load.
    await page.route(INDEX_URL, async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await page.goto('/');
    await openPanel(page);
    await input(page).pressSequentially('webhook signature', {delay: 10});
    await expect(items(page).first()).toBeVisible();
    await input(page).pressSequentially(' rotate', {delay: 10});
    await expect(items(page).first()).toBeVisible();
    expect(requests.sort()).toEqual([...INDEX_FILES].sort());
    expect(problems.failedRequests).toEqual([]);
  });

  test('shows at most 8 results, the first one active, best score first', async ({page, problems}) => {
    await page.goto('/rate-limits/');
    for (const query of ['payment', 'rotate your secret', 'idempotency key']) {
      await search(page, query);
      const expected = await expectedRoutes(query);
      await expect.poll(() => hrefs(page)).toEqual(expected);
      expect(expected.length).toBeLessThanOrEqual(8);
      await expect(items(page).first()).toHaveAttribute('aria-selected', 'true');
      for (const other of await items(page).all().then((all) => all.slice(1))) {
        await expect(other).toHaveAttribute('aria-selected', 'false');
      }
      await page.keyboard.press('Escape');
    }
    await search(page, 'payment');
    await expect(items(page)).toHaveCount(8);
    expect(problems.consoleErrors).toEqual([]);
  });

  test('results link to section routes with an optional #anchor', async ({page, problems}) => {
    await page.goto('/');
    await search(page, 'webhook');
    await expect(items(page).first()).toBeVisible();
    for (const href of await hrefs(page)) {
      expect(href).toMatch(/^\/(?:[a-z0-9-]+\/?)*(?:#[a-z0-9-]+)?$/);
    }
    expect(problems.consoleErrors).toEqual([]);
  });

  test('arrows move the active result; Enter opens its section', async ({page, problems}) => {
    await page.goto('/sandbox/');
    await search(page, 'rotate secret');
    const [first, second] = await expectedRoutes('rotate secret');
    expect(first).toBe('/webhooks/signature-verification#rotate-your-secret');
    await expect(items(page).first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(items(page).nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(items(page).first()).toHaveAttribute('aria-selected', 'false');
    await expect(input(page)).toHaveAttribute('aria-activedescendant', (await items(page).nth(1).getAttribute('id'))!);
    await page.keyboard.press('ArrowUp');
    await expect(items(page).first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(first!);
    await expect(overlay(page)).toHaveCount(0);
    await expect(page.locator('h2#rotate-your-secret')).toBeInViewport();
    // A click opens a result too.
    await search(page, 'rotate secret');
    await items(page).nth(1).click();
    await expect(page).toHaveURL(second!);
    expect(problems.consoleErrors).toEqual([]);
  });

  test('matches whole words and the beginnings of words', async ({page, problems}) => {
    await page.goto('/');
    await search(page, 'pkce');
    await expect(items(page).first().locator('a')).toHaveAttribute('href', /^\/kestrel-oauth-connect\//);
    // "idempot" is no word of the docs, only the beginning of "idempotency".
    await input(page).fill('idempot');
    await expect(items(page).filter({hasText: /Idempotency/})).not.toHaveCount(0);
    await input(page).fill('signatu');
    await expect.poll(() => hrefs(page)).toContainEqual(expect.stringMatching(/^\/webhooks\/signature-verification/));
    expect(problems.consoleErrors).toEqual([]);
  });

  test('a sidebar category name finds the pages under that category', async ({page, problems}) => {
    await page.goto('/');
    await search(page, 'walkthroughs');
    await expect(items(page)).toHaveCount(8);
    for (const href of await hrefs(page)) expect(href).toMatch(/^\/walkthrough\//);
    expect(problems.consoleErrors).toEqual([]);
  });

  test('says "No results found." when nothing matches', async ({page, problems}) => {
    await page.goto('/');
    await search(page, 'zzqxv');
    await expect(overlay(page)).toContainText('No results found.');
    await expect(items(page)).toHaveCount(0);
    expect(problems.consoleErrors).toEqual([]);
  });
});

test.describe('index load failures (spec 7, 8)', () => {
  for (const [name, fail] of [
    ['answers 500', (route: any) => route.fulfill({status: 500, body: 'Internal Server Error'})],
    ['is aborted', (route: any) => route.abort('failed')],
  ] as const) {
    test(`an index that ${name} counts as empty: "No results found." and no error`, async ({page, problems}) => {
      allowIndexFailures(problems);
      const pageErrors: string[] = [];
      page.on('pageerror', (e) => pageErrors.push(e.message));
      await page.route(INDEX_URL, fail);
      await page.goto('/webhooks/overview');
      await search(page, 'webhook');
      await expect(overlay(page)).toContainText('No results found.');
      await expect(overlay(page)).not.toContainText(/error|failed/i);
      await expect(page.locator('main')).not.toContainText(/This page crashed|Retry/);
      expect(pageErrors).toEqual([]);
    });
  }

  test('one failing index leaves the others searchable', async ({page, problems}) => {
    allowIndexFailures(problems);
    await page.route('**/search-index-docs-api-current.json', (route) => route.fulfill({status: 500, body: ''}));
    await page.goto('/');
    await search(page, 'webhook');
    await expect(items(page).first()).toBeVisible();
    for (const href of await hrefs(page)) expect(href).not.toMatch(/^\/api\//);
  });
});

test('a slow index shows the spinner 300 ms after the keystroke, until the results come', async ({page, problems}) => {
  await page.route(INDEX_URL, async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.goto('/');
  await openPanel(page);
  const spinner = overlay(page).locator('.aa-LoadingIndicator');
  await expect(spinner).toBeHidden();
  // Times taken in the page: the input event, then the moment the spinner shows.
  await page.evaluate(() => {
    const w = window as any;
    w.__search = {};
    const indicator = document.querySelector('.aa-DetachedOverlay .aa-LoadingIndicator') as HTMLElement;
    document.querySelector('.aa-DetachedOverlay input')!.addEventListener('input', () => (w.__search.input ??= performance.now()));
    new MutationObserver(() => {
      if (!indicator.hidden) w.__search.spinner ??= performance.now();
    }).observe(indicator, {attributes: true});
  });
  await page.keyboard.type('w');
  await expect(spinner).toBeVisible();
  const {input: typed, spinner: shown} = await page.evaluate(() => (window as any).__search);
  expect(shown - typed).toBeGreaterThanOrEqual(299);
  expect(shown - typed).toBeLessThan(1500);
  await expect(items(page).first()).toBeVisible({timeout: 10_000});
  await expect(spinner).toBeHidden();
  expect(problems.consoleErrors).toEqual([]);
});

test('2,000 pasted characters keep the first 512', async ({page, context, problems}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  const text = 'webhook '.repeat(250);
  expect(text).toHaveLength(2000);
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await openPanel(page);
  await page.keyboard.press('ControlOrMeta+V');
  await expect(input(page)).toHaveValue(text.slice(0, 512));
  await expect(input(page)).toHaveAttribute('maxlength', '512');
  await expect(items(page).first()).toBeVisible();
  expect(problems.consoleErrors).toEqual([]);
});

test('a query holding HTML shows as text and runs nothing', async ({page, problems}) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto('/');
  const query = `<img src=x onerror="window.__pwned=1;alert(1)"><script>window.__pwned=2</script><b>webhook</b>`;
  await openPanel(page);
  await input(page).pressSequentially(query);
  await expect(input(page)).toHaveValue(query);
  await expect(overlay(page).locator('.aa-Item, .aa-SourceNoResults, .aa-ItemContent').first()).toBeVisible();
  await expect(overlay(page).locator('img, script, b')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(overlay(page)).toHaveCount(0);
  await expect(page.locator('.aa-DetachedSearchButtonQuery')).toHaveText(query);
  await expect(page.locator('.aa-DetachedSearchButton img, .aa-DetachedSearchButton script')).toHaveCount(0);
  expect(await page.evaluate(() => (window as any).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(problems.consoleErrors).toEqual([]);
});

test.describe('keyboard', () => {
  for (const route of ['/', '/webhooks/signature-verification', '/api/find-invoice-by-id']) {
    test(`Ctrl+K, Cmd+K and "/" open the panel on ${route}`, async ({page, problems}) => {
      await page.goto(route);
      // The plugin draws its button once the page is interactive; the API pages take longest.
      await expect(searchButton(page)).toBeVisible({timeout: 15_000});
      for (const key of ['Control+k', 'Meta+k', '/']) {
        await page.keyboard.press(key);
        await expect(overlay(page), key).toBeVisible();
        await expect(input(page), key).toBeFocused();
        await expect(input(page), key).toHaveValue('');
        await page.keyboard.press('Escape');
        await expect(overlay(page), key).toHaveCount(0);
      }
      expect(problems.consoleErrors).toEqual([]);
    });
  }

  test('the keys type as usual while the person types into a field', async ({page, problems}) => {
    await page.goto('/api/find-invoice-by-id');
    const field = page.locator('main input[placeholder^="The ID of the invoice"]');
    await field.fill('');
    await page.keyboard.type('a/b');
    await expect(field).toHaveValue('a/b');
    await page.keyboard.press('Control+k');
    await expect(overlay(page)).toHaveCount(0);
    await expect(field).toBeFocused();
    expect(problems.consoleErrors).toEqual([]);
  });

  test('Escape closes the panel and returns focus to where it was', async ({page, problems}) => {
    await page.goto('/webhooks/overview');
    const link = page.locator('article a[href="/webhooks/failure-recovery"]').first();
    await link.focus();
    // With results showing.
    await page.keyboard.press('Control+k');
    await expect(input(page)).toBeFocused();
    await page.keyboard.type('retry');
    await expect(items(page).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(overlay(page)).toHaveCount(0);
    await expect(link).toBeFocused();
    // On an empty query, where autocomplete-js alone keeps the panel open.
    await page.keyboard.press('/');
    await expect(input(page)).toBeFocused();
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Escape');
    await expect(overlay(page)).toHaveCount(0);
    await expect(link).toBeFocused();
    // Opened with the search button: focus returns to the button.
    await searchButton(page).click();
    await page.keyboard.press('Escape');
    await expect(overlay(page)).toHaveCount(0);
    await expect(searchButton(page)).toBeFocused();
    expect(problems.consoleErrors).toEqual([]);
  });
});
