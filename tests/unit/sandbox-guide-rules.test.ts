/**
 * Rules the account, API key, exchange, third-party, maintenance and rate-limit guides state, each
 * sent to the local sandbox over HTTP as an integrator following the page would send it:
 *
 * - an exchange works between any two different currencies, and only the same currency on both
 *   sides answers CURRENCY_PAIR_NOT_SUPPORTED (exchanging-currencies.md);
 * - a limit is checked when the money moves, not when it is quoted, on the amount counted in USD at
 *   the tickers' mid price; the sandbox's limit figures stay fixed (account/overview.md);
 * - an executed exchange takes `source` from `available` at once and shows `target` in no balance
 *   until it is COMPLETED (account/overview.md);
 * - a webhook receiver holding the scopes the API keys page lists can fetch the entity of every
 *   event type the webhooks overview names (api-keys/overview.md);
 * - a list's `count` counts every page (directing-payments-third-party.md), and a list without
 *   `$orderby` is sorted newest first (introduction.md);
 * - each fee the introduction's fees table names is in the answer that creates the payment quote,
 *   exchange quote, payout or deposit, and included in what you pay (introduction.md);
 * - handles are lowercase, and payments and exchanges have no list (account/overview.md, dashboard.md);
 * - a simulated 500 or 503 keeps nothing against the key, so a deferred request replayed with the
 *   same key runs once (maintenance.md, examples/core/maintenance.ts), while a 500 after the work
 *   keeps its answer, which the retry with the same key gets replayed (rate-limits.md,
 *   examples/core/issue-invoice.ts);
 * - a CORS preflight does not count against the rate limit (rate-limits.md);
 * - a DELETE retried after its answer was lost answers 404, which deleteWithBackoff reads as done
 *   (but not after only a 429, which ran nothing),
 *   while a first-attempt 404 is not (rate-limits.md, examples/core/backoff.ts).
 */
import {describe, it, expect} from 'vitest';
import {exchangeRequest, bankTransferRequest, subscriptionRequest} from './request-bodies';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {deleteWithBackoff} from '../../examples/core/backoff';
import {issueInvoice} from '../../examples/core/issue-invoice';
import {sendOrDefer} from '../../examples/core/maintenance';
import {exchangeCurrency} from '../../examples/walkthroughs/node/exchange-currency';
import {KestrelClient} from '../../examples/walkthroughs/node/kestrel-client';
import {ROOT, definition} from './guide-http';
import {exchangeFeePercentOf, loadDefinition} from '../../definition/index.ts';
import {LIGHTNING_INVOICES, SIMULATE_HEADER} from '../../sandbox/test-inputs';
import {US_BANK_ACCOUNT, localAnswer} from './sandbox-answers';
import {freshRateLimitWindow, type Sandbox} from './sandbox-process';
import {suiteSandbox} from './suite-sandbox';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers read field by field
const CURRENCIES = ['BTC', 'USD', 'EUR', 'GBP'];
const page = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** A client for one sandbox and token; every answer must be one the definition describes. */
function client(sandbox: () => Sandbox, token = 'sk_sandbox_guide_rules') {
  async function send(method: string, target: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${sandbox().base}${target}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : {'Content-Type': 'application/json'}),
        ...(method === 'POST' || method === 'PATCH' ? {'Idempotency-Key': crypto.randomUUID()} : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const {parsed, problems} = localAnswer(method, target, res, text);
    expect(problems, text).toEqual([]);
    return {status: res.status, body: parsed as Json, headers: res.headers};
  }
  return {
    send,
    get: (target: string) => send('GET', target),
    post: (target: string, body?: unknown) => send('POST', target, body),
  };
}

/** A decimal amount in units of 10^-8, exact. */
const units = (amount: string) => {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 100_000_000n + BigInt((fraction + '00000000').slice(0, 8));
};
const available = (balances: Json, currency: string) =>
  balances.items.find((b: Json) => b.currency === currency) as {available: {amount: string}; pending: {amount: string}};

