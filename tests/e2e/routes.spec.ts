import {test, expect, allowNotFoundDocument, pageHeading} from './fixtures';

// Every guide shows its title, the guide sidebar and its own entry as the current one in
// page-visit.spec.ts's one visit per page.

test('/api/ answers with the API overview', async ({page, problems}) => {
  const response = await page.goto('/api/');
  expect(response?.status()).toBe(200);
  await expect(pageHeading(page)).toHaveText('Kestrel API reference');
  await expect(page.getByText('https://api.sandbox.kestrel.example/v1').first()).toBeVisible();
  void problems;
});

test.describe('not-found page', () => {
  for (const path of ['/no-such-page', '/webhooks/nope', '/api/no-such-operation', '/walkthrough/']) {
    test(`${path} shows the not-found page`, async ({page, problems, baseURL}) => {
      allowNotFoundDocument(problems, `${baseURL}${path}`);
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', {level: 1})).toHaveText('Page Not Found');
      await expect(page.getByText('To get lost is to learn the way. The way back home.')).toBeVisible();
      await expect(page).toHaveTitle(/^Page Not Found/);
      const home = page.getByRole('link', {name: 'Take Me Home'});
      await expect(home).toHaveAttribute('href', '/');
      await home.click();
      await expect(page).toHaveURL(`${baseURL}/`);
      await expect(pageHeading(page)).toHaveText('Kestrel API introduction');
    });
  }
});

test.describe('trailing .html and index.html are stripped', () => {
  const cases = [
    ['/rate-limits/index.html', '/rate-limits/', 'Rate limits'],
    ['/walkthrough/example-apps.html', '/walkthrough/example-apps', 'Example apps'],
    ['/index.html', '/', 'Kestrel API introduction'],
  ] as const;
  for (const [requested, shown, heading] of cases) {
    test(`${requested} shows ${shown}`, async ({page, problems, baseURL}) => {
      const response = await page.goto(requested);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(`${baseURL}${shown}`);
      await expect(pageHeading(page)).toHaveText(heading);
      void problems;
    });
  }
});
