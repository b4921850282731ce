/**
 * Keyboard only: every visible control is reached with Tab and shows a focus ring; the code-sample
 * tabs, the API explorer and the search panel work without a pointer.
 */
import type {Page} from '@playwright/test';
import {test, expect, explorer, explorerAnswer, mockApi, pageHeading, sendButton} from './fixtures';
import {brand} from '../../config/brand';

/** The helpers tabThrough installs in the page. */
type KeyboardWindow = Window & {__kb?: {describe(el: Element): string; mark(el: Element): string}};

type Stop = {id: string; label: string; ring: boolean};

/**
 * Presses Tab from the top of the page until focus leaves the document or comes back to a control
 * already visited. Returns the stops and the visible controls that Tab never reached.
 */
async function tabThrough(page: Page, maxPresses = 400): Promise<{stops: Stop[]; unreached: string[]}> {
  await page.evaluate(() => {
    let n = 0;
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    const w = window as KeyboardWindow;
    w.__kb = {
      describe,
      mark(el: Element) {
        if (!el.hasAttribute('data-kb')) el.setAttribute('data-kb', String(n++));
        return el.getAttribute('data-kb')!;
      },
    };
    (document.activeElement as HTMLElement | null)?.blur();
  });
  const stops: Stop[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < maxPresses; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const w = window as KeyboardWindow;
      const style = getComputedStyle(el);
      const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1) || style.boxShadow !== 'none';
      return {id: w.__kb!.mark(el), label: w.__kb!.describe(el), ring};
    });
    if (!stop || seen.has(stop.id)) break;
    seen.add(stop.id);
    stops.push(stop);
  }
  // The controls are listed after the walk: hydration re-mounts some (code blocks, tabs), and
  // elements listed before it would be stale. They are listed with the page back at its top: the
  // back-to-top button shows only after the reader scrolls up, which the walk may have done last
  // (focus moving from the page's end into the sticky code column), and hides at the top. It
  // follows scroll events, and under load the walk's last one may still be on its way: this waits
  // for the scroll event of the move to the top and the frames that draw what it decided.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const settled = () => requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
        if (window.scrollY === 0) return settled();
        window.addEventListener('scroll', settled, {once: true});
        window.scrollTo(0, 0);
      }),
  );
  await expect(page.locator('.theme-back-to-top-button')).toBeHidden();
  const unreached = await page.evaluate(() => {
    const w = window as KeyboardWindow;
    const selector = [
      'a[href]',
      'button:not([disabled])',
      'input:not([disabled]):not([type=hidden])',
      'select:not([disabled])',
      'textarea:not([disabled])',
      'summary',
      '[tabindex]:not([tabindex="-1"])',
      '[contenteditable]:not([contenteditable="false"])',
    ].join(',');
    return Array.from(document.querySelectorAll(selector))
      .filter(
        (el) =>
          (el as HTMLElement).tabIndex >= 0 &&
          el.checkVisibility({visibilityProperty: true} as CheckVisibilityOptions) &&
          !el.closest('[inert], [aria-hidden="true"]') &&
          !el.hasAttribute('data-kb'),
      )
      .map((el) => w.__kb!.describe(el));
  });
  return {stops, unreached};
}

/** Presses Tab until the focused element matches, failing after maxPresses. */
async function tabTo(page: Page, matches: string, maxPresses = 250) {
  for (let i = 0; i < maxPresses; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, matches)) return;
  }
  throw new Error(`Tab never reached ${matches}`);
}

/**
 * Opens an operation page, enters <main> by the skip link, Tabs to "Try it", opens the explorer
 * with Enter, and checks focus moved into the explorer.
 */
