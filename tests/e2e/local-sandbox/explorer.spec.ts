/**
 * What a build made with KESTREL_LOCAL_SANDBOX=1 (the one `npm start` serves) adds to the public
 * one, and the "Try it" explorer against the local sandbox end to end, as a reader uses it: choose
 * "Local sandbox", enter a token, fill the form, send, and read the answer on the page.
 * playwright.config.ts runs this folder against that build; each worker starts its own sandbox
 * (`node sandbox/cli.ts` on a free port, ./sandbox-fixture.ts), which the page reaches at the
 * build's local sandbox origin.
 */
import net from 'node:net';
import type {Page, Request} from '@playwright/test';
import {test, expect} from './sandbox-fixture';
import {
  cspDirectives,
  explorer,
  explorerAnswer,
  openExplorer,
  pageHeading,
  sendButton,
  serverSelect,
} from '../fixtures';
import type {Sandbox} from '../../unit/sandbox-process';
import {
  LOCAL_SANDBOX_HOST,
  LOCAL_SANDBOX_ORIGIN,
  LOCAL_SANDBOX_PORT,
  LOCAL_SANDBOX_SERVER,
} from '../../../sandbox/local-sandbox.mjs';

const TOKEN = 'local-test-token';

/** Every request the page sends to the local sandbox, as it is sent (CORS preflights left out). */
function sandboxRequests(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(LOCAL_SANDBOX_ORIGIN) && r.method() !== 'OPTIONS') sent.push(r);
  });
  return sent;
}

/** Issues an invoice outside the browser, as an integration would; the sandbox keeps it. */
async function issueInvoice(sandbox: Sandbox, description: string): Promise<{id: string}> {
  const issued = await fetch(`${sandbox.base}/invoices`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${TOKEN}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': crypto.randomUUID(),
    },
    body: JSON.stringify({amount: {amount: '42.00', currency: 'USD'}, description}),
  });
  expect(issued.status).toBe(201);
  return (await issued.json()) as {id: string};
}

/** Opens an operation page's explorer and points it at the local sandbox, with a token unless told otherwise. */
async function useLocalSandbox(page: Page, route: string, token: string | null = TOKEN) {
  await page.goto(route);
  await expect(pageHeading(page)).toBeVisible();
  await openExplorer(page);
  await serverSelect(page).selectOption(LOCAL_SANDBOX_SERVER.url);
  await expect(explorerAnswer(page).curl).toContainText(LOCAL_SANDBOX_SERVER.url);
  if (token !== null) await explorer(page).getByLabel('Bearer token').fill(token);
}

test('the explorer offers the local sandbox after production and sandbox', async ({page, problems}) => {
  await page.goto('/api/get-invoices');
  await openExplorer(page);
  await expect(serverSelect(page).locator('option')).toHaveText([
    'Production: https://api.kestrel.example/v1',
    'Sandbox: https://api.sandbox.kestrel.example/v1',
    `Local sandbox: ${LOCAL_SANDBOX_SERVER.url}`,
  ]);
  void problems;
});

test('the CSP lets pages connect to the local sandbox origin, and to no other loopback origin', async ({request}) => {
  const connect =
    cspDirectives((await request.get('/')).headers()['content-security-policy'] ?? '').get('connect-src') ?? [];
  expect(connect).toContain(LOCAL_SANDBOX_ORIGIN);
  expect(connect.filter((source) => /127\.0\.0\.1|localhost/.test(source))).toEqual([LOCAL_SANDBOX_ORIGIN]);
});

test('GET with a path parameter: the invoice issued just before comes back, 200, its body on the page', async ({
  page,
  problems,
  localSandbox,
}) => {
  const invoice = await issueInvoice(localSandbox, 'Fetched by the explorer');
  await useLocalSandbox(page, '/api/find-invoice-by-id');
  const sent = sandboxRequests(page);
  await explorer(page).getByLabel('invoiceId').fill(invoice.id);
  await sendButton(page).click();
  const answer = explorerAnswer(page);
  await expect(answer.status).toHaveText('200 OK');
  await expect(answer.statusLine).toHaveText(/^Answer: 200 OK in \d+ ms\.$/);
  // The body pretty-printed, as JSON highlighted by the site's code block (once it is on screen).
  await expect(answer.body).toContainText(`"id": "${invoice.id}"`);
  await expect(answer.body).toContainText('"description": "Fetched by the explorer"');
  await answer.body.scrollIntoViewIfNeeded();
  await expect(answer.body.locator('code .token.property', {hasText: '"description"'})).toBeVisible();
  expect(sent.map((r) => [r.method(), r.url(), r.headers().authorization])).toEqual([
    ['GET', `${LOCAL_SANDBOX_SERVER.url}/invoices/${invoice.id}`, `Bearer ${TOKEN}`],
  ]);
  // The curl shown is the request that went out, with the key read from the environment, not the token typed.
  await expect(answer.curl).toContainText(`curl '${LOCAL_SANDBOX_SERVER.url}/invoices/${invoice.id}'`);
  await expect(answer.curl).toContainText(`--header @<(printf 'Authorization: Bearer %s\\n' "$KESTREL_API_KEY")`);
  await expect(answer.curl).not.toContainText(TOKEN);
  void problems;
});

