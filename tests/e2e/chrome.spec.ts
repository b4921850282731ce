import {test, expect, pageHeading} from './fixtures';
import {brand} from '../../config/brand';

test('navbar: Docs, API Reference, Status in a new tab, and the search box', async ({page, problems, baseURL}) => {
  await page.goto('/webhooks/overview');
  const navbar = page.locator('nav.navbar');
  const docs = navbar.getByRole('link', {name: 'Docs', exact: true});
  await expect(docs).toHaveAttribute('href', '/');
  const apiRef = navbar.getByRole('link', {name: 'API Reference'});
  await expect(apiRef).toHaveAttribute('href', '/api/');
  const status = navbar.getByRole('link', {name: /^Status/});
  await expect(status).toHaveAttribute('href', brand.statusPage);
  await expect(status).toHaveAttribute('target', '_blank');
  await expect(status).toHaveAttribute('rel', /noopener/);
  await expect(navbar.locator('.aa-DetachedSearchButton, .aa-Autocomplete').first()).toBeVisible();

  await apiRef.click();
  await expect(page).toHaveURL(`${baseURL}/api/`);
  await expect(pageHeading(page)).toHaveText('Kestrel API reference');
  await navbar.getByRole('link', {name: 'Docs', exact: true}).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(pageHeading(page)).toHaveText('Kestrel API introduction');
  void problems;
});

test('footer: legal pages, support mail, social, blog post and this year', async ({page, problems}) => {
  await page.goto('/');
  const footer = page.locator('footer');
  const expected: [string | RegExp, string][] = [
    ['API Terms', brand.legal.apiTerms],
    ['Merchant Terms', brand.legal.merchantTerms],
    ['Privacy', brand.legal.privacy],
    ['Support', `mailto:${brand.supportEmail}`],
    [brand.social.label, brand.social.href],
    [brand.blogPost.label, brand.blogPost.href],
  ];
  for (const [name, href] of expected) {
    await expect(footer.getByRole('link', {name})).toHaveAttribute('href', href);
  }
  for (const link of await footer.locator('a[href^="https://"]').all()) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
  }
  await expect(footer).toContainText(`Copyright © ${new Date().getFullYear()} ${brand.name}`);
  void problems;
});

test('dark theme by default, with no colour-mode switch', async ({page, problems}) => {
  // The browser prefers light; the site must still be dark.
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('button', {name: /dark and light mode|light mode|dark mode/i})).toHaveCount(0);
  await expect(page.locator('[class*="colorModeToggle"]')).toHaveCount(0);
  const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  expect(background).toBe('rgb(15, 23, 42)');
  void problems;
});

test('the first Tab stop is the skip link, and it moves focus to the content', async ({page, problems}) => {
  await page.goto('/rate-limits/');
  await page.keyboard.press('Tab');
  const focused = page.locator(':focus');
  await expect(focused).toHaveText('Skip to main content');
  await expect(focused).toBeVisible();
  await page.keyboard.press('Enter');
  // The skip link moves the focus navigation point to <main>: the next Tab lands inside the
  // content, past the navbar and the sidebar.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
  expect(
    await page.evaluate(() => Boolean(document.activeElement?.closest('nav.navbar, nav[aria-label="Docs sidebar"]'))),
  ).toBe(false);
  void problems;
});

test('the table of contents holds h2 and h3 only', async ({page, problems}) => {
  await page.goto('/webhooks/signature-verification');
  const article = page.locator('article');
  const h4Count = await article.locator('h4[id]').count();
  expect(h4Count, 'the page has h4 headings to leave out').toBeGreaterThan(0);
  const tocHrefs = await page
    .locator('.table-of-contents a')
    .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).hash.slice(1)));
  expect(tocHrefs.length).toBeGreaterThan(2);
  const levels = await page.evaluate(
    (ids) => ids.map((id) => document.getElementById(decodeURIComponent(id))?.tagName),
    tocHrefs,
  );
  expect(new Set(levels)).toEqual(new Set(['H2', 'H3']));
  void problems;
});

test.describe('announcement bar', () => {
  test('dismissal survives a reload', async ({page, problems}) => {
    await page.goto('/');
    const bar = page.locator('[class*="announcementBar"]').first();
    await expect(bar).toContainText('sandbox now simulates');
    await bar.getByRole('button', {name: 'Close'}).click();
    await expect(bar).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.dismiss'))).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.id'))).toBe(brand.announcement.id);
    await page.reload();
    await expect(pageHeading(page)).toBeVisible();
    await expect(page.locator('[class*="announcementBar"]')).toHaveCount(0);
    void problems;
  });

  test('a new bar id brings the bar back and resets the dismissal', async ({page, problems}) => {
    // A reader who dismissed an earlier bar (another id) visits after the id changed.
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('docusaurus.announcement.id', 'an-older-announcement');
        localStorage.setItem('docusaurus.announcement.dismiss', 'true');
        sessionStorage.setItem('seeded', '1');
      }
    });
    await page.goto('/');
    await expect(page.locator('[class*="announcementBar"]').first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.dismiss'))).toBe('false');
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.id'))).toBe(brand.announcement.id);
    void problems;
  });
});