describe('money rules of the guides, on the sandbox', () => {
  const sandbox = suiteSandbox(['--no-rate-limit']);
  const api = client(() => sandbox);

  it('exchanges between any two different currencies, and refuses only the same currency on both sides', async () => {
    for (const from of CURRENCIES) {
      for (const to of CURRENCIES) {
        const amount = from === 'BTC' ? '0.00100000' : '100.00';
        const answer = await api.post('/currency-exchange-quotes', exchangeRequest(from, to, amount));
        if (from === to)
          expect([answer.status, answer.body.code], `${from} -> ${to}`).toEqual([422, 'CURRENCY_PAIR_NOT_SUPPORTED']);
        else expect([answer.status, answer.body.status], `${from} -> ${to}`).toEqual([201, 'NEW']);
      }
    }
  });

  it("prices a pair without BTC through BTC, bought at the source's ask and sold at the target's bid, which the example app checks against the mid and executes", async () => {
    const tickers = (await api.get('/rates/ticker')).body.items as Json[];
    const price = (currency: string, side: 'mid' | 'bid' | 'ask') =>
      Number(tickers.find((t) => t.quoteCurrency === currency)![side]);
    const mid = (currency: string) => price(currency, 'mid');
    const quote = (await api.post('/currency-exchange-quotes', exchangeRequest('USD', 'EUR', '100.00'))).body;
    expect(Number(quote.rate)).toBeCloseTo(price('EUR', 'bid') / price('USD', 'ask'), 9);

    const invoice = (await api.post('/invoices', {amount: {amount: '200.00', currency: 'USD'}})).body;
    await api.post(`/invoices/${invoice.id}/quote`);
    await sandbox.advance(12);
    const kestrel = new KestrelClient({apiKey: 'sk_sandbox_guide_rules', baseUrl: sandbox.base});
    const result = await exchangeCurrency(kestrel, {
      sourceCurrency: 'USD',
      targetCurrency: 'EUR',
      amount: '50.00',
      sleep: () => sandbox.advance(1),
    });
    expect(result.mid).toBeCloseTo(mid('EUR') / mid('USD'), 9);
    expect(result.quote.status).toBe('COMPLETED');
  });

  it('asks the payer of an invoice quote for the bitcoin rounded up, never short of the invoice (directing-payments-third-party.md)', async () => {
    expect(page('docs/walkthrough/directing-payments-third-party.md')).toContain(
      '80.00 ÷ 76400.00 = 0.0010471204 BTC, rounded up to 0.00104713 BTC',
    );
    /** A decimal string as an exact fraction. */
    const exact = (decimal: string) => {
      const [whole = '0', part = ''] = decimal.split('.');
      return {n: BigInt(whole + part), d: 10n ** BigInt(part.length)};
    };
    for (const [amount, currency] of [
      ['80.00', 'GBP'],
      ['150.00', 'USD'],
      ['10.01', 'EUR'],
      ['1.00', 'USD'],
    ] as const) {
      const invoice = (await api.post('/accounts/handle/northwind-roasters/invoices', {amount: {amount, currency}}))
        .body;
      const quote = (await api.post(`/invoices/${invoice.id}/quote`)).body;
      await api.send('PATCH', `/invoices/${invoice.id}/cancel`); // no simulated payment: balances stay as they were
      const rate = exact(quote.exchangeRate);
      const owed = exact(amount);
      // bitcoin × rate ≥ amount, and one unit (10^-8 BTC) less would fall short: rounded up, not to the nearest.
      const worth = (btcUnits: bigint) => btcUnits * rate.n * owed.d;
      const target = owed.n * rate.d * 100_000_000n;
      const paid = units(quote.amount.amount);
      expect(worth(paid) >= target, `${amount} ${currency}: ${quote.amount.amount} BTC covers it`).toBe(true);
      expect(
        worth(paid - 1n) < target,
        `${amount} ${currency}: ${quote.amount.amount} BTC is the least that does`,
      ).toBe(true);
    }
    const gbp = (
      await api.post('/accounts/handle/northwind-roasters/invoices', {amount: {amount: '80.00', currency: 'GBP'}})
    ).body;
    const quote = (await api.post(`/invoices/${gbp.id}/quote`)).body;
    await api.send('PATCH', `/invoices/${gbp.id}/cancel`);
    expect([quote.amount.amount, quote.exchangeRate]).toEqual(['0.00104713', '76400.00']);
  });

  it('takes the amount for a Lightning invoice without one in BTC only, and refuses another currency naming amount (sending-payments.md)', async () => {
    expect(page('docs/walkthrough/sending-payments.md')).toContain(
      'If the Lightning invoice carries no amount, send `amount` in BTC in the request.',
    );
    // A signet invoice whose human-readable part states no amount (no digits before the 1).
    const lnInvoice = 'lntbs1pkestrelpaysany';
    const usd = await api.post('/payment-quotes/lightning', {
      lnInvoice,
      amount: {amount: '2.00', currency: 'USD'},
      sourceCurrency: 'USD',
    });
    expect(usd.status).toBe(422);
    expect(usd.body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(usd.body.validationErrors)).toEqual(['amount']);
    const btc = await api.post('/payment-quotes/lightning', {
      lnInvoice,
      amount: {amount: '0.00002000', currency: 'BTC'},
      sourceCurrency: 'USD',
    });
    expect(btc.status, JSON.stringify(btc.body)).toBe(201);
    expect(btc.body.amount).toEqual({amount: '0.00002000', currency: 'BTC'});
  });

  it('checks the exchange limit when the quote is executed, on the source counted in USD at the mid', async () => {
    const limits = (await api.get('/account/limits')).body;
    const limit = limits.limits.find((l: Json) => l.operation === 'CURRENCY_EXCHANGE');
    expect(limit.remaining).toEqual({amount: '99000.00', currency: 'USD'});
    // 95,000.00 EUR is below 99,000 as a number, but 103,226 USD at the mid (89,500 EUR / 97,250 USD per BTC).
    const over = await api.post('/currency-exchange-quotes', exchangeRequest('EUR', 'BTC', '95000.00'));
    expect(over.status).toBe(201); // quoting checks no limit
    const executed = await api.post(`/currency-exchange-quotes/${over.body.id}/execute`);
    expect([executed.status, executed.body.code]).toEqual([422, 'LIMIT_EXCEEDED']);
    // 90,000.00 EUR is 97,793 USD at the mid: within the limit, so what stops it is the empty EUR balance.
    const within = await api.post('/currency-exchange-quotes', exchangeRequest('EUR', 'BTC', '90000.00'));
    const refused = await api.post(`/currency-exchange-quotes/${within.body.id}/execute`);
    expect([refused.status, refused.body.code]).toEqual([422, 'INSUFFICIENT_FUNDS']);
  });

  it('takes an exchange from available at execution and shows its target nowhere until it completes', async () => {
    const invoice = (await api.post('/invoices', {amount: {amount: '100.00', currency: 'USD'}})).body;
    await api.post(`/invoices/${invoice.id}/quote`);
    await sandbox.advance(12);
    const before = (await api.get('/account/balances')).body;
    const limitsBefore = (await api.get('/account/limits')).body;

    const quote = (await api.post('/currency-exchange-quotes', exchangeRequest('USD', 'BTC', '40.00'))).body;
    const executed = await api.post(`/currency-exchange-quotes/${quote.id}/execute`);
    expect(executed.body.status).toBe('PENDING');
    const during = (await api.get('/account/balances')).body;
    expect(units(available(during, 'USD').available.amount)).toBe(
      units(available(before, 'USD').available.amount) - units('40.00'),
    );
    expect(available(during, 'BTC')).toEqual(available(before, 'BTC')); // neither available nor pending moved

    await sandbox.advance(3);
    expect((await api.get(`/currency-exchange-quotes/${quote.id}`)).body.status).toBe('COMPLETED');
    const after = (await api.get('/account/balances')).body;
    expect(units(available(after, 'BTC').available.amount)).toBe(
      units(available(before, 'BTC').available.amount) + units(quote.target.amount),
    );
    // The sandbox's limit figures are fixed: spending raised nothing.
    expect((await api.get('/account/limits')).body.limits).toEqual(limitsBefore.limits);
  });

  it('finds an account by its lowercase handle only', async () => {
    const found = await api.get('/accounts/handle/northwind-roasters');
    expect([found.status, found.body.handle]).toEqual([200, 'northwind-roasters']);
    const typed = await api.get('/accounts/handle/Northwind-Roasters');
    expect([typed.status, typed.body.code]).toEqual([404, 'ACCOUNT_NOT_FOUND']);
    // A handle lookup speaks of the handle, whether the handle is malformed or merely unknown.
    expect(typed.body.detail).toBe(
      'No Kestrel account has the handle Northwind-Roasters, or it does not accept payments. Handles are lowercase.',
    );
    const unknown = await api.get('/accounts/handle/nobody');
    expect(unknown.body.detail).toBe('No Kestrel account has the handle nobody, or it does not accept payments.');
    const malformed = await api.get('/accounts/handle/NoBody');
    expect([malformed.status, malformed.body.code]).toEqual([404, 'ACCOUNT_NOT_FOUND']);
    expect(malformed.body.detail).not.toMatch(/\bID\b/);
  });

  it('reads payments and currency exchanges by id only: neither has a list', async () => {
    // No operation answers these, so the answers are the router's, not an operation's.
    const list = async (target: string) => {
      const res = await fetch(`${sandbox.base}${target}`, {headers: {Authorization: 'Bearer sk_sandbox_guide_rules'}});
      return [res.status, ((await res.json()) as Json).code];
    };
    expect(await list('/payments')).toEqual([404, 'NOT_FOUND']);
    expect(await list('/currency-exchange-quotes')).toEqual([405, 'METHOD_NOT_ALLOWED']);
    expect(definition().findOperation('GET', '/payments')).toBeUndefined();
    expect(definition().findOperation('GET', '/currency-exchange-quotes')).toBeUndefined();
  });

  it('reads a 404 on a DELETE retried after a lost answer as done, and a first-attempt 404 as not', async () => {
    const sub = await api.post(
      '/subscriptions',
      subscriptionRequest('https://shop.example/hooks', 'whsec_delete_retry_0123456789abcdef', ['invoice.created']),
    );
    expect(sub.status).toBe(201);
    const target = `${sandbox.base}/subscriptions/${sub.body.id}`;
    const del = () => fetch(target, {method: 'DELETE', headers: {Authorization: 'Bearer sk_sandbox_guide_rules'}});
    const answers: number[] = [];
    const noWait = {sleep: async () => {}};
    const retried = await deleteWithBackoff(async (attempt) => {
      const res = await del();
      answers.push(res.status);
      // The first attempt ran on Kestrel, but its answer never arrived.
      if (attempt === 1) throw new Error('timeout');
      return res;
    }, noWait);
    expect(answers).toEqual([204, 404]);
    expect(((await retried.response.json()) as Json).code).toBe('SUBSCRIPTION_NOT_FOUND');
    expect(retried.deleted).toBe(true);
    expect((await api.get(`/subscriptions/${sub.body.id}`)).status).toBe(404);

    const wrongId = await deleteWithBackoff(del, noWait);
    expect([wrongId.response.status, wrongId.deleted]).toEqual([404, false]);

    // A 429 ran nothing: the 404 of the retry after it means nothing had that id either.
    const faults = await fetch(`${sandbox.origin}/_sandbox/faults`, {
      method: 'POST',
      headers: {Authorization: 'Bearer sk_sandbox_guide_rules', 'Content-Type': 'application/json'},
      body: JSON.stringify({code: 'RATE_LIMITED', count: 1, retryAfterSeconds: 0}),
    });
    expect(faults.status).toBe(201);
    const statuses: number[] = [];
    const afterRateLimit = await deleteWithBackoff(async () => {
      const res = await del();
      statuses.push(res.status);
      return res;
    }, noWait);
    expect(statuses).toEqual([429, 404]);
    expect(afterRateLimit.deleted).toBe(false);
  });

  it("counts every page in a list's count, not the page", async () => {
    const reference = `count-${crypto.randomUUID().slice(0, 8)}`;
    for (let i = 0; i < 3; i++)
      await api.post('/accounts/handle/northwind-roasters/invoices', {
        amount: {amount: '5.00', currency: 'GBP'},
        reference,
      });
    const filter = encodeURIComponent(`reference eq '${reference}'`);
    const first = (await api.get(`/invoices?$filter=${filter}&$top=2`)).body;
    expect([first.items.length, first.count]).toEqual([2, 3]);
    const second = (await api.get(`/invoices?$filter=${filter}&$top=2&$skip=2`)).body;
    expect([second.items.length, second.count]).toEqual([1, 3]);
  });

  it('shows each fee of the fees table in what creates the money movement, included in what you pay (introduction.md)', async () => {
    const plus = (a: {amount: string}, b: {amount: string}) => units(a.amount) + units(b.amount);
    const payment = (
      await api.post('/payment-quotes/lightning', {lnInvoice: LIGHTNING_INVOICES.pays, sourceCurrency: 'BTC'})
    ).body;
    expect([payment.fee.currency, units(payment.totalAmount.amount)]).toEqual([
      'BTC',
      plus(payment.amount, payment.fee),
    ]);

    const quote = (await api.post('/currency-exchange-quotes', exchangeRequest('USD', 'EUR', '100.00'))).body;
    expect([quote.fee, quote.source]).toEqual([
      // The definition's x-fee share of source, rounded up to the cent.
      {
        amount: (Math.ceil(100 * Number(exchangeFeePercentOf(loadDefinition().document))) / 100).toFixed(2),
        currency: 'USD',
      },
      {amount: '100.00', currency: 'USD'}, // the fee is included in source
    ]);

    const method = (await api.post('/payment-methods/bank', US_BANK_ACCOUNT)).body;
    const payout = (await api.post('/payouts', bankTransferRequest(method.id, '10.00', 'USD', 'fees'))).body;
    expect([payout.fee.currency, units(payout.sourceAmount.amount)]).toEqual(['USD', plus(payout.amount, payout.fee)]);

    const estimate = (await api.get(`/deposits/fee-estimate?paymentMethodId=${method.id}&amount=100.00&currency=USD`))
      .body;
    const deposit = (await api.post('/deposits', bankTransferRequest(method.id, '100.00', 'USD', 'fees'))).body;
    expect(deposit.fee).toEqual(estimate.fee);
    expect(units(deposit.netAmount.amount)).toBe(units(deposit.amount.amount) - units(deposit.fee.amount));
  });

  it('sorts a list without $orderby by created desc, newest first, as $orderby=created desc does (introduction.md)', async () => {
    const reference = 'default-order';
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await api.post('/invoices', {amount: {amount: '3.00', currency: 'USD'}, reference})).body.id);
      await sandbox.advance(1); // a second apart on the sandbox clock, so created tells them apart
    }
    const filter = encodeURIComponent(`reference eq '${reference}'`);
    const listed = (await api.get(`/invoices?$filter=${filter}`)).body.items.map((i: Json) => i.id);
    expect(listed).toEqual([...ids].reverse());
    const desc = (await api.get(`/invoices?$filter=${filter}&$orderby=created%20desc`)).body.items.map(
      (i: Json) => i.id,
    );
    expect(desc).toEqual(listed);
  });

  it('keeps nothing against the key for a simulated 500 or 503: the deferred request, replayed with the same key, runs once', async () => {
    for (const simulate of ['internal-error', 'service-unavailable']) {
      const key = crypto.randomUUID();
      const reference = `defer-${simulate}`;
      const send = (headers: Record<string, string>) => () =>
        fetch(`${sandbox.base}/invoices`, {
          method: 'POST',
          headers: {
            Authorization: 'Bearer sk_sandbox_guide_rules',
            'Content-Type': 'application/json',
            'Idempotency-Key': key,
            ...headers,
          },
          body: JSON.stringify({amount: {amount: '7.00', currency: 'USD'}, reference}),
        });
      const deferred = await sendOrDefer(send({'Kestrel-Sandbox-Simulate': simulate}), {
        maxAttempts: 2,
        baseMs: 1,
        capMs: 1, // Retry-After: 30 is longer: defer at once rather than wait in a test
      });
      expect(deferred.kind, simulate).toBe('deferred');
      const replayed = await sendOrDefer(send({}));
      const again = await sendOrDefer(send({}));
      expect(replayed.kind === 'answered' && replayed.response.status).toBe(201);
      expect(again.kind === 'answered' && again.response.status).toBe(201);
      const list = (await api.get(`/invoices?$filter=${encodeURIComponent(`reference eq '${reference}'`)}`)).body;
      expect(list.count, `${simulate}: one invoice for one key`).toBe(1);
    }
  });
  it('keeps the answer of an operation that ran before a 500: the retry with the same key gets it replayed, and one invoice exists (rate-limits.md, maintenance.md, introduction.md)', async () => {
    const key = crypto.randomUUID();
    const reference = 'after-work-500';
    const seen: {status: number; replayed: string | null}[] = [];
    // The first attempt asks the sandbox for a 500 after the work; the retry is the same request.
    const send: typeof fetch = async (url, init) => {
      const headers = {...(init!.headers as Record<string, string>)};
      if (seen.length === 0) headers[SIMULATE_HEADER] = 'internal-error-after-work';
      const res = await fetch(url, {...init, headers});
      seen.push({status: res.status, replayed: res.headers.get('Idempotent-Replayed')});
      return res;
    };
    const response = await issueInvoice(
      {amount: {amount: '7.00', currency: 'USD'}, reference},
      {
        apiKey: 'sk_sandbox_guide_rules',
        baseUrl: sandbox.base,
        idempotencyKey: key,
        fetch: send,
        sleep: async () => {},
      },
    );
    expect(seen).toEqual([
      {status: 500, replayed: null},
      {status: 201, replayed: 'true'},
    ]);
    const invoice = (await response.json()) as Json;
    expect(invoice.reference).toBe(reference);
    const list = (await api.get(`/invoices?$filter=${encodeURIComponent(`reference eq '${reference}'`)}`)).body;
    expect(list.items.map((i: Json) => i.id)).toEqual([invoice.id]);
  });
});

