/**
 * The example apps under examples/ run to completion against the local sandbox, as a reader runs
 * them (`npx tsx <file>` with KESTREL_API_BASE pointing at it): receive a payment until PAID,
 * send a Lightning payment, exchange currencies, replay missed events, and the webhook receiver
 * getting, verifying and acting on real signed deliveries.
 */
import {describe, it, expect, beforeAll, afterAll} from 'vitest';
import {subscriptionRequest} from './request-bodies';
import {spawn, type ChildProcess} from 'node:child_process';
import path from 'node:path';
import {issueInvoice} from '../../examples/core/issue-invoice';
import {ROOT} from './openapi-definition';
import {startSandbox, waitFor, type Sandbox} from './sandbox-process';
import {NODE_RECEIVER, startReceiver, tempDir} from './webhook-receivers';

const KEY = 'sk_sandbox_examples';
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
let sandbox: Sandbox;
const children: ChildProcess[] = [];
// The webhook receiver's event store, outside the repository.
const events = tempDir();

/** Runs an example file with tsx; resolves with its exit code and output. */
function run(file: string, args: string[], env: Record<string, string> = {}, timeoutMs = 40_000) {
  const child = spawn(TSX, [path.join(ROOT, file), ...args], {
    cwd: ROOT,
    env: {...process.env, KESTREL_API_KEY: KEY, KESTREL_API_BASE: sandbox.base, ...env},
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  const done = new Promise<{code: number | null; output: string}>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${file} did not finish in ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({code, output});
    });
  });
  return {child, done, output: () => output};
}