test('POST with a body and an Idempotency-Key: 201, the same answer when sent again, a new invoice with a new key', async ({
  page,
  problems,
}) => {
  await useLocalSandbox(page, '/api/issue-invoice');
  const sent = sandboxRequests(page);
  const key = explorer(page).getByLabel('Idempotency-Key');
  const firstKey = await key.inputValue();
  expect(firstKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  // The body editor starts with the documented example.
  const body = explorer(page).getByLabel(/^Request body/);
  expect(JSON.parse(await body.inputValue())).toMatchObject({amount: {amount: '150.00', currency: 'USD'}});
  await body.fill(
    JSON.stringify({amount: {amount: '12.50', currency: 'EUR'}, description: 'Sent from Try it'}, null, 2),
  );

  const answer = explorerAnswer(page);
  await sendButton(page).click();
  await expect(answer.status).toHaveText('201 Created');
  await expect(answer.body).toContainText('"description": "Sent from Try it"');
  const first = await answer.body.innerText();
  const firstId = /"id": "([^"]+)"/.exec(first)?.[1];
  expect(firstId).toBeTruthy();

  // The same key again: the sandbox replays the first answer instead of issuing a second invoice.
  await sendButton(page).click();
  await expect.poll(() => sent.length).toBe(2);
  // Sending clears the answer before, so the answer shown now is the second one.
  await expect(answer.status).toHaveText('201 Created');
  expect(await answer.body.innerText()).toBe(first);
  expect(sent.map((r) => r.headers()['idempotency-key'])).toEqual([firstKey, firstKey]);
  expect(JSON.parse(sent[0]!.postData() ?? '')).toEqual({
    amount: {amount: '12.50', currency: 'EUR'},
    description: 'Sent from Try it',
  });

  // A new key is a new write.
  await explorer(page).getByRole('button', {name: 'New key'}).click();
  await expect(key).not.toHaveValue(firstKey);
  await sendButton(page).click();
  await expect.poll(() => sent.length).toBe(3);
  await expect(answer.status).toHaveText('201 Created');
  await expect(answer.body).toContainText('"description": "Sent from Try it"');
  await expect(answer.body).not.toContainText(`"id": "${firstId}"`);
  expect(sent[2]!.headers()['idempotency-key']).toBe(await key.inputValue());
  void problems;
});

test('a body that breaks the schema: the field is named before sending, and nothing is sent', async ({
  page,
  problems,
}) => {
  await useLocalSandbox(page, '/api/issue-invoice');
  const sent = sandboxRequests(page);
  const body = explorer(page).getByLabel(/^Request body/);
  await body.fill('{"amount": {"amount": "ten", "currency": "USD"}, "expiresInSeconds": 300}');
  await sendButton(page).click();
  const answer = explorerAnswer(page);
  await expect(answer.statusLine).toHaveText(/^Not sent: body field amount\.amount must match the pattern /);
  await expect(explorer(page).getByRole('list', {name: 'Problems to fix before sending'})).toContainText(
    'body field amount.amount: must match the pattern',
  );
  await expect(body).toHaveAttribute('aria-invalid', 'true');
  await expect(answer.status).toHaveCount(0);
  // A required field left out is named with its parent.
  await body.fill('{"amount": {"amount": "10.00"}}');
  await sendButton(page).click();
  await expect(answer.statusLine).toHaveText('Not sent: body field amount.currency is required.');
  expect(sent).toEqual([]);
  void problems;
});