describe('the webhook receiver scopes of the API keys page', () => {
  const def = definition();
  /** The scopes in the API keys page's row for a webhook receiver. */
  const receiverScopes = (() => {
    const row = page('docs/api-keys/overview.md')
      .split('\n')
      .find((line) => line.startsWith('| Webhook receiver'));
    if (!row) throw new Error('docs/api-keys/overview.md has no webhook receiver row');
    return [...row.matchAll(/`(partner\.[a-z.-]+)`/g)].map((m) => m[1]!);
  })();
  /** Event type -> the request the webhooks overview says fetches its entity. */
  const fetches = page('docs/webhooks/overview.md')
    .split('\n')
    .map((line) => /^\| `([a-z-]+\.[a-z-]+)` \|.*`(GET) (\/[^`]+)` \|\s*$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map(([, eventType, method, template]) => ({eventType: eventType!, method: method!, template: template!}));
  const sandbox = suiteSandbox(['--no-rate-limit', '--scopes', receiverScopes.join(',')]);

  it('names every event type the definition has, each with the operation that fetches its entity', () => {
    expect(fetches.map((f) => f.eventType).sort()).toEqual([...def.enumOf('EventType')].sort());
  });

  it('lets a receiver with those scopes fetch the entity of every event type (404 for an unknown id, never 403)', async () => {
    expect(receiverScopes).toContain('partner.event.read');
    for (const {eventType, method, template} of fetches) {
      const target = template.replace(/\{[^}]+\}/g, crypto.randomUUID());
      const res = await fetch(`${sandbox.base}${target}`, {
        method,
        headers: {Authorization: 'Bearer sk_sandbox_receiver'},
      });
      const body = (await res.json()) as Json;
      expect([res.status, body.code], `${eventType}: ${method} ${target}`).not.toContain('INSUFFICIENT_SCOPE');
      expect(res.status, `${eventType}: ${method} ${target} ${JSON.stringify(body)}`).toBeLessThan(500);
      const op = def.findOperation(method, template);
      expect(receiverScopes, eventType).toContain(op?.op.scope);
    }
  });
});

describe('the rate limit counts requests with a key', () => {
  const sandbox = suiteSandbox();

  it('does not count a CORS preflight', async () => {
    const token = {Authorization: 'Bearer sk_sandbox_preflight'};
    const remaining = async () =>
      Number((await fetch(`${sandbox.base}/account/balances`, {headers: token})).headers.get('RateLimit-Remaining'));
    await freshRateLimitWindow();
    const before = await remaining();
    for (let i = 0; i < 3; i++) {
      const preflight = await fetch(`${sandbox.base}/account/balances`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://localhost:3000',
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'authorization',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('RateLimit-Remaining')).toBeNull();
    }
    expect(await remaining()).toBe(before - 1);
  });
});

describe('the events the deliverySuccess filter lists (failure-recovery.md, overview.md, setting-up-webhooks.md)', () => {
  const sandbox = suiteSandbox(['--no-rate-limit']);
  const api = client(() => sandbox);

  it('sends deposit.updated on COMPLETED and on REVERSED, and none when the deposit is initiated (overview.md)', async () => {
    expect(page('docs/webhooks/overview.md')).toContain(
      'to `COMPLETED` or `FAILED`, and from `COMPLETED` to `REVERSED` when the bank returns the money. Initiating a deposit (`PENDING`) sends no event.',
    );
    const method = await api.post('/payment-methods/bank', {
      currency: 'USD',
      country: 'US',
      accountHolderName: 'Acme',
      accountHolderType: 'BUSINESS',
      bankCode: '021000021',
      accountNumber: '000000000004', // the test input that completes, then is reversed
    });
    const deposit = (
      await api.post('/deposits', {paymentMethodId: method.body.id, amount: {amount: '100.00', currency: 'USD'}})
    ).body;
    const eventCount = async () => {
      const filter = encodeURIComponent(`data/entityId eq '${deposit.id}'`);
      return (await api.get(`/events?$filter=${filter}&$orderby=created%20asc`)).body.items.length as number;
    };
    expect(await eventCount()).toBe(0);
    await sandbox.advance(5);
    expect((await api.get(`/deposits/${deposit.id}`)).body.status).toBe('COMPLETED');
    expect(await eventCount()).toBe(1);
    await sandbox.advance(5);
    expect((await api.get(`/deposits/${deposit.id}`)).body.status).toBe('REVERSED');
    expect(await eventCount()).toBe(2);
  });

  it('lists an event no subscription received, with no deliveries, as the pages say', async () => {
    expect(page('docs/webhooks/failure-recovery.md')).toContain(
      'It also lists each event that no subscription received',
    );
    expect(page('docs/webhooks/overview.md')).toContain('It is `false` for an event no subscription received.');
    expect(page('docs/webhooks/setting-up-webhooks.md')).toContain('or was sent to none (its `deliveries` is empty)');
    // The one subscription lists another type, so the invoice's events go to no subscription.
    // The receiver is never called: no payout happens here.
    const subscription = await api.post(
      '/subscriptions',
      subscriptionRequest('https://receiver.example/kestrel', 'guide-rules-secret-0123', ['payout.updated']),
    );
    expect(subscription.status).toBe(201);
    const invoice = (await api.post('/invoices', {amount: {amount: '10.00', currency: 'USD'}})).body;
    const unacknowledged = (
      await api.get(
        `/events?$filter=${encodeURIComponent(`deliverySuccess eq false and data/entityId eq '${invoice.id}'`)}`,
      )
    ).body;
    expect(unacknowledged.items.map((e: Json) => [e.eventType, e.deliverySuccess, e.deliveries])).toEqual([
      ['invoice.created', false, []],
    ]);
  });
});
