/**
 * Tables on a phone (390 px), as a reader sees them (every page's tables are measured in
 * page-visit.spec.ts's one visit per page, by page-checks/phone-tables.ts):
 * - on /api/introduction a code and its meaning are on screen together, and a long list of the
 *   operations that answer a code is folded behind its count and opens;
 * - a prose table's first column stays on screen while the others scroll past it;
 * - the sandbox's test inputs are folded behind their count per group, open on a tap, and the
 *   count is for the eye only: the page's Markdown twin reads the tables alone;
 * - each walkthrough to choose from is an entry, its name and what it builds on screen together,
 *   its operations folded behind their count until tapped;
 * - axe finds nothing on the pages with reference tables, drawn as entries (folds opened).
 * A desktop (1280 px) keeps the tables as they were: columns side by side, every operation listed
 * (an error code's, a walkthrough's), every test input shown with no fold to open.
 */
import type {Locator} from '@playwright/test';
import {test, expect, ERROR_CATALOGUE_COLUMNS} from './fixtures';
import {axeAudit} from './page-checks/axe';
import {PHONE} from '../../tooling/phone-table-measures.mjs';

const DESKTOP = {width: 1280, height: 900};

/** The element's box lies within the viewport's width. */
async function expectWithinWidth(locator: Locator, what: string): Promise<void> {
  const box = (await locator.boundingBox())!;
  expect(box, `${what} is laid out`).not.toBeNull();
  expect(box.x, `${what}: its left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: its right edge`).toBeLessThanOrEqual(PHONE.width);
}

