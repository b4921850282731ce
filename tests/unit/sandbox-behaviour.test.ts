/**
 * What the local sandbox does beyond answering in shape, tried as an integrator would: state and
 * lists, idempotency (with a race), the invoice test amounts and other lifecycles on a moved clock,
 * balances, deletes, auth and scopes, the rate limit, and signed webhook deliveries to the
 * receiver example, with retries.
 */
import {describe, it, expect, beforeAll, afterAll} from 'vitest';
import {exchangeRequest, bankTransferRequest, subscriptionRequest} from './request-bodies';
import {execFile} from 'node:child_process';
import {createServer, type Server} from 'node:http';
import path from 'node:path';
import {promisify} from 'node:util';
import {freePort} from '../../tooling/ports.mjs';
import {createWebhookServer, type KestrelEvent} from '../../examples/webhooks/node/server';
import {verifyKestrelSignature} from '../../examples/webhooks/node/verify-signature';
import {localAnswer, US_BANK_ACCOUNT} from './sandbox-answers';
import {ROOT, loadBundledDefinition} from './openapi-definition';
import {eventRetentionDaysOf, exampleLifetimeOf, loadDefinition, webhookDeliveryOf} from '../../definition/index.ts';
import {EXAMPLE_AMOUNTS} from '../../sandbox/test-inputs';
import {freshRateLimitWindow, startSandbox, waitFor, type Sandbox} from './sandbox-process';
import {suiteSandbox} from './suite-sandbox';
import {SANDBOX_LIMIT, WINDOW_MS} from '../../sandbox/rate-limit-figures';

const WINDOW_S = WINDOW_MS / 1000;
/** How long an event is kept: the definition's x-events. */
const RETENTION_DAYS = eventRetentionDaysOf(loadBundledDefinition() as never);

const runFile = promisify(execFile);
const AUTH = {Authorization: 'Bearer sk_sandbox_behaviour'};
const json = {'Content-Type': 'application/json'};
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers read field by field: their shapes are what the tests check