async function openExplorerByKeyboard(page: Page, route: string) {
  await page.goto(route);
  await expect(pageHeading(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.keyboard.press('Tab'); // skip link
  await page.keyboard.press('Enter'); // to <main>
  await tabTo(page, 'button.kestrel-try-it');
  await expect(page.locator(':focus')).toHaveText('Try it');
  await page.keyboard.press('Enter');
  await expect(explorer(page)).toBeFocused();
  await expect(sendButton(page)).toBeEnabled();
}

/**
 * Waits for hydration: our AnnouncementBar wrapper marks <html> from an effect once the layout has
 * mounted; two frames later the re-renders that follow it (code blocks, tabs) are done.
 */
async function hydrated(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-announcement-bar-initially-dismissed', 'false');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

test.describe.configure({timeout: 90_000});

for (const route of ['/webhooks/signature-verification', '/api/issue-invoice']) {
  test(`${route}: Tab reaches every visible control, each with a focus ring`, async ({page, problems}) => {
    await page.goto(route);
    await expect(pageHeading(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
    await hydrated(page);
    const {stops, unreached} = await tabThrough(page);
    expect(stops.length).toBeGreaterThan(20);
    expect(stops[0]!.label).toContain('Skip to main content');
    expect(unreached, 'visible controls Tab never reached').toEqual([]);
    expect(
      stops.filter((s) => !s.ring).map((s) => s.label),
      'focused controls without a ring',
    ).toEqual([]);
    void problems;
  });
}

test('code-sample tabs: Arrow keys move along the languages and Enter picks one', async ({page, problems}) => {
  await page.goto('/api/get-invoices');
  await expect(pageHeading(page)).toBeVisible();
  const curl = page.getByRole('tab', {name: 'cURL', exact: true});
  await expect(curl).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Tab'); // skip link
  await page.keyboard.press('Enter'); // to <main>
  await tabTo(page, '.api-samples [role="tab"]');
  await expect(curl).toBeFocused();
  await page.keyboard.press('ArrowRight');
  const nodejs = page.getByRole('tab', {name: 'Node.js', exact: true});
  await expect(nodejs).toBeFocused();
  await page.keyboard.press('ArrowRight');
  const python = page.getByRole('tab', {name: 'Python', exact: true});
  await expect(python).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(python).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.api-samples pre').filter({hasText: 'import'}).first()).toBeVisible();
  // ArrowLeft from the first tab wraps to the last.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', {name: 'C#', exact: true})).toBeFocused();
  void problems;
});

test('explorer: fill a path parameter and the token, send the request and read the answer, by keyboard', async ({
  page,
  problems,
}) => {
  // The explorer checks an invoice id is a UUID before sending.
  const invoiceId = '6f1d2c3b-4a59-4e8f-9b7a-0c1d2e3f4a5b';
  const sent = await mockApi(page, brand.api.production, 200, {id: invoiceId, status: 'UNPAID'});
  await openExplorerByKeyboard(page, '/api/find-invoice-by-id');
  await tabTo(page, 'input[type="password"]');
  await page.keyboard.type('sk_test_keyboard');
  await tabTo(page, 'input[name="invoiceId"]');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(invoiceId);
  await tabTo(page, 'button[type="submit"]');
  await expect(page.locator(':focus')).toHaveText('Send request');
  await page.keyboard.press('Enter');
  await expect(explorerAnswer(page).body).toContainText(`"id": "${invoiceId}"`);
  expect(sent.map((r) => ({url: r.url(), auth: r.headers().authorization}))).toEqual([
    {url: `https://api.kestrel.example/v1/invoices/${invoiceId}`, auth: 'Bearer sk_test_keyboard'},
  ]);
  void problems;
});

test('explorer: edit the request body and send it, by keyboard', async ({page, problems}) => {
  const sent = await mockApi(page, brand.api.production, 201, {id: 'inv_body'});
  await openExplorerByKeyboard(page, '/api/issue-invoice');
  const editor = explorer(page).getByLabel(/^Request body/);
  await tabTo(page, 'textarea', 20);
  await expect(editor).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('{"amount": {"amount": "12.50", "currency": "USD"}, "description": "by keyboard"');
  // Tab leaves the editor (no keyboard trap); Shift+Tab comes back and it is still editable.
  await page.keyboard.press('Tab');
  await expect(editor).not.toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(editor).toBeFocused();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('}');
  await tabTo(page, 'button[type="submit"]', 20);
  await page.keyboard.press('Enter');
  await expect(explorerAnswer(page).body).toContainText('"id": "inv_body"');
  expect(sent).toHaveLength(1);
  expect(JSON.parse(sent[0]!.postData() ?? '')).toMatchObject({description: 'by keyboard'});
  void problems;
});

test('search panel: open with Enter, type, pick a result with the arrows, Escape closes', async ({
  page,
  problems,
  baseURL,
}) => {
  await page.goto('/rate-limits/');
  await expect(pageHeading(page)).toBeVisible();
  await tabTo(page, '.aa-DetachedSearchButton', 30);
  await page.keyboard.press('Enter');
  const input = page.locator('.aa-DetachedFormContainer input');
  await expect(input).toBeFocused();
  await page.keyboard.type('signature');
  // Each result's option is its link (packages/kestrel-search/theme/SearchBar/panelAria.ts).
  const items = page.locator('.aa-Item [role="option"]');
  await expect(items.first()).toBeVisible();
  // The first result is active; ArrowDown moves to the second.
  await expect(items.first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowUp');
  const firstHref = await items.first().getAttribute('href');
  await page.keyboard.press('Enter');
  await expect(page.locator('.aa-DetachedContainer')).toHaveCount(0);
  await expect(page).toHaveURL(`${baseURL}${firstHref}`);

  // Reopen, then Escape closes the panel and gives focus back to the page.
  await page.locator('.aa-DetachedSearchButton').focus();
  await page.keyboard.press('Enter');
  await expect(input).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.locator('.aa-DetachedContainer')).toHaveCount(0);
  void problems;
});
