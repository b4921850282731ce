/**
 * Bad input from a reader or a crafted link: an oversized query, markup and script in the query
 * or the URL, and odd paths. Nothing runs, nothing crashes, unknown paths get the not-found page.
 */
import {test, expect, domSettled, pageHeading, allowNotFoundDocument} from './fixtures';

/** Set only if an injected script ran. */
type ProbedWindow = Window & {__injected?: unknown};

const INJECTED = `<img src=x onerror="window.__injected=1"><script>window.__injected=2</script>`;

test('a 2,000-character paste into the search box keeps 512 characters', async ({page, context, problems}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/rate-limits/');
  await expect(pageHeading(page)).toBeVisible();
  await page.locator('.aa-DetachedSearchButton').click();
  const input = page.locator('.aa-DetachedFormContainer input');
  await expect(input).toBeFocused();
  const pasted = 'webhook '.repeat(250);
  expect(pasted).toHaveLength(2000);
  await page.evaluate((text) => navigator.clipboard.writeText(text), pasted);
  await page.keyboard.press('ControlOrMeta+V');
  await expect(input).toHaveValue(pasted.slice(0, 512));
  // Typing on does not grow it either.
  await page.keyboard.type('more');
  expect((await input.inputValue()).length).toBe(512);
  void problems;
});

test('markup and script typed into search show as text and never run', async ({page, problems}) => {
  await page.goto('/webhooks/overview');
  await expect(pageHeading(page)).toBeVisible();
  await page.locator('.aa-DetachedSearchButton').click();
  const input = page.locator('.aa-DetachedFormContainer input');
  for (const query of [INJECTED, `webhook ${INJECTED}`, `"><svg onload="window.__injected=3">`]) {
    await input.fill(query);
    await expect(input).toHaveValue(query);
    await expect(page.locator('.aa-SourceNoResults, .aa-Item').first()).toBeVisible();
  }
  await page.keyboard.press('Enter');
  await domSettled(page);
  expect(await page.evaluate(() => (window as ProbedWindow).__injected)).toBeUndefined();
  expect(await page.locator('img[src="x"], svg[onload]').count()).toBe(0);
  void problems;
});

test('markup and script in the URL hash and query string never run', async ({page, problems}) => {
  for (const suffix of [
    `#${encodeURIComponent(INJECTED)}`,
    `#${INJECTED}`,
    `#"><img src=x onerror=window.__injected=4>`,
    `?q=${encodeURIComponent(INJECTED)}#section`,
    `?highlight=${encodeURIComponent(INJECTED)}`,
  ]) {
    await page.goto(`/webhooks/overview${suffix}`);
    await expect(pageHeading(page)).toHaveText('Webhooks overview');
    await domSettled(page);
    expect(await page.evaluate(() => (window as ProbedWindow).__injected), suffix).toBeUndefined();
    expect(await page.locator('img[src="x"]').count(), suffix).toBe(0);
  }
  // A client-side navigation with the same hash.
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, INJECTED);
  await domSettled(page);
  expect(await page.evaluate(() => (window as ProbedWindow).__injected)).toBeUndefined();
  void problems;
});

test.describe('odd paths show the not-found page', () => {
  const paths = [
    '/%3Cscript%3Ealert(1)%3C/script%3E',
    '/%3Cimg%20src=x%20onerror=window.__injected=5%3E',
    '/..%2f..%2fetc/passwd',
    '/api/..%2f..%2f..%2fetc%2fpasswd',
    `/${'a'.repeat(4000)}`,
    '/api/%E2%9C%93',
    '/api/%F0%9F%A6%85-kestrel',
    '/webhooks/%00',
  ];
  for (const path of paths) {
    test(`${path.length > 60 ? `${path.slice(0, 40)}... (${path.length} characters)` : path}`, async ({
      page,
      problems,
      baseURL,
    }) => {
      allowNotFoundDocument(problems, `${baseURL}${path}`);
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', {level: 1})).toHaveText('Page Not Found');
      await expect(page.getByRole('link', {name: 'Take Me Home'})).toHaveAttribute('href', '/');
      expect(await page.evaluate(() => (window as ProbedWindow).__injected)).toBeUndefined();
      expect(
        await page.locator('script:not([src])').evaluateAll((s) => s.map((e) => e.textContent).join('')),
      ).not.toContain('alert(1)');
    });
  }
});