/** A small client for one sandbox: each call checks its answer against the definition. */
function client(sandbox: () => Sandbox, headers: Record<string, string> = AUTH) {
  async function send(method: string, path: string, body?: unknown, extra: Record<string, string> = {}) {
    const res = await fetch(`${sandbox().base}${path}`, {
      method,
      headers: {...headers, ...(body === undefined ? {} : json), ...extra},
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const {parsed, problems} = localAnswer(method, path, res, text);
    expect(problems, `${method} ${path} -> ${res.status} ${text}`).toEqual([]);
    return {status: res.status, body: parsed as Json, headers: res.headers};
  }
  const key = () => ({'Idempotency-Key': crypto.randomUUID()});
  return {
    send,
    get: (path: string) => send('GET', path),
    create: (path: string, body?: unknown) => send('POST', path, body, key()),
    invoice: async (amount: string, extra: Json = {}) =>
      (await send('POST', '/invoices', {amount: {amount, currency: 'USD'}, ...extra}, key())).body,
    quote: async (id: string) => send('POST', `/invoices/${id}/quote`, undefined, key()),
  };
}

describe('state, lists and lifecycles (clock moved by hand)', () => {
  // --manual-clock: each state is asserted at a clock time, never at whatever real time has passed.
  const sandbox = suiteSandbox(['--no-rate-limit', '--manual-clock']);
  const api = client(() => sandbox);

  it('keeps what it creates: GET by id and the list return it, with a fresh id and the current time', async () => {
    const before = Date.parse((await (await fetch(`${sandbox.origin}/_sandbox/clock`)).json()).now);
    const invoice = await api.invoice('12.00', {reference: 'state-1', expiresInSeconds: 300});
    expect(invoice.id).not.toBe('0b9b6546-887b-4276-ae91-e5ee189bf56c');
    expect(Date.parse(invoice.created)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(Date.parse(invoice.expiration) - Date.parse(invoice.created)).toBe(300_000);
    expect((await api.get(`/invoices/${invoice.id}`)).body).toEqual(invoice);
    const list = await api.get(`/invoices?$filter=${encodeURIComponent("reference eq 'state-1'")}`);
    expect(list.body).toEqual({items: [invoice], count: 1});
    const defaulted = await api.invoice('1.00');
    expect(Date.parse(defaulted.expiration) - Date.parse(defaulted.created)).toBe(24 * 3600_000);
  });

  it('lists take $filter, $orderby, $skip and $top, and count every match', async () => {
    for (const [i, amount] of ['1.00', '2.00', '3.00'].entries()) await api.invoice(amount, {reference: `page-${i}`});
    const filter = encodeURIComponent("startsWith eq 'x'");
    expect((await api.send('GET', `/invoices?$filter=${filter}`)).body.code).toBe('INVALID_QUERY_OPTION');
    const mine = encodeURIComponent(
      "(reference eq 'page-0' or reference eq 'page-1' or reference eq 'page-2') and status eq 'UNPAID'",
    );
    const page = await api.get(`/invoices?$filter=${mine}&$orderby=reference%20asc&$skip=1&$top=1`);
    expect(page.body.count).toBe(3);
    expect(page.body.items.map((i: Json) => i.reference)).toEqual(['page-1']);
    const newest = await api.get(`/invoices?$filter=${mine}`);
    expect(newest.body.items.map((i: Json) => i.reference)).toEqual(['page-2', 'page-1', 'page-0']);
    const not = await api.get(`/invoices?$filter=${encodeURIComponent("not (reference ne 'page-1')")}`);
    expect(not.body.items.map((i: Json) => i.reference)).toEqual(['page-1']);
    const top = await api.get('/invoices?$top=1');
    expect(top.body.items).toHaveLength(1);
    expect(top.body.count).toBeGreaterThan(3);
    expect((await api.send('GET', '/invoices?$top=101')).status).toBe(400);
    // An option sent without a value, as the API explorer sends an empty field, takes its default.
    expect((await api.get('/invoices?$top&$skip=')).body.items.length).toBe(Math.min(50, top.body.count));
    expect((await api.send('GET', '/invoices?$orderby=colour%20desc')).body.code).toBe('INVALID_QUERY_OPTION');
    const byTime = encodeURIComponent(
      `created ge ${new Date(Date.now() - 3600_000).toISOString().slice(0, 19)}Z and amount/currency eq 'USD'`,
    );
    expect((await api.get(`/invoices?$filter=${byTime}`)).body.count).toBeGreaterThanOrEqual(3);
  });

  it('an invoice is paid --pay-after seconds after a quote: UNPAID, PENDING, PAID, and the balance grows by its amount', async () => {
    const usd = async () =>
      (await api.get('/account/balances')).body.items.find((b: Json) => b.currency === 'USD').available.amount;
    const start = Number(await usd());
    const invoice = await api.invoice('150.00');
    const quote = await api.quote(invoice.id);
    expect(quote.status).toBe(201);
    expect(quote.body.invoiceId).toBe(invoice.id);
    expect(Date.parse(quote.body.expiration) - Date.parse(quote.body.created)).toBe(
      exampleLifetimeOf(loadDefinition(), 'issueQuoteForInvoice') * 1000,
    );
    await sandbox.advance(5);
    expect((await api.get(`/invoices/${invoice.id}`)).body.status).toBe('UNPAID');
    await sandbox.advance(5);
    expect((await api.get(`/invoices/${invoice.id}`)).body.status).toBe('PENDING');
    await sandbox.advance(2);
    const paid = (await api.get(`/invoices/${invoice.id}`)).body;
    expect(paid.status).toBe('PAID');
    expect(Number(await usd())).toBeCloseTo(start + 150, 2);
    expect((await api.quote(invoice.id)).body.code).toBe('INVOICE_NOT_PAYABLE');
    const events = await api.get(
      `/events?$filter=${encodeURIComponent(`data/entityId eq '${invoice.id}'`)}&$orderby=created%20asc`,
    );
    expect(events.body.items.map((e: Json) => e.eventType)).toEqual([
      'invoice.created',
      'invoice.updated',
      'invoice.updated',
    ]);
    expect(
      (await api.get(`/events?$filter=${encodeURIComponent('deliverySuccess eq false')}`)).body.count,
    ).toBeGreaterThanOrEqual(3);
  });

  it('an amount ending in .13 is never paid and expires at its expiration; one ending in .66 stays UNPAID', async () => {
    const expiring = await api.invoice(EXAMPLE_AMOUNTS.expires, {expiresInSeconds: 300});
    const failing = await api.invoice(EXAMPLE_AMOUNTS.fails, {expiresInSeconds: 3600});
    await api.quote(expiring.id);
    await api.quote(failing.id);
    await sandbox.advance(60);
    expect((await api.get(`/invoices/${expiring.id}`)).body.status).toBe('UNPAID');
    expect((await api.get(`/invoices/${failing.id}`)).body.status).toBe('UNPAID');
    await sandbox.advance(240);
    const expired = (await api.get(`/invoices/${expiring.id}`)).body;
    expect(expired).toMatchObject({status: 'CANCELLED', cancellationReason: 'EXPIRED', updated: expiring.expiration});
    expect((await api.get(`/invoices/${failing.id}`)).body.status).toBe('UNPAID');
  });

  it('cancelling an UNPAID invoice cancels it; cancelling it again returns it unchanged; a PAID one answers 409', async () => {
    const invoice = await api.invoice('20.00');
    const cancelled = await api.send('PATCH', `/invoices/${invoice.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({status: 'CANCELLED', cancellationReason: 'REQUESTED'});
    await sandbox.advance(2);
    const again = await api.send('PATCH', `/invoices/${invoice.id}/cancel`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(cancelled.body);
    const events = await api.get(`/events?$filter=${encodeURIComponent(`data/entityId eq '${invoice.id}'`)}`);
    expect(events.body.items.map((e: Json) => e.eventType).sort()).toEqual(['invoice.created', 'invoice.updated']);
    expect((await api.quote(invoice.id)).body.code).toBe('INVOICE_NOT_PAYABLE');
    const paid = await api.invoice('21.00');
    await api.quote(paid.id);
    await sandbox.advance(12);
    const refused = await api.send('PATCH', `/invoices/${paid.id}/cancel`);
    expect([refused.status, refused.body.code]).toEqual([409, 'INVOICE_NOT_CANCELLABLE']);
  });

  it('exchange: a quote expires at its expiration; an executed one moves the balances by amounts and fee', async () => {
    const invoice = await api.invoice('1000.00');
    await api.quote(invoice.id);
    await sandbox.advance(12);
    const balances = async () =>
      Object.fromEntries(
        (await api.get('/account/balances')).body.items.map((b: Json) => [b.currency, Number(b.available.amount)]),
      );
    const stale = (await api.create('/currency-exchange-quotes', exchangeRequest('USD', 'BTC', '100.00'))).body;
    await sandbox.advance(exampleLifetimeOf(loadDefinition(), 'createCurrencyExchangeQuote') + 1);
    expect(
      (
        await api.send('POST', `/currency-exchange-quotes/${stale.id}/execute`, undefined, {
          'Idempotency-Key': crypto.randomUUID(),
        })
      ).body.code,
    ).toBe('QUOTE_EXPIRED');
    const before = await balances();
    const quote = (await api.create('/currency-exchange-quotes', exchangeRequest('USD', 'BTC', '100.00'))).body;
    expect(quote).toMatchObject({
      status: 'NEW',
      source: {amount: '100.00', currency: 'USD'},
      fee: {amount: '0.50', currency: 'USD'},
    });
    const executed = await api.send('POST', `/currency-exchange-quotes/${quote.id}/execute`, undefined, {
      'Idempotency-Key': crypto.randomUUID(),
    });
    expect(executed.body.status).toBe('PENDING');
    expect((await balances()).USD).toBeCloseTo(before.USD - 100, 2);
    await sandbox.advance(3);
    expect((await api.get(`/currency-exchange-quotes/${quote.id}`)).body.status).toBe('COMPLETED');
    expect((await balances()).BTC).toBeCloseTo(before.BTC + Number(quote.target.amount), 8);
    expect(
      (
        await api.send('POST', `/currency-exchange-quotes/${quote.id}/execute`, undefined, {
          'Idempotency-Key': crypto.randomUUID(),
        })
      ).body.code,
    ).toBe('QUOTE_ALREADY_EXECUTED');
  });

  it('payouts: initiating takes amount plus fee and moves NEW -> INITIATED -> PENDING -> COMPLETED; deleting an originator removes it', async () => {
    const method = (await api.create('/payment-methods/bank', US_BANK_ACCOUNT)).body;
    expect(method.accountNumberLast4).toBe('6789');
    const originator = (
      await api.create('/payout-originators', {
        type: 'BUSINESS',
        name: 'Acme',
        address: {line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US'},
      })
    ).body;
    const payout = (
      await api.create('/payouts', {
        paymentMethodId: method.id,
        originatorId: originator.id,
        amount: {amount: '50.00', currency: 'USD'},
        reference: 'PAYOUT TEST',
      })
    ).body;
    expect(payout).toMatchObject({
      status: 'NEW',
      sourceAmount: {amount: '51.50', currency: 'USD'},
      fee: {amount: '1.50', currency: 'USD'},
    });
    expect((await api.send('DELETE', `/payout-originators/${originator.id}`)).body.code).toBe(
      'PAYOUT_ORIGINATOR_IN_USE',
    );
    const before = (await api.get('/account/balances')).body.items.find((b: Json) => b.currency === 'USD').available
      .amount;
    const initiated = await api.send('PATCH', `/payouts/${payout.id}/initiate`, undefined, {
      'Idempotency-Key': crypto.randomUUID(),
    });
    expect(initiated.body.status).toBe('INITIATED');
    const after = (await api.get('/account/balances')).body.items.find((b: Json) => b.currency === 'USD').available
      .amount;
    expect(Number(after)).toBeCloseTo(Number(before) - 51.5, 2);
    await sandbox.advance(5);
    expect((await api.get(`/payouts/${payout.id}`)).body.status).toBe('COMPLETED');
    expect((await api.send('DELETE', `/payout-originators/${originator.id}`)).status).toBe(204);
    expect((await api.send('GET', `/payout-originators/${originator.id}`)).body.code).toBe(
      'PAYOUT_ORIGINATOR_NOT_FOUND',
    );
    expect((await api.send('DELETE', `/payment-methods/bank/${method.id}`)).status).toBe(204);
    expect((await api.send('GET', `/payment-methods/bank/${method.id}`)).status).toBe(404);
  });

  it('a payout past its expiration cannot be initiated; spending more than the balance answers INSUFFICIENT_FUNDS', async () => {
    const method = (
      await api.create('/payment-methods/bank', {
        currency: 'GBP',
        country: 'GB',
        accountHolderName: 'Acme',
        accountHolderType: 'BUSINESS',
        bankCode: '200000',
        accountNumber: '55779911',
      })
    ).body;
    const late = (await api.create('/payouts', bankTransferRequest(method.id, '5.00', 'GBP', 'LATE'))).body;
    await sandbox.advance(exampleLifetimeOf(loadDefinition(), 'createAPayout') + 1);
    expect(
      (await api.send('PATCH', `/payouts/${late.id}/initiate`, undefined, {'Idempotency-Key': crypto.randomUUID()}))
        .body.code,
    ).toBe('QUOTE_EXPIRED');
    const big = (await api.create('/payouts', bankTransferRequest(method.id, '20000.00', 'GBP', 'BIG'))).body;
    expect(
      (await api.send('PATCH', `/payouts/${big.id}/initiate`, undefined, {'Idempotency-Key': crypto.randomUUID()})).body
        .code,
    ).toBe('INSUFFICIENT_FUNDS');
  });

  it(`events are kept ${RETENTION_DAYS} days: an older one answers 404 EVENT_NOT_FOUND and leaves the list`, async () => {
    const invoice = await api.invoice('4.00');
    const byEntity = `/events?$filter=${encodeURIComponent(`data/entityId eq '${invoice.id}'`)}`;
    const [event] = (await api.get(byEntity)).body.items;
    expect(event.eventType).toBe('invoice.created');
    await sandbox.advance(RETENTION_DAYS * 24 * 3600 - 60);
    expect((await api.get(`/events/${event.id}`)).status).toBe(200);
    await sandbox.advance(61);
    const gone = await api.get(`/events/${event.id}`);
    expect([gone.status, gone.body.code]).toEqual([404, 'EVENT_NOT_FOUND']);
    expect((await api.get(byEntity)).body.items.map((e: Json) => e.id)).not.toContain(event.id);
  });

  it('a clock control with a bad body is refused naming the field', async () => {
    const res = await fetch(`${sandbox.origin}/_sandbox/clock`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({advanceSeconds: -5}),
    });
    expect(res.status).toBe(422);
    expect((await res.json()).validationErrors).toHaveProperty('advanceSeconds');
    const now = await (await fetch(`${sandbox.origin}/_sandbox/clock`)).json();
    expect(now.offsetSeconds).toBeGreaterThan(900);
  });
});

describe('idempotency', () => {
  const sandbox = suiteSandbox(['--no-rate-limit']);
  const api = client(() => sandbox);

  it('the same key and body replays the stored status and body; another body answers 409 IDEMPOTENCY_KEY_REUSED', async () => {
    const key = {'Idempotency-Key': crypto.randomUUID()};
    const body = {amount: {amount: '42.00', currency: 'USD'}, reference: 'idem-1'};
    const first = await api.send('POST', '/invoices', body, key);
    const again = await api.send('POST', '/invoices', body, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const other = await api.send('POST', '/invoices', {...body, reference: 'idem-2'}, key);
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await api.get(`/invoices?$filter=${encodeURIComponent("reference eq 'idem-1'")}`)).body.count).toBe(1);
  });

  it('a 404 from the operation is not kept: the same key then runs against an invoice that exists', async () => {
    const key = {'Idempotency-Key': crypto.randomUUID()};
    const missing = '7d1b9c2e-0000-4000-8000-000000000000';
    const first = await api.send('POST', `/invoices/${missing}/quote`, undefined, key);
    const again = await api.send('POST', `/invoices/${missing}/quote`, undefined, key);
    expect([first.status, again.status]).toEqual([404, 404]);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    const invoice = await api.invoice('2.00');
    expect((await api.send('POST', `/invoices/${invoice.id}/quote`, undefined, key)).status).toBe(201);
  });

  it('a key belongs to the account: reused on another operation it answers 409 IDEMPOTENCY_KEY_REUSED, with any of its API keys', async () => {
    const key = {'Idempotency-Key': crypto.randomUUID()};
    const invoice = await api.send('POST', '/invoices', {amount: {amount: '3.00', currency: 'USD'}}, key);
    expect(invoice.status).toBe(201);
    const quote = await api.send('POST', `/invoices/${invoice.body.id}/quote`, undefined, key);
    expect([quote.status, quote.body.code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
    const sameBodyOtherPath = await api.send('POST', '/receive-requests', {currency: 'USD'}, key);
    expect(sameBodyOtherPath.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // Without --token every token acts for the one default account: a second API key is the same account.
    const other = client(() => sandbox, {Authorization: 'Bearer sk_sandbox_another_key'});
    const theirs = await other.send('POST', `/invoices/${invoice.body.id}/quote`, undefined, key);
    expect([theirs.status, theirs.body.code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
  });

  it('100 concurrent requests with one key create exactly one invoice: the 99 sent while the first runs answer IDEMPOTENCY_KEY_IN_USE', async () => {
    const key = {'Idempotency-Key': crypto.randomUUID()};
    const body = {amount: {amount: '7.00', currency: 'USD'}, reference: 'race-1'};
    const keys = async () => (await (await fetch(`${sandbox.origin}/_sandbox/stats`)).json()).idempotencyKeys;
    const before = await keys();
    // The first holds its key for SLOW_SECONDS, so the others arrive while it runs.
    const first = api.send('POST', '/invoices', body, {...key, 'Kestrel-Sandbox-Simulate': 'slow'});
    await waitFor('the first request to hold its key', async () => (await keys()) > before);
    const others = await Promise.all(Array.from({length: 99}, () => api.send('POST', '/invoices', body, key)));
    const answers = [await first, ...others];
    const created = answers.filter((a) => a.status === 201);
    const inUse = answers.filter((a) => a.status === 409);
    expect(created.length + inUse.length).toBe(100);
    expect(inUse.length).toBeGreaterThan(0);
    expect(created).toHaveLength(1);
    for (const a of inUse) expect(a.body.code).toBe('IDEMPOTENCY_KEY_IN_USE');
    // Once the first has ended, the same request with the same key gets its answer.
    const after = await api.send('POST', '/invoices', body, key);
    expect([after.status, after.body.id, after.headers.get('idempotent-replayed')]).toEqual([
      201,
      created[0]!.body.id,
      'true',
    ]);
    expect((await api.get(`/invoices?$filter=${encodeURIComponent("reference eq 'race-1'")}`)).body.count).toBe(1);
  });
});

describe('auth and the rate limit', () => {
  const started: Sandbox[] = [];
  afterAll(async () => {
    for (const s of started) await s.stop('SIGTERM');
  });
  const start = async (flags: string[]) => {
    const s = await startSandbox(flags);
    started.push(s);
    return s;
  };

  it('--token accepts only that token; --scopes answers 403 INSUFFICIENT_SCOPE outside them', async () => {
    const s = await start(['--token', 'sk_sandbox_only', '--scopes', 'partner.invoice.read', '--no-rate-limit']);
    const wrong = await client(() => s, {Authorization: 'Bearer sk_sandbox_other'}).send('GET', '/invoices');
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Bearer realm="kestrel", error="invalid_token"/);
    const right = client(() => s, {Authorization: 'Bearer sk_sandbox_only'});
    expect((await right.get('/invoices')).status).toBe(200);
    const denied = await right.create('/invoices', {amount: {amount: '1.00', currency: 'USD'}});
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe('INSUFFICIENT_SCOPE');
    expect(denied.body.detail).toContain('partner.invoice.create');
    expect(denied.headers.get('www-authenticate')).toBe(
      'Bearer realm="kestrel", error="insufficient_scope", scope="partner.invoice.create"',
    );
  });

  it(`${SANDBOX_LIMIT} requests per ${WINDOW_S} s per key, with RateLimit headers, then 429 with Retry-After; another key has its own window`, async () => {
    const s = await start([]);
    const api = client(() => s, {Authorization: 'Bearer sk_sandbox_limited'});
    await freshRateLimitWindow();
    const seen: {status: number; remaining: string | null; reset: string | null}[] = [];
    for (let i = 0; i <= SANDBOX_LIMIT; i++) {
      const r = await api.send('GET', '/account/balances');
      seen.push({
        status: r.status,
        remaining: r.headers.get('ratelimit-remaining'),
        reset: r.headers.get('ratelimit-reset'),
      });
      if (i === SANDBOX_LIMIT) {
        expect(r.status).toBe(429);
        expect(r.body.code).toBe('RATE_LIMITED');
        expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        expect(Number(r.headers.get('retry-after'))).toBeLessThanOrEqual(WINDOW_S);
        expect(r.headers.get('ratelimit-limit')).toBe(String(SANDBOX_LIMIT));
      }
    }
    expect(seen.map((x) => x.status)).toEqual([...Array(SANDBOX_LIMIT).fill(200), 429]);
    expect(seen.map((x) => x.remaining)).toEqual([
      ...Array.from({length: SANDBOX_LIMIT}, (_, i) => String(SANDBOX_LIMIT - 1 - i)),
      '0',
    ]);
    expect(seen.every((x) => Number(x.reset) >= 1 && Number(x.reset) <= WINDOW_S)).toBe(true);
    const other = await client(() => s, {Authorization: 'Bearer sk_sandbox_other'}).send('GET', '/account/balances');
    expect(other.status).toBe(200);
  });

  it('every request counts and every answer carries the RateLimit headers: 401, 404 and 405 too', async () => {
    const s = await start([]);
    const headers = {Authorization: 'Bearer sk_sandbox_counted'};
    await freshRateLimitWindow();
    const answers: Response[] = [];
    for (const [method, path] of [
      ['GET', '/v1/nothing-here'],
      ['DELETE', '/v1/invoices'],
      ['GET', '/elsewhere'],
    ] as const) {
      answers.push(await fetch(`${s.origin}${path}`, {method, headers}));
    }
    expect(answers.map((r) => r.status)).toEqual([404, 405, 404]);
    expect(answers.map((r) => r.headers.get('ratelimit-remaining'))).toEqual(
      [1, 2, 3].map((used) => String(SANDBOX_LIMIT - used)),
    );
    const api = client(() => s, headers);
    for (let i = 0; i < SANDBOX_LIMIT - 3; i++) expect((await api.send('GET', '/account/balances')).status).toBe(200);
    const limited = await fetch(`${s.origin}/v1/nothing-here`, {headers});
    expect(limited.status).toBe(429);
    const unauthenticated = await fetch(`${s.base}/account/balances`);
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get('ratelimit-limit')).toBe(String(SANDBOX_LIMIT));
    expect(Number(unauthenticated.headers.get('ratelimit-remaining'))).toBeLessThan(SANDBOX_LIMIT);
  });

  it('--no-rate-limit sends no limit headers and never 429', async () => {
    const s = await start(['--no-rate-limit']);
    const api = client(() => s);
    const statuses = await Promise.all(
      Array.from({length: 40}, () => api.send('GET', '/account/balances').then((r) => r.status)),
    );
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect((await api.get('/account/balances')).headers.get('ratelimit-limit')).toBeNull();
  });
});

describe('webhooks', () => {
  let sandbox: Sandbox;
  let receiver: Server;
  let failing: Server;
  const received: KestrelEvent[] = [];
  const attempts: {id: string; t: string}[] = [];
  const deliveries: {body: string; signature: string}[] = [];
  const stats = async () => (await fetch(`${sandbox.origin}/_sandbox/stats`)).json();
  const SECRET = 'whsec_local_sandbox_test_1234567890';
  let receiverUrl = '';
  let failingUrl = '';
  const api = client(() => sandbox);

  beforeAll(async () => {
    // --retry-speedup 60: the schedule's minutes become seconds of the sandbox clock.
    sandbox = await startSandbox(['--no-rate-limit', '--retry-speedup', '60', '--manual-clock']);
    receiver = createWebhookServer({secret: SECRET, onEvent: async (event) => void received.push(event)});
    const port = await freePort();
    await new Promise<void>((resolve) => receiver.listen(port, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${port}/webhooks/kestrel`;
    failing = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        attempts.push({id: JSON.parse(body).id, t: /t=(\d+)/.exec(String(req.headers['kestrel-signature']))![1]!});
        deliveries.push({body, signature: String(req.headers['kestrel-signature'])});
        res.writeHead(500).end();
      });
    });
    const failingPort = await freePort();
    await new Promise<void>((resolve) => failing.listen(failingPort, '127.0.0.1', resolve));
    failingUrl = `http://127.0.0.1:${failingPort}/hook`;
  });

  afterAll(async () => {
    await sandbox?.stop('SIGTERM');
    receiver?.close();
    failing?.close();
  });

  it('delivers each event, signed with the subscription secret, to the receiver example, which verifies it', async () => {
    const sub = await api.create(
      '/subscriptions',
      subscriptionRequest(receiverUrl, SECRET, ['invoice.created', 'invoice.updated']),
    );
    expect(sub.status).toBe(201);
    expect(sub.body).not.toHaveProperty('secret');
    const invoice = await api.invoice('30.00');
    await api.quote(invoice.id);
    await sandbox.advance(12);
    const got = await waitFor('three verified deliveries', async () => {
      const mine = received.filter((e) => e.data.entityId === invoice.id);
      return mine.length >= 3 ? mine : undefined;
    });
    expect(got.map((e) => e.eventType).sort()).toEqual(['invoice.created', 'invoice.updated', 'invoice.updated']);
    const event = await api.get(`/events/${got[0]!.id}`);
    expect(event.body.id).toBe(got[0]!.id);
    await waitFor(
      'deliverySuccess true',
      async () => (await api.get(`/events/${got[0]!.id}`)).body.deliverySuccess === true,
    );
  });

  it('http URLs are accepted only on a loopback host', async () => {
    const res = await fetch(`${sandbox.base}/subscriptions`, {
      method: 'POST',
      headers: {...AUTH, ...json, 'Idempotency-Key': crypto.randomUUID()},
      body: JSON.stringify(subscriptionRequest('http://shop.example/hook', SECRET, ['invoice.created'])),
    });
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).validationErrors)).toEqual(['webhookUrl']);
  });

  it('a failing endpoint gets retries on the documented schedule, each signed afresh; disabling stops them', async () => {
    const sub = (await api.create('/subscriptions', subscriptionRequest(failingUrl, SECRET, ['deposit.updated']))).body;
    const method = (await api.create('/payment-methods/bank', US_BANK_ACCOUNT)).body;
    const deposit = (
      await api.create('/deposits', {paymentMethodId: method.id, amount: {amount: '100.00', currency: 'USD'}})
    ).body;
    await sandbox.advance(4); // the deposit completes: deposit.updated
    const event = (await api.get(`/events?$filter=${encodeURIComponent(`data/entityId eq '${deposit.id}'`)}`)).body
      .items[0];
    expect(event.eventType).toBe('deposit.updated');
    const count = () => attempts.filter((a) => a.id === event.id).length;
    await waitFor('attempt 1', async () => count() === 1);
    // Each attempt falls due its minutes after the first (x-webhook-delivery), which --retry-speedup 60
    // makes as many seconds of the sandbox clock.
    const minutes = webhookDeliveryOf(loadDefinition().document).attemptMinutes;
    await sandbox.advance(minutes[1]! - minutes[0]!);
    await waitFor('attempt 2', async () => count() === 2);
    await sandbox.advance(minutes[2]! - minutes[1]!);
    await waitFor('attempt 3', async () => count() === 3);
    expect(
      (await api.get(`/events?$filter=${encodeURIComponent('deliverySuccess eq false')}`)).body.items.map(
        (e: Json) => e.id,
      ),
    ).toContain(event.id);
    await api.send('PATCH', `/subscriptions/${sub.id}`, {enabled: false});
    const attemptsBefore = (await stats()).webhooks.attempts;
    await sandbox.advance(minutes.at(-1)!);
    // Every later attempt falls due in that time: the sandbox's own counter shows none was sent.
    await waitFor('no delivery on the wire or waiting', async () => {
      const {webhooks} = await stats();
      return webhooks.inFlight === 0 && webhooks.waiting === 0;
    });
    expect((await stats()).webhooks.attempts).toBe(attemptsBefore);
    expect(count()).toBe(3);
  });

  it('after a secret rotation, deliveries carry two v1 signatures (old, new) for 24 hours, then only the new one', async () => {
    const OLD = 'whsec_rotation_old_0123456789';
    const NEW = 'whsec_rotation_new_0123456789';
    const sub = (await api.create('/subscriptions', subscriptionRequest(failingUrl, OLD, ['payout.updated']))).body;
    const rotated = await api.send('PATCH', `/subscriptions/${sub.id}`, {secret: NEW});
    expect(rotated.status).toBe(200);
    expect(rotated.body).not.toHaveProperty('secret');
    const delivery = async () => {
      const seen = deliveries.length;
      const test = await fetch(`${sandbox.origin}/_sandbox/subscriptions/${sub.id}/test-event`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({eventType: 'payout.updated'}),
      });
      expect(test.status).toBe(200);
      return waitFor('a delivery', async () => deliveries[seen]);
    };
    const during = await delivery();
    expect(during.signature.match(/v1=/g)).toHaveLength(2);
    expect(() => verifyKestrelSignature(during.body, during.signature, OLD)).not.toThrow();
    expect(() => verifyKestrelSignature(during.body, during.signature, NEW)).not.toThrow();
    await sandbox.advance(24 * 3600 + 1);
    const after = await delivery();
    expect(after.signature.match(/v1=/g)).toHaveLength(1);
    expect(() => verifyKestrelSignature(after.body, after.signature, NEW)).not.toThrow();
    expect(() => verifyKestrelSignature(after.body, after.signature, OLD)).toThrow(/no v1 signature matches/);
    await api.send('DELETE', `/subscriptions/${sub.id}`);
  });

  it('a test event goes once to the subscription, signed with its secret, and the answer says how the delivery went', async () => {
    const sub = (await api.create('/subscriptions', subscriptionRequest(receiverUrl, SECRET, ['invoice.updated'])))
      .body;
    const invoice = await api.invoice('2.00');
    // As /webhooks/setting-up-webhooks shows it: examples/sandbox/send-test-event.sh.
    const {stdout} = await runFile('bash', [path.join(ROOT, 'examples/sandbox/send-test-event.sh'), sub.id], {
      env: {...process.env, KESTREL_SANDBOX_ORIGIN: sandbox.origin},
    });
    const answer = JSON.parse(stdout);
    expect(answer.delivery).toEqual({ok: true, status: 200, error: null});
    expect(answer.event).toMatchObject({eventType: 'invoice.updated', data: {entityId: invoice.id, changes: []}});
    const got = await waitFor('the verified test event', async () => received.find((e) => e.id === answer.event.id));
    expect(got.eventType).toBe('invoice.updated');
    // Find event by id answers it, as for any event a delivery names; get events, the record of changes, does not list it.
    const found = await api.send('GET', `/events/${answer.event.id}`);
    expect([found.status, found.body.id]).toEqual([200, answer.event.id]);
    const listed = (await api.send('GET', '/events?$top=100')).body.items as {id: string}[];
    expect(listed.map((e) => e.id)).not.toContain(answer.event.id);
    const unknown = await fetch(`${sandbox.origin}/_sandbox/subscriptions/${crypto.randomUUID()}/test-event`, {
      method: 'POST',
    });
    expect([unknown.status, (await unknown.json()).code]).toEqual([404, 'SUBSCRIPTION_NOT_FOUND']);
    const bad = await fetch(`${sandbox.origin}/_sandbox/subscriptions/${sub.id}/test-event`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({eventType: 'invoice.exploded'}),
    });
    expect(bad.status).toBe(422);
    expect(Object.keys((await bad.json()).validationErrors)).toEqual(['eventType']);
    await api.send('DELETE', `/subscriptions/${sub.id}`);
  });
});
