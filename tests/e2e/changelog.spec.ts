/**
 * The changelog as a reader sees it once the page has hydrated, on a phone (390 px wide): the
 * releases newest first, breaking changes flagged, nothing wider than the screen; and an operation
 * page a recent release changed shows its "Changed in" note above the fold, whose link takes the
 * reader to the changelog entry.
 */
import {test, expect} from './fixtures';

test.use({viewport: {width: 390, height: 844}});

test('the changelog reads on a phone: releases newest first, breaking changes flagged, no sideways scroll', async ({
  page,
  problems,
}) => {
  await page.goto('/api/introduction');
  const releases = page.locator('section[data-release]');
  expect(await releases.count()).toBeGreaterThanOrEqual(2);
  await expect(releases.last().getByRole('heading', {level: 3})).toHaveText(/^1\.0\.0, \d+ \w+ \d{4}/);
  const newest = releases.first();
  await expect(newest.getByRole('heading', {level: 4}).first()).toHaveText(/^Breaking changes in /);
  const flagged = newest.locator('ul[data-severity="breaking"] > li').first();
  await flagged.scrollIntoViewIfNeeded();
  await expect(flagged.getByText('Breaking:', {exact: true})).toBeVisible();
  await expect(flagged.getByText('What to do:', {exact: true})).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  void problems;
});

test('a changed operation page says so near its top and links the changelog entry', async ({page, problems}) => {
  await page.goto('/api/find-payout-by-id');
  const note = page.getByRole('note', {name: 'Recent changes'});
  await expect(note).toBeVisible();
  await expect(note).toContainText(/PayoutStatus \(status of the 200 answer of findPayoutById .*\) gained EXPIRED/);
  expect((await note.boundingBox())!.y).toBeLessThan(844);
  await note.getByRole('link', {name: 'Changed in 2.0.0 (breaking)'}).click();
  await expect(page).toHaveURL(/\/api\/introduction#change-2\.0\.0-/);
  const id = decodeURIComponent(new URL(page.url()).hash.slice(1));
  const entry = page.locator(`li[id="${id}"]`);
  await expect(entry).toBeInViewport();
  await expect(entry).toContainText(/PayoutStatus \(status of .*\) gained EXPIRED/);
  await expect(entry).toContainText('What to do:');
  void problems;
});