test.describe('at 390 px', () => {
  test.use({viewport: PHONE});

  test('on /api/introduction a code and its meaning are on screen together', async ({page, problems}) => {
    await page.goto('/api/introduction');
    const row = page.locator('#error-INSUFFICIENT_FUNDS');
    const code = row.getByRole('rowheader');
    const meaning = row.getByRole('cell').nth(1);
    await row.scrollIntoViewIfNeeded();
    await expect(code).toHaveText('INSUFFICIENT_FUNDS');
    await expect(meaning).toContainText('available balance');
    for (const [cell, what] of [
      [code, 'the code'],
      [meaning, 'its meaning'],
    ] as const) {
      await expect(cell, `${what} is visible`).toBeVisible();
      await expect(cell, `${what} is on screen`).toBeInViewport({ratio: 1});
      await expectWithinWidth(cell, what);
    }
    // Each value is shown under its column's name.
    await expect(meaning).toHaveAccessibleName(/^Meaning: The available balance/);
    await expect(row.getByRole('cell').nth(3)).toHaveAccessibleName(/^What to do: /);
    await expect(code).toHaveAccessibleName('Code: INSUFFICIENT_FUNDS');
    void problems;
  });

  test('the operations that answer a code are folded behind their count, and open', async ({page, problems}) => {
    await page.goto('/api/introduction');
    const row = page.locator('#error-MALFORMED_REQUEST');
    const operations = row.locator('details a');
    const count = await operations.count();
    expect(count, 'a long list of operations').toBeGreaterThan(3);
    const summary = row.locator('summary');
    await summary.scrollIntoViewIfNeeded();
    await expect(summary).toHaveText(`Answered by ${count} operations`);
    await expect(summary).toBeInViewport({ratio: 1});
    await expect(operations.first()).toBeHidden();
    await summary.click();
    await expect(operations.first()).toBeVisible();
    await expect(operations.last()).toBeVisible();
    await expectWithinWidth(operations.last(), 'the last operation');
    // A short list is not folded.
    const short = page.locator('#error-INVOICE_NOT_FOUND');
    await expect(short.locator('details')).toHaveCount(0);
    await expect(short.getByRole('link').first()).toBeVisible();
    void problems;
  });

  test('a prose table keeps its first column on screen while the others scroll', async ({page, problems}) => {
    await page.goto('/webhooks/overview');
    const table = page.locator('table').first();
    const row = table.locator('tr', {has: page.getByRole('cell', {name: 'invoice.created', exact: true})});
    const firstCell = row.locator('td').first();
    const lastCell = row.locator('td').last();
    await row.scrollIntoViewIfNeeded();
    // Most of it: a collapsed border may fall a pixel outside the scroller.
    await expect(firstCell, 'the first column').toBeInViewport({ratio: 0.9});
    await expect(lastCell, 'the last column starts off screen').not.toBeInViewport();
    await table.evaluate((el) => el.scrollTo({left: el.scrollWidth}));
    await expect(lastCell, 'the last column, scrolled to').toBeInViewport({ratio: 1});
    await expect(firstCell, 'the first column, still there').toBeInViewport({ratio: 0.9});
    await expectWithinWidth(firstCell, 'the first column');
    void problems;
  });

  test("the sandbox's test inputs are folded behind their count, and open on a tap", async ({
    page,
    problems,
    request,
  }) => {
    await page.goto('/sandbox/');
    const folds = page.locator('details.reference-fold');
    await expect(folds).toHaveCount(12);
    // Each group's summary counts its entries; shut, the entries are out of sight.
    for (const fold of await folds.all()) {
      const rows = await fold.locator('table[data-stacked] > tbody > tr').count();
      expect(rows, 'a fold holds a list').toBeGreaterThan(1);
      await expect(fold.locator('summary')).toHaveText(`${rows} test inputs`);
      await expect(fold.locator('table')).toBeHidden();
    }
    // The Lightning group: its summary under its heading, then its entries once tapped.
    const fold = page.locator('h3#lightning-payments ~ details.reference-fold').first();
    const summary = fold.locator('summary');
    await summary.scrollIntoViewIfNeeded();
    await expect(summary).toBeInViewport({ratio: 1});
    await expectWithinWidth(summary, 'the summary');
    await summary.click();
    await expect(fold).toHaveAttribute('open', '');
    const entry = fold.locator('tbody > tr', {hasText: 'no route reaches'});
    await entry.scrollIntoViewIfNeeded();
    for (const [cell, what] of [
      [entry.locator('td').first(), 'the input'],
      [entry.locator('td').last(), 'what happens'],
    ] as const) {
      await expect(cell, `${what} is on screen`).toBeInViewport({ratio: 1});
      await expectWithinWidth(cell, what);
    }
    await expect(entry.locator('td').last()).toContainText('NO_ROUTE_FOUND');
    // The Markdown twin has the tables, and no count drawn for a phone.
    const twin = await (await request.get('/sandbox.md')).text();
    expect(twin).toContain('| A Lightning invoice that no route reaches |');
    expect(twin).not.toMatch(/\d+ test inputs/);
    void problems;
  });

  test('each walkthrough is an entry, its operations folded behind their count until tapped', async ({
    page,
    problems,
    request,
  }) => {
    await page.goto('/walkthrough/walkthroughs-overview');
    const table = page.locator('h2#choose-a-walkthrough ~ table[data-stacked]').first();
    const entries = table.locator('tbody > tr');
    await expect(entries).toHaveCount(6);
    const entry = entries.first();
    const name = entry.getByRole('link', {name: 'Receiving payments'});
    const builds = entry.locator('td[data-label="What you build"]');
    await entry.scrollIntoViewIfNeeded();
    for (const [cell, what] of [
      [name, 'the walkthrough'],
      [builds, 'what it builds'],
    ] as const) {
      await expect(cell, `${what} is on screen`).toBeInViewport({ratio: 1});
      await expectWithinWidth(cell, what);
    }
    const fold = entry.locator('details.reference-fold');
    const operations = fold.locator('a');
    await expect(operations).toHaveCount(6);
    await expect(fold.locator('summary')).toHaveText('6 operations');
    await expect(fold.locator('summary')).toBeInViewport({ratio: 1});
    // Shut, the operations are not drawn: the page does not fetch their pages ahead either.
    await expect(operations.first()).toBeHidden();
    const box = (await entry.boundingBox())!;
    expect(box.height, 'the whole entry fits the screen').toBeLessThanOrEqual(PHONE.height);
    await fold.locator('summary').click();
    await expect(operations.first()).toBeVisible();
    await expectWithinWidth(operations.last(), 'the last operation');
    // The example apps list no operation to fold.
    await expect(entries.last().locator('details')).toHaveCount(0);
    await expect(entries.last()).toContainText('The client behind all of them');
    // The twin lists the operations in their column, with no count.
    const twin = await (await request.get('/walkthrough/walkthroughs-overview.md')).text();
    expect(twin).toContain('| [Issue invoice](/api/issue-invoice.md), [issue quote for invoice]');
    expect(twin).not.toMatch(/\d+ operations/);
    void problems;
  });

  for (const route of ['/api/introduction', '/sandbox/', '/', '/walkthrough/walkthroughs-overview']) {
    test(`axe finds nothing on ${route} with its tables as entries`, async ({page, problems}) => {
      test.setTimeout(90_000);
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      // Folded entries opened as a reader opens them, so that axe reads them too.
      for (const summary of await page.locator('details.reference-fold > summary').all()) await summary.click();
      await expect(page.locator('details.reference-fold:not([open])')).toHaveCount(0);
      await expect(page.locator('table[data-stacked] > tbody > tr').first()).toHaveCSS('display', 'block');
      const results = await axeAudit(page).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
        [],
      );
      void problems;
    });
  }
});

