/**
 * What a build made with KESTREL_LOCAL_SANDBOX=1 (the one `npm start` serves) adds to the public
 * one, and the local sandbox from the explorer as a reader uses it: choose "Local sandbox" under
 * Base URL, enter a token, send, and read the answer on the page. playwright.config.ts runs this
 * folder against that build and starts the sandbox (`node sandbox/cli.ts`).
 */
import type {Page} from '@playwright/test';
import {test, expect, cspDirectives, editServer, openExplorer, pageHeading} from '../fixtures';
import {brand} from '../../../config/brand';
import {LOCAL_SANDBOX_ORIGIN, LOCAL_SANDBOX_SERVER} from '../../../scripts/local-sandbox.mjs';

// Real requests to the sandbox on this machine; every other origin stays blocked by the fixture.
test.use({reachableOrigins: [LOCAL_SANDBOX_ORIGIN]});

test('the explorer offers the local sandbox after production and sandbox', async ({page, problems}) => {
  await page.goto('/api/get-invoices');
  await openExplorer(page);
  const select = await editServer(page);
  await expect(select.locator('option')).toHaveText([
    brand.api.production,
    brand.api.sandbox,
    LOCAL_SANDBOX_SERVER.url,
  ]);
  void problems;
});

test('the CSP lets pages connect to the local sandbox origin, and to no other loopback origin', async ({request}) => {
  const connect =
    cspDirectives((await request.get('/')).headers()['content-security-policy'] ?? '').get('connect-src') ?? [];
  expect(connect).toContain(LOCAL_SANDBOX_ORIGIN);
  expect(connect.filter((source) => /127\.0\.0\.1|localhost/.test(source))).toEqual([LOCAL_SANDBOX_ORIGIN]);
});

/** Opens an operation page, opens its explorer ("Try it") and points it at the local sandbox with a token. */
async function useLocalSandbox(page: Page, route: string) {
  await page.goto(route);
  await expect(pageHeading(page)).toBeVisible();
  await openExplorer(page);
  const select = await editServer(page);
  await select.selectOption(LOCAL_SANDBOX_SERVER.url);
  await expect(page.locator('pre code').filter({hasText: 'curl'}).first()).toContainText(LOCAL_SANDBOX_SERVER.url);
  const token = page.getByPlaceholder('Bearer Token').first();
  if (!(await token.isVisible())) await page.locator('summary', {hasText: 'Authorization'}).click();
  await token.fill('local-test-token');
}

/** The answer panel: the status tab and the body the explorer shows. */
function answer(page: Page) {
  return {
    status: page.locator('.openapi-response__dot').first(),
    body: page.locator('.openapi-response__status-code').first(),
  };
}

test('get invoices on the local sandbox: the invoice issued just before, with its id, appears on the page', async ({
  page,
  problems,
}) => {
  // The sandbox keeps state: an invoice issued outside the browser is in the list the explorer gets.
  const issued = await fetch(`${LOCAL_SANDBOX_SERVER.url}/invoices`, {
    method: 'POST',
    headers: {
      Authorization: 'Bearer local-test-token',
      'Content-Type': 'application/json',
      'Idempotency-Key': crypto.randomUUID(),
    },
    body: JSON.stringify({amount: {amount: '42.00', currency: 'USD'}, description: 'Issued by the browser test'}),
  });
  expect(issued.status).toBe(201);
  const invoice = (await issued.json()) as {id: string};
  await useLocalSandbox(page, '/api/get-invoices');
  const sent = page.waitForRequest(
    (r) => r.url().startsWith(`${LOCAL_SANDBOX_SERVER.url}/invoices`) && r.method() === 'GET',
  );
  await page.getByRole('button', {name: 'Send API Request'}).click();
  expect((await sent).headers()['authorization']).toBe('Bearer local-test-token');
  const {status, body} = answer(page);
  await expect(status).toHaveText('200');
  // The page of invoices as the explorer pretty-prints it, newest first.
  await expect(body).toContainText(`"id": "${invoice.id}"`);
  await expect(body).toContainText('"description": "Issued by the browser test"');
  await expect(body).toContainText('"status": "UNPAID"');
  await expect(body).toContainText('"count": ');
  void problems;
});

test('issue invoice with a broken body: the 422 problem naming the field appears on the page', async ({
  page,
  problems,
}) => {
  // The browser logs every 4xx answer to a fetch as a console error; this one is the point.
  problems.allow(/status of 422 \(Unprocessable (Entity|Content)\) @ http:\/\/127\.0\.0\.1:4010\/v1\/invoices$/);
  await useLocalSandbox(page, '/api/issue-invoice');
  const editor = page.locator('.openapi-explorer__playground-editor').first();
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  // Typed key by key: the editor updates the request on key events, not on inserted text.
  await page.keyboard.type('{"amount": {"amount": "ten", "currency": "USD"}, "expiresInSeconds": 300}');
  await expect(page.locator('pre code').filter({hasText: 'curl'}).first()).toContainText('"ten"');
  await page.getByRole('button', {name: 'Send API Request'}).click();
  const {status, body} = answer(page);
  await expect(status).toHaveText('422');
  await expect(body).toContainText('"code": "VALIDATION_FAILED"');
  await expect(body).toContainText('"amount.amount"');
  await expect(body).toContainText('"instance": "/v1/invoices"');
  void problems;
});
