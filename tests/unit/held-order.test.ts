/**
 * Orders deferred past a maintenance window (maintenance.md, examples/core/held-order.ts), against
 * the local sandbox: a payout (or an exchange quote) is created, a window opens before it is
 * initiated (executed), that answers 503 with Retry-After, and the sandbox clock moves past the
 * window and past the hold. Replaying the deferred request as it was would answer 422
 * QUOTE_EXPIRED; the order run again instead creates anew with the next key of each step and acts,
 * once, however often it runs.
 */
import {describe, it, expect, afterAll} from 'vitest';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {CURRENCY_EXCHANGE, PAYOUT, runHeldOrder, type HeldOrder} from '../../examples/core/held-order';
import {KestrelClient} from '../../examples/walkthroughs/node/kestrel-client';
import {OrderAttempts, orderKey} from '../../examples/walkthroughs/node/order-keys';
import {US_BANK_ACCOUNT} from './sandbox-answers';
import {suiteSandbox} from './suite-sandbox';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read field by field
const TOKEN = 'sk_sandbox_held_order';
const WINDOW_SECONDS = 1800;

describe('an order deferred past a maintenance window', () => {
  const sandbox = suiteSandbox(['--no-rate-limit']);
  const dir = mkdtempSync(path.join(tmpdir(), 'held-order-'));
  afterAll(async () => {
    rmSync(dir, {recursive: true, force: true});
  });
  const client = () => new KestrelClient({apiKey: TOKEN, baseUrl: sandbox.base, sleep: async () => {}});
  const usd = async () =>
    Number((await client().getAccountBalanceDetails()).items.find((b) => b.currency === 'USD')!.available.amount);
  const control = (method: string, body?: unknown) =>
    fetch(`${sandbox.origin}/_sandbox/maintenance`, {
      method,
      headers: {Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json'},
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** Funds the account's USD balance as the sandbox guide does: an invoice that pays itself about 10 seconds after its quote. */
  async function fund(amount: string) {
    const invoice = await client().issueInvoice({amount: {amount, currency: 'USD'}});
    await client().issueQuoteForInvoice(invoice.id);
    await sandbox.advance(12);
  }

  /**
   * Options for runHeldOrder whose fetch records every answer and opens a window the moment the
   * first create is answered, before the action: the worst moment.
   */
  function windowAfterCreate(file: string) {
    const answers: {method: string; status: number; retryAfter: string | null}[] = [];
    const orders: HeldOrder[] = [];
    const recording: typeof fetch = async (url, init) => {
      const res = await fetch(url, init);
      answers.push({method: init!.method!, status: res.status, retryAfter: res.headers.get('Retry-After')});
      if (init!.method === 'POST' && answers.length === 1) {
        const window = await control('POST', {startsInSeconds: 0, durationSeconds: WINDOW_SECONDS});
        expect(window.status).toBe(201);
      }
      return res;
    };
    const attempts = new OrderAttempts(path.join(dir, file));
    const options = {
      apiKey: TOKEN,
      baseUrl: sandbox.base,
      attempts,
      save: (order: HeldOrder) => void orders.push(order),
      fetch: recording,
    };
    return {answers, attempts, options, saved: () => orders.at(-1)!};
  }

  /**
   * A first run the window defers: its create answered 201, then its held request (`heldMethod`) 503.
   * Returns that 503's Retry-After.
   */
  function deferredInWindow(
    first: {kind: string},
    answers: {method: string; status: number; retryAfter: string | null}[],
    heldMethod: string,
  ): number {
    expect(first.kind).toBe('deferred');
    expect(answers.map((a) => [a.method, a.status])).toEqual([
      ['POST', 201],
      [heldMethod, 503],
    ]);
    return windowRetryAfter(answers);
  }

  /** The Retry-After of the one 503 among the answers, checked to point at the window's end. */
  function windowRetryAfter(answers: {status: number; retryAfter: string | null}[]): number {
    const refused = answers.filter((a) => a.status === 503);
    expect(refused).toHaveLength(1);
    const seconds = Number(refused[0]!.retryAfter);
    expect(seconds).toBeGreaterThan(WINDOW_SECONDS - 5);
    expect(seconds).toBeLessThanOrEqual(WINDOW_SECONDS);
    return seconds;
  }

  it('a payout: 503 with Retry-After in the window; run again after the window and the hold, it makes a new payout and initiates it once', async () => {
    await fund('50.00');
    const method = await client().request<Json>('POST', '/payment-methods/bank', {
      idempotencyKey: crypto.randomUUID(),
      body: US_BANK_ACCOUNT,
    });
    const {answers, attempts, options, saved} = windowAfterCreate('payout.json');
    const order: HeldOrder = {
      orderId: '7042',
      request: {paymentMethodId: method.id, amount: {amount: '10.00', currency: 'USD'}, reference: 'ORDER 7042'},
    };
    const before = await usd();

    const retryAfter = deferredInWindow(await runHeldOrder(PAYOUT, order, options), answers, 'PATCH');
    const lapsed = saved().heldId!;
    expect(lapsed).toMatch(/^[0-9a-f-]{36}$/);

    await sandbox.advance(retryAfter + 1); // past the window's end, and past the payout's 15-minute hold
    expect(await (await control('GET')).json()).toEqual({windows: []});
    // What replaying the deferred request would get: the hold lapsed, and the 422 is kept against its key.
    const replayed = await client()
      .request('PATCH', `/payouts/${lapsed}/initiate`, {idempotencyKey: orderKey('7042', 'initiateAPayout', 1)})
      .catch((e: unknown) => e);
    expect(replayed).toMatchObject({status: 422, code: 'QUOTE_EXPIRED'});

    const second = await runHeldOrder(PAYOUT, saved(), options);
    const sent = second.kind === 'sent' ? second.held : undefined;
    expect(sent?.status).toBe('INITIATED');
    expect(sent!.id).not.toBe(lapsed);
    expect(saved().heldId).toBe(sent!.id);
    expect([attempts.attempt('7042', 'createAPayout'), attempts.attempt('7042', 'initiateAPayout')]).toEqual([2, 2]);

    // A run repeated after a restart reads the payout and sends nothing.
    const third = await runHeldOrder(PAYOUT, saved(), options);
    expect(third.kind === 'sent' && third.held.id).toBe(sent!.id);
    const payouts = await client().request<{items: Json[]}>('GET', '/payouts', {
      query: {$filter: "reference eq 'ORDER 7042'", $orderby: 'created asc'},
    });
    expect(payouts.items.map((p) => [p.id, p.status])).toEqual([
      [lapsed, 'EXPIRED'],
      [sent!.id, expect.stringMatching(/^(INITIATED|PENDING|COMPLETED)$/)],
    ]);
    expect(await usd()).toBeCloseTo(before - Number((sent!.sourceAmount as Json).amount), 2); // debited once
  });

  it('an exchange: 503 with Retry-After in the window; run again after the window, it quotes again and executes once', async () => {
    await control('DELETE');
    await fund('50.00');
    const {answers, attempts, options, saved} = windowAfterCreate('exchange.json');
    const order: HeldOrder = {
      orderId: '8042',
      request: {sourceCurrency: 'USD', targetCurrency: 'EUR', amount: {amount: '20.00', currency: 'USD'}},
    };
    const before = await usd();

    const retryAfter = deferredInWindow(await runHeldOrder(CURRENCY_EXCHANGE, order, options), answers, 'POST');
    const lapsed = saved().heldId!;

    await sandbox.advance(retryAfter + 1); // past the window, and long past the quote's hold
    const replayed = await client()
      .request('POST', `/currency-exchange-quotes/${lapsed}/execute`, {
        idempotencyKey: orderKey('8042', 'executeCurrencyExchangeQuote', 1),
      })
      .catch((e: unknown) => e);
    expect(replayed).toMatchObject({status: 422, code: 'QUOTE_EXPIRED'});

    const second = await runHeldOrder(CURRENCY_EXCHANGE, saved(), options);
    const sent = second.kind === 'sent' ? second.held : undefined;
    expect(sent?.status).toBe('PENDING');
    expect(sent!.id).not.toBe(lapsed);
    expect([
      attempts.attempt('8042', 'createCurrencyExchangeQuote'),
      attempts.attempt('8042', 'executeCurrencyExchangeQuote'),
    ]).toEqual([2, 2]);
    const third = await runHeldOrder(CURRENCY_EXCHANGE, saved(), options);
    expect(third.kind === 'sent' && third.held.id).toBe(sent!.id);
    expect((await client().request<Json>('GET', `/currency-exchange-quotes/${lapsed}`)).status).toBe('EXPIRED');
    expect(await usd()).toBeCloseTo(before - 20, 2); // the source is taken once
  });
});