test.describe('at 1280 px', () => {
  test.use({viewport: DESKTOP});

  test('the error catalogue is a table, every operation listed in its column', async ({page, problems}) => {
    await page.goto('/api/introduction');
    const table = page.locator('table.error-catalogue');
    await expect(table.locator('thead')).toBeVisible();
    await expect(table.getByRole('columnheader')).toHaveText(ERROR_CATALOGUE_COLUMNS);
    const row = page.locator('#error-MALFORMED_REQUEST');
    await expect(row).toHaveCSS('display', 'table-row');
    const code = (await row.getByRole('rowheader').boundingBox())!;
    const meaning = (await row.getByRole('cell').nth(1).boundingBox())!;
    expect(meaning.y, 'the meaning on the code’s line').toBeCloseTo(code.y, 0);
    expect(meaning.x, 'the meaning right of the code').toBeGreaterThan(code.x + code.width - 1);
    await expect(row.locator('summary')).toBeHidden();
    const operations = row.locator('details a');
    expect(await operations.count()).toBeGreaterThan(3);
    await row.scrollIntoViewIfNeeded();
    await expect(operations.first()).toBeVisible();
    await expect(operations.last()).toBeVisible();
    void problems;
  });

  test('the reference tables of the guides are tables, their headers shown', async ({page, problems}) => {
    for (const route of ['/', '/sandbox/']) {
      await page.goto(route);
      const table = page.locator('table[data-stacked]').first();
      await expect(table.locator('thead'), `${route}: the headers`).toBeVisible();
      await expect(table.locator('tbody > tr').first()).toHaveCSS('display', 'table-row');
    }
    // The sandbox's test inputs stand open, every group, with no fold to open.
    const folds = page.locator('details.reference-fold');
    await expect(folds).toHaveCount(12);
    for (const fold of await folds.all()) {
      await expect(fold.locator('summary')).toBeHidden();
      await fold.locator('table').scrollIntoViewIfNeeded();
      await expect(fold.locator('table tbody > tr').last()).toBeVisible();
    }
    // Every walkthrough's operations stand in their column, with no fold to open.
    await page.goto('/walkthrough/walkthroughs-overview');
    const walkthroughs = page.locator('table[data-stacked]').first();
    await expect(walkthroughs.getByRole('columnheader')).toHaveText([
      'Walkthrough',
      'What you build',
      'Operations',
      'Events',
    ]);
    const receiving = walkthroughs.locator('tbody > tr').first();
    await expect(receiving).toHaveCSS('display', 'table-row');
    await expect(receiving.locator('summary')).toBeHidden();
    await expect(receiving.getByRole('link', {name: 'Issue invoice', exact: true})).toBeVisible();
    await expect(receiving.getByRole('link', {name: 'get receives for receive request'})).toBeVisible();
    await page.goto('/sandbox/');
    const prose = page.locator('table:not([data-stacked])').first();
    await expect(prose.locator('td').first(), 'a prose table’s first column scrolls with it').toHaveCSS(
      'position',
      'static',
    );
    void problems;
  });
});