const api = async (method: string, p: string, body?: unknown) => {
  const res = await fetch(`${sandbox.base}${p}`, {
    method,
    headers: {
      Authorization: `Bearer ${KEY}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': crypto.randomUUID(),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return text ? JSON.parse(text) : undefined;
};

beforeAll(async () => {
  sandbox = await startSandbox(['--no-rate-limit', '--pay-after', '1']);
  // Test funds for the apps that spend: invoices the simulated customer pays.
  for (const amount of [
    {amount: '5000.00', currency: 'USD'},
    {amount: '1.00000000', currency: 'BTC'},
  ]) {
    const invoice = await api('POST', '/invoices', {amount});
    await api('POST', `/invoices/${invoice.id}/quote`);
  }
  await sandbox.advance(5);
});

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  await sandbox?.stop('SIGTERM');
  events.remove();
});

describe('the example apps against the local sandbox', () => {
  it('receive-payment issues an invoice, shows the quote and ends when the invoice is PAID', async () => {
    const {code, output} = await run('examples/walkthroughs/node/receive-payment.ts', ['25.00', 'USD', 'Order', '1042'])
      .done;
    expect(code, output).toBe(0);
    expect(output).toMatch(/Pay 0\.\d{8} BTC before \d{4}-\d{2}-\d{2}T/);
    expect(output).toMatch(/Invoice [0-9a-f-]{36} is PAID\./);
    // One quote: the sandbox's quotes expire in the future, so the app never asks again.
    expect(output.match(/^Pay /gm)).toHaveLength(1);
  });

  it('send-payment quotes a Lightning invoice, executes it and ends COMPLETED', async () => {
    const lnInvoice =
      'lntbs250u1p7wuhzjw8rvvyhtusqxkdzh4fzdszdq56htnydzl7y6xef92e36jn6rnk66phveedqm2m89eha2gqrfe9h2fkj22yxclvngz75rc92wev7tdze2ck8f0vzz58can6n0mchuutpqla0uat7exygkmh9uzzg959rcgpy8vglj2wyks253afs7ds05hzvte235c2s8rhuxsehschfh49uwtrjsn5qzwfjm6hrglwzprqknxkw6ngdh72gq0fuxyf3esqrkul02qzrpet02rxqvf6v6tnynr7qcma9utwxswz84s4j0kct';
    const {code, output} = await run('examples/walkthroughs/node/send-payment.ts', [lnInvoice, 'USD', '100.00']).done;
    expect(code, output).toBe(0);
    expect(output).toContain('0.00025000 BTC to the payee');
    expect(output).toMatch(/Payment [0-9a-f-]{36} is COMPLETED\./);
  });

  it('send-payment asks for the source currency and the maximum, and quotes nothing without them', async () => {
    // A default maximum would be read in the source currency, BTC by default: 100 BTC, not 100 USD.
    for (const args of [['lntbs1'], ['lntbs1', 'BTC'], ['lntbs1', 'BTC', 'lots']]) {
      const {code, output} = await run('examples/walkthroughs/node/send-payment.ts', args).done;
      expect(code, output).toBe(1);
      expect(output).toContain(
        'Usage: send-payment.ts <lightning invoice> <source currency> <maximum total, fee included, in the source currency',
      );
      expect(output).not.toMatch(/^Quote /m);
    }
  });

  it('exchange-currency executes a quote, waits for COMPLETED and prints the balances', async () => {
    const {code, output} = await run('examples/walkthroughs/node/exchange-currency.ts', ['USD', 'BTC', '500.00']).done;
    expect(code, output).toBe(0);
    // The tickers' mid, read as prices are: the dearer currency in units of the other.
    expect(output).toContain('Indicative price: 1 BTC = 97250.00 USD');
    // Bought at the ask, after the 0.5 % fee: the figure the exchanging guide shows.
    expect(output).toMatch(/Quote [0-9a-f-]{36} is COMPLETED: 500\.00 USD -> 0\.00511312 BTC/);
    expect(output).toMatch(/^USD: \d+\.\d{2} available$/m);
  });

  it('issue-invoice (core) creates one invoice per Idempotency-Key', async () => {
    const key = crypto.randomUUID();
    const options = {apiKey: KEY, baseUrl: sandbox.base, idempotencyKey: key};
    const first = await issueInvoice({amount: {amount: '12.34', currency: 'USD'}}, options);
    const again = await issueInvoice({amount: {amount: '12.34', currency: 'USD'}}, options);
    expect(first.status).toBe(201);
    expect((await again.json()).id).toBe((await first.json()).id);
  });

  it('the webhook receiver verifies real deliveries and fetches the invoice they name; replay-missed-events lists what it missed', async () => {
    const secret = 'whsec_examples_receiver_0123456789';
    const receiver = await startReceiver(NODE_RECEIVER, events.dir, sandbox.base, {
      KESTREL_API_KEY: KEY,
      KESTREL_WEBHOOK_SECRET: secret,
      KESTREL_RETRY_SECONDS: '0.2',
    });
    children.push(receiver.child);
    // A subscription with the wrong secret: the receiver refuses those deliveries (400), so they stay undelivered.
    const url = receiver.url;
    await api('POST', '/subscriptions', subscriptionRequest(url, 'a-different-secret-0000', ['invoice.created']));
    const since = new Date(Date.now() - 1000).toISOString().replace(/\.\d+Z$/, 'Z');
    const refused = await api('POST', '/invoices', {amount: {amount: '8.00', currency: 'USD'}});
    await waitFor('the refused delivery', async () => sandbox.output().includes(`-> ${url}: 400`));
    expect(
      (await api('GET', `/events?$filter=${encodeURIComponent(`data/entityId eq '${refused.id}'`)}`)).items[0]
        .deliverySuccess,
    ).toBe(false);
    const subs = await api('GET', '/subscriptions');
    for (const s of subs.items) await api('DELETE', `/subscriptions/${s.id}`);
    await api('POST', '/subscriptions', {
      webhookUrl: url,
      webhookVersion: '2025-06-01',
      secret,
      eventTypes: ['invoice.created', 'invoice.updated'],
    });
    const invoice = await api('POST', '/invoices', {amount: {amount: '9.00', currency: 'USD'}});
    await waitFor('the verified delivery, logged with the fetched invoice', async () =>
      receiver.output().includes(`invoice.created ${invoice.id}`),
    );
    expect(receiver.output()).toContain(`status: 'UNPAID'`);
    await waitFor(
      'deliverySuccess',
      async () =>
        (await api('GET', `/events?$filter=${encodeURIComponent(`data/entityId eq '${invoice.id}'`)}`)).items[0]
          .deliverySuccess === true,
    );

    // The replay stores what was missed in the receiver's store, whose worker processes it; a
    // second run finds it processed and replays nothing.
    const store = {KESTREL_EVENTS_DB: path.join(events.dir, 'events.sqlite3')};
    const replay = await run('examples/webhooks/node/replay-missed-events.ts', [since], store).done;
    expect(replay.code, replay.output).toBe(0);
    expect(replay.output).toContain(`invoice.created ${refused.id}`);
    expect(replay.output).not.toContain(`invoice.created ${invoice.id}`);
    await waitFor('the receiver to process the replayed event', async () =>
      receiver.output().includes(`invoice.created ${refused.id}`),
    );
    const again = await run('examples/webhooks/node/replay-missed-events.ts', [since], store).done;
    expect(again.code, again.output).toBe(0);
    expect(again.output).toMatch(/unacknowledged events: 0 replayed, [1-9]\d* already processed/);
    receiver.child.kill('SIGTERM');
  });
});
