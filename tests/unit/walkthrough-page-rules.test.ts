/**
 * Rules the walkthrough pages state about the sandbox, sent to the local sandbox: what holds a bank
 * payment method, that the sandbox does not check an account number as production does, how long a
 * key keeps its answer, and that a kept answer is replayed as first given.
 */
import {describe, it, expect, beforeAll, afterAll} from 'vitest';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {ROOT} from './openapi-definition';
import {EXAMPLE_AMOUNTS} from '../../sandbox/test-inputs';
import {startSandbox, type Sandbox} from './sandbox-process';
import {suiteSandbox} from './suite-sandbox';
import {US_BANK_ACCOUNT} from './sandbox-answers';
import {KestrelClient} from '../../examples/walkthroughs/node/kestrel-client';
import {receivePayment} from '../../examples/walkthroughs/node/receive-payment';

const TOKEN = 'Bearer sk_sandbox_walkthrough_rules';
const page = (name: string) => readFileSync(path.join(ROOT, 'docs/walkthrough', name), 'utf8');
const PAYOUTS = page('making-payouts.md');
const OVERVIEW = page('walkthroughs-overview.md');
const APPS = page('example-apps.md');
let sandbox: Sandbox;

async function call(method: string, target: string, body?: unknown, key: string = crypto.randomUUID()) {
  const res = await fetch(`${sandbox.base}${target}`, {
    method,
    headers: {
      Authorization: TOKEN,
      'Content-Type': 'application/json',
      ...(method === 'GET' || method === 'DELETE' ? {} : {'Idempotency-Key': key}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    replayed: res.headers.get('Idempotent-Replayed'),
    body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
  };
}

const eurAccount = (accountNumber: string) => ({
  currency: 'EUR',
  country: 'DE',
  accountHolderName: 'Alster Coffee Trading GmbH',
  accountHolderType: 'BUSINESS',
  bankCode: 'COBADEFFXXX',
  accountNumber,
});

beforeAll(async () => {
  sandbox = await startSandbox(['--no-rate-limit']);
});

afterAll(async () => {
  await sandbox?.stop('SIGTERM');
});

describe('making payouts: the rules the page states, in the sandbox', () => {
  it('a PENDING deposit holds its bank payment method', async () => {
    expect(PAYOUTS).toContain('A deposit that is still `PENDING` holds its bank payment method too.');
    const method = await call('POST', '/payment-methods/bank', US_BANK_ACCOUNT);
    expect(method.status).toBe(201);
    const id = String(method.body!.id);
    const deposit = await call('POST', '/deposits', {paymentMethodId: id, amount: {amount: '100.00', currency: 'USD'}});
    expect(deposit.status).toBe(201);
    expect(deposit.body!.status).toBe('PENDING');
    const refused = await call('DELETE', `/payment-methods/bank/${id}`);
    expect(refused.status).toBe(409);
    expect(refused.body!.code).toBe('PAYMENT_METHOD_IN_USE');
  });

  it('the sandbox accepts an IBAN with a wrong check digit', async () => {
    expect(PAYOUTS).toContain('The sandbox checks neither: it accepts an IBAN with a wrong check digit.');
    // DE89370400440532013000 is valid; changing its last digit breaks the check digits.
    const created = await call('POST', '/payment-methods/bank', eurAccount('DE89370400440532013001'));
    expect(created.status).toBe(201);
    expect(created.body!.accountNumberLast4).toBe('3001');
  });
});

describe('order keys: what the same key answers later', () => {
  it('the same key gets the first answer within 24 hours, and runs the operation again after them', async () => {
    expect(OVERVIEW).toContain('After them, the same key runs the operation again.');
    expect(APPS).toContain(
      'That holds for 24 hours, as long as Kestrel keeps the answer: after that, it runs the operation again.',
    );
    const key = crypto.randomUUID();
    const body = {amount: {amount: '25.00', currency: 'USD'}};
    const first = await call('POST', '/invoices', body, key);
    expect(first.status).toBe(201);
    await sandbox.advance(23 * 3600);
    const again = await call('POST', '/invoices', body, key);
    expect(again.replayed).toBe('true');
    expect(again.body!.id).toBe(first.body!.id);
    await sandbox.advance(3600 + 1);
    const later = await call('POST', '/invoices', body, key);
    expect(later.status).toBe(201);
    expect(later.replayed).not.toBe('true');
    expect(later.body!.id).not.toBe(first.body!.id);
  });

  it('after QUOTE_EXPIRED, the create key replays the expired payout as NEW, with the same id', async () => {
    expect(APPS).toContain('the first step still answers the expired payout as `NEW`, with the same id.');
    const method = await call('POST', '/payment-methods/bank', eurAccount('DE89370400440532013000'));
    const originator = await call('POST', '/payout-originators', {
      type: 'BUSINESS',
      name: 'Brightwater Studio Ltd',
      registrationNumber: '09876543',
      address: {line1: '12 Harbour Street', city: 'Bristol', postalCode: 'BS1 4QA', country: 'GB'},
    });
    expect([method.status, originator.status]).toEqual([201, 201]);
    const createKey = crypto.randomUUID();
    const order = {
      paymentMethodId: method.body!.id,
      originatorId: originator.body!.id,
      amount: {amount: '25.00', currency: 'EUR'},
      sourceCurrency: 'EUR',
      reference: 'ORDER 1042',
    };
    const created = await call('POST', '/payouts', order, createKey);
    expect(created.status).toBe(201);
    const id = String(created.body!.id);
    await sandbox.advance(16 * 60);
    const initiated = await call('PATCH', `/payouts/${id}/initiate`);
    expect(initiated.status).toBe(422);
    expect(initiated.body!.code).toBe('QUOTE_EXPIRED');
    const replayed = await call('POST', '/payouts', order, createKey);
    expect(replayed.replayed).toBe('true');
    expect(replayed.body).toMatchObject({id, status: 'NEW'});
    expect((await call('GET', `/payouts/${id}`)).body!.status).toBe('EXPIRED');
  });
});

describe('example apps: receive-payment.ts on an invoice nobody pays', () => {
  // --manual-clock: the app's clock is the sandbox's, moved by its own waits.
  const sandbox = suiteSandbox(['--no-rate-limit', '--manual-clock']);

  it('asks for a new Lightning invoice when the first expires, then cancels the invoice', async () => {
    expect(APPS).toContain(
      'When the Lightning invoice expires before anyone pays, it asks for a new one and prints that.',
    );
    const clock = async () =>
      Date.parse(((await (await fetch(`${sandbox.origin}/_sandbox/clock`)).json()) as {now: string}).now);
    let now = await clock();
    const quotes: string[] = [];
    const invoice = await receivePayment(
      new KestrelClient({apiKey: 'sk_sandbox_receive_app', baseUrl: sandbox.base, sleep: async () => {}}),
      {
        amount: {amount: EXAMPLE_AMOUNTS.expires, currency: 'USD'}, // nobody pays it
        pollIntervalMs: 60_000,
        onQuote: (quote) => quotes.push(quote.lnInvoice),
        now: () => now,
        sleep: async (ms) => {
          await sandbox.advance(ms / 1000);
          now = await clock();
        },
      },
    );
    expect(quotes).toHaveLength(2);
    expect(quotes[0]).not.toBe(quotes[1]);
    expect([invoice.status, invoice.cancellationReason]).toEqual(['CANCELLED', 'REQUESTED']);
  });
});
