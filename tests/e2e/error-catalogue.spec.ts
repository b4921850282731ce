/**
 * The error catalogue on /api/introduction, as a reader sees it once the page has hydrated: a row
 * for every code of the definition's `ErrorCode` with its status and retry advice in words, and
 * an operation page's error code that takes the reader to its row.
 */
import {readFileSync} from 'node:fs';
import {RETRY_WORDS, type RetryAdvice} from '../../config/retry-advice';
import {test, expect, ERROR_CATALOGUE_COLUMNS} from './fixtures';

type Entry = {status: number; retry: RetryAdvice};
const errorCode = JSON.parse(readFileSync('build/openapi.json', 'utf8')).components.schemas.ErrorCode as {
  enum: string[];
  'x-error-catalogue': Record<string, Entry>;
};

test('the catalogue shows every code of ErrorCode with its status and retry advice', async ({page, problems}) => {
  await page.goto('/api/introduction');
  const table = page.locator('table.error-catalogue');
  await expect(table.getByRole('columnheader')).toHaveText(ERROR_CATALOGUE_COLUMNS);
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(errorCode.enum.length);
  expect(errorCode.enum.length).toBeGreaterThan(0);
  await expect(rows.getByRole('rowheader')).toHaveText(errorCode.enum);
  for (const code of errorCode.enum) {
    const row = page.locator(`tr[id="error-${code}"]`);
    const cells = row.getByRole('cell');
    const {status, retry} = errorCode['x-error-catalogue'][code]!;
    await expect(cells.nth(0), code).toHaveText(String(status));
    await expect(cells.nth(2), code).toHaveText(RETRY_WORDS[retry]);
    await expect(cells.nth(1), code).not.toBeEmpty();
    await expect(cells.nth(3), code).not.toBeEmpty();
    await expect(cells.nth(4), code).not.toBeEmpty();
  }
  await expect(page.locator('tr[id="error-UNAUTHORIZED"]').getByRole('cell').nth(4)).toHaveText('Every operation');
  void problems;
});

test("an operation page's error code leads to its row, whose operations lead back", async ({page, problems}) => {
  await page.goto('/api/find-invoice-by-id');
  const link = page.locator('.api-response', {has: page.locator('[id="response-404"]')}).getByRole('link', {
    name: 'INVOICE_NOT_FOUND',
  });
  await link.click();
  await expect(page).toHaveURL(/\/api\/introduction#error-INVOICE_NOT_FOUND$/);
  const row = page.locator('tr[id="error-INVOICE_NOT_FOUND"]');
  await expect(row).toBeInViewport();
  await row.getByRole('link', {name: 'Cancel unpaid invoice'}).click();
  await expect(page).toHaveURL(/\/api\/cancel-unpaid-invoice$/);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Cancel unpaid invoice');
  void problems;
});

test('the Markdown twin of /api/introduction carries a row per code with its status', async ({request}) => {
  const response = await request.get('/api/introduction.md');
  expect(response.status()).toBe(200);
  const twin = await response.text();
  const rows = twin.split('\n').filter((line) => /^\| `[A-Z_]+` \|/.test(line));
  expect(rows.map((row) => /^\| `([A-Z_]+)`/.exec(row)![1])).toEqual(errorCode.enum);
  for (const [i, code] of errorCode.enum.entries()) {
    const {status, retry} = errorCode['x-error-catalogue'][code]!;
    expect(rows[i]).toContain(`| \`${code}\` | ${status} |`);
    expect(rows[i]).toContain(`| ${RETRY_WORDS[retry]} |`);
  }
});