test('without a token: the sandbox answers 401 and the problem is on the page', async ({page, problems}) => {
  // The browser logs every 4xx answer to a fetch as a console error; this one is the point.
  problems.allow(/status of 401 \(Unauthorized\) @ http:\/\/127\.0\.0\.1:4010\/v1\/invoices/);
  await useLocalSandbox(page, '/api/get-invoices', null);
  const sent = sandboxRequests(page);
  await sendButton(page).click();
  const answer = explorerAnswer(page);
  await expect(answer.status).toHaveText('401 Unauthorized');
  await expect(answer.body).toContainText('"code": "UNAUTHORIZED"');
  expect(sent).toHaveLength(1);
  expect(sent[0]!.headers().authorization).toBeUndefined();
  void problems;
});

test('the whole flow by keyboard: open, choose the local sandbox, token, path parameter, past the release, send, hear the answer', async ({
  page,
  problems,
  localSandbox,
}) => {
  const invoice = await issueInvoice(localSandbox, 'Fetched by keyboard');
  await page.goto('/api/find-invoice-by-id');
  await expect(pageHeading(page)).toBeVisible();
  const tryIt = page.getByRole('button', {name: 'Try it', exact: true});
  await tryIt.focus();
  await page.keyboard.press('Enter');
  await expect(explorer(page)).toBeFocused();
  await expect(sendButton(page)).toBeEnabled();

  await page.keyboard.press('Tab');
  await expect(serverSelect(page)).toBeFocused();
  await page.keyboard.press('End');
  await expect(serverSelect(page)).toHaveValue(LOCAL_SANDBOX_SERVER.url);
  await page.keyboard.press('Tab');
  await expect(explorer(page).getByLabel('Bearer token')).toBeFocused();
  await page.keyboard.type(TOKEN);
  await page.keyboard.press('Tab');
  const invoiceId = explorer(page).getByLabel('invoiceId');
  await expect(invoiceId).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(invoice.id);
  // The release to ask for: left unset, the account's pin serves the request.
  await page.keyboard.press('Tab');
  const version = explorer(page).getByLabel('Kestrel-Version');
  await expect(version).toBeFocused();
  await expect(version).toHaveValue('');
  await page.keyboard.press('Tab');
  await expect(sendButton(page)).toBeFocused();
  await page.keyboard.press('Enter');

  const answer = explorerAnswer(page);
  // The live region says the outcome; the body follows it.
  await expect(answer.statusLine).toHaveText(/^Answer: 200 OK in \d+ ms\.$/);
  await expect(answer.body).toContainText(`"id": "${invoice.id}"`);
  await expect(answer.body).toContainText('"description": "Fetched by keyboard"');
  void problems;
});

/**
 * Listens on the local sandbox's own port, answering every request with 418, and records what it
 * receives; null when something else already listens there (then that server is the one to avoid).
 */
async function occupyLocalSandboxPort(): Promise<{received: string[]; close: () => Promise<void>} | null> {
  const received: string[] = [];
  const server = net.createServer((socket) => {
    socket.once('data', (chunk) => {
      received.push(chunk.toString().split('\r\n')[0]!);
      socket.end('HTTP/1.1 418 I am a teapot\r\nAccess-Control-Allow-Origin: *\r\nContent-Length: 0\r\n\r\n');
    });
  });
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(LOCAL_SANDBOX_PORT, LOCAL_SANDBOX_HOST, () => resolve(true));
  });
  if (!listening) return null;
  return {received, close: () => new Promise((resolve) => server.close(() => resolve()))};
}

/** Whether a TCP connection to the local sandbox's port is accepted (something listens there). */
function somethingListens(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(LOCAL_SANDBOX_PORT, LOCAL_SANDBOX_HOST);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

test('a server already listening on the local sandbox port is never used: the explorer reaches the sandbox the tests started', async ({
  page,
  problems,
  localSandbox,
}) => {
  const occupant = await occupyLocalSandboxPort();
  try {
    expect(await somethingListens(), `something listens on ${LOCAL_SANDBOX_ORIGIN}`).toBe(true);
    // Only the tests' sandbox knows this invoice: another server would answer 404, or 418.
    const invoice = await issueInvoice(localSandbox, 'Only in the sandbox the tests started');
    await useLocalSandbox(page, '/api/find-invoice-by-id');
    await explorer(page).getByLabel('invoiceId').fill(invoice.id);
    await sendButton(page).click();
    const answer = explorerAnswer(page);
    await expect(answer.status).toHaveText('200 OK');
    await expect(answer.body).toContainText('"description": "Only in the sandbox the tests started"');
    if (occupant) expect(occupant.received, 'requests that reached the server on the port').toEqual([]);
  } finally {
    await occupant?.close();
  }
  void problems;
});
