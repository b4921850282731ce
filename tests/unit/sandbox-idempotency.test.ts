/**
 * The idempotency outcomes table (`x-idempotency`, read through definition/idempotency.ts) as the
 * local sandbox obeys it, over HTTP, one test per class of row: a kept success and kept failures
 * replay with `Idempotent-Replayed: true`; answers decided before the operation ran and transient
 * failures are not kept, so the same key runs again; the same request is the same method, path and
 * JSON body compared as parsed JSON. Each code's `retry` in the error catalogue is pinned to this
 * behaviour: a `same-key` code succeeds when sent again unchanged once its cause passes, a kept
 * `new-key` code replays to its key even after the cause is fixed.
 */
import {SANDBOX_LIMIT, WINDOW_MS} from '../../sandbox/rate-limit-figures.ts';
import {expectedStatus, US_BANK_ACCOUNT} from './sandbox-answers';
import {describe, it, expect} from 'vitest';
import {bankTransferRequest} from './request-bodies';
import {loadDefinition, idempotencyOutcome} from '../../definition/index.ts';
import {LIGHTNING_ADDRESSES, SIMULATE_HEADER, TEST_INPUTS, type Step} from '../../sandbox/test-inputs';
import {freshRateLimitWindow, waitFor, type Sandbox} from './sandbox-process';
import {suiteSandbox} from './suite-sandbox';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read field by field
const model = loadDefinition();
const rules = model.idempotency!;
const TOKEN = 'Bearer sk_sandbox_idempotency';

interface Answer {
  status: number;
  body: Json;
  replayed: string | null;
}

function api(sandbox: () => Sandbox) {
  /** One request; `body` is sent as given when it is a string (to send exact bytes), else as JSON. */
  async function send(
    method: string,
    path: string,
    key: string | undefined,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const res = await fetch(`${sandbox().base}${path}`, {
      method,
      headers: {
        Authorization: TOKEN,
        ...(body === undefined ? {} : {'Content-Type': 'application/json'}),
        ...(key === undefined ? {} : {'Idempotency-Key': key}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return {
      status: res.status,
      body: text ? JSON.parse(text) : undefined,
      replayed: res.headers.get('idempotent-replayed'),
    };
  }
  const usd = async () =>
    Number(
      (await send('GET', '/account/balances', undefined)).body.items.find((b: Json) => b.currency === 'USD').available
        .amount,
    );
  /** Credits USD the way the sandbox guide does: an invoice that pays itself about 10 seconds after its quote. */
  async function fund(amount: string) {
    const invoice = (await send('POST', '/invoices', crypto.randomUUID(), {amount: {amount, currency: 'USD'}})).body;
    expect((await send('POST', `/invoices/${invoice.id}/quote`, crypto.randomUUID())).status).toBe(201);
    await sandbox().advance(12);
  }
  const count = async (reference: string) =>
    (await send('GET', `/invoices?$filter=${encodeURIComponent(`reference eq '${reference}'`)}`, undefined)).body.count;
  return {send, usd, fund, count};
}

/** The row of an answer, as the sandbox's bookkeeping reads it. */
const row = (status: number, code?: string) => idempotencyOutcome(rules, status, code)!;

describe('idempotency outcomes, over HTTP', () => {
  const sandbox = suiteSandbox(['--no-rate-limit']);
  const {send, usd, fund, count} = api(() => sandbox);

  it('a success is kept: the same request gets it again with Idempotent-Replayed: true, and runs once', async () => {
    expect(row(201)).toMatchObject({kept: true, next: 'no'});
    const key = crypto.randomUUID();
    const body = {amount: {amount: '42.00', currency: 'USD'}, reference: 'idem-success'};
    const first = await send('POST', '/invoices', key, body);
    const again = await send('POST', '/invoices', key, body);
    expect([first.status, first.replayed]).toEqual([201, null]);
    expect([again.status, again.replayed]).toEqual([201, 'true']);
    expect(again.body).toEqual(first.body);
    expect(await count('idem-success')).toBe(1);
  });

  it('the same request is compared as parsed JSON: reordered keys and other whitespace replay; another body answers 409 IDEMPOTENCY_KEY_REUSED', async () => {
    expect(rules.bodyComparison).toBe('parsed-json');
    const key = crypto.randomUUID();
    const first = await send(
      'POST',
      '/invoices',
      key,
      '{"amount":{"amount":"8.00","currency":"USD"},"reference":"idem-json"}',
    );
    const reordered = await send(
      'POST',
      '/invoices',
      key,
      '{\n  "reference": "idem-json",\n  "amount": { "currency": "USD", "amount": "8.00" }\n}',
    );
    expect([reordered.status, reordered.replayed, reordered.body.id]).toEqual([201, 'true', first.body.id]);
    const other = await send('POST', '/invoices', key, {
      amount: {amount: '8.01', currency: 'USD'},
      reference: 'idem-json',
    });
    expect([other.status, other.body.code, other.replayed]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED', null]);
    const otherPath = await send('POST', '/receive-requests', key, {currency: 'USD'});
    expect([otherPath.status, otherPath.body.code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
    expect(await count('idem-json')).toBe(1);
  });

  it('a kept failure (INSUFFICIENT_FUNDS, new-key) replays to its key even once the balance is funded; a new key then pays out once, and a kept PAYOUT_NOT_INITIABLE replays', async () => {
    expect(row(422, 'INSUFFICIENT_FUNDS')).toMatchObject({kept: true, next: 'new-key'});
    const method = (await send('POST', '/payment-methods/bank', crypto.randomUUID(), US_BANK_ACCOUNT)).body;
    const payout = (
      await send('POST', '/payouts', crypto.randomUUID(), bankTransferRequest(method.id, '10.00', 'USD', 'IDEM FUNDS'))
    ).body;
    const cost = Number(payout.sourceAmount.amount);
    expect(await usd()).toBeLessThan(cost);
    const first = crypto.randomUUID();
    const refused = await send('PATCH', `/payouts/${payout.id}/initiate`, first);
    expect([refused.status, refused.body.code, refused.replayed]).toEqual([422, 'INSUFFICIENT_FUNDS', null]);
    await fund('50.00');
    const before = await usd();
    expect(before).toBeGreaterThanOrEqual(cost);
    const sameKey = await send('PATCH', `/payouts/${payout.id}/initiate`, first);
    expect([sameKey.status, sameKey.body.code, sameKey.replayed]).toEqual([422, 'INSUFFICIENT_FUNDS', 'true']);
    expect(await usd()).toBe(before);
    const second = crypto.randomUUID();
    const initiated = await send('PATCH', `/payouts/${payout.id}/initiate`, second);
    expect([initiated.status, initiated.body.status]).toEqual([200, 'INITIATED']);
    expect(await usd()).toBeCloseTo(before - cost, 2);
    const retried = await send('PATCH', `/payouts/${payout.id}/initiate`, second);
    expect([retried.status, retried.replayed, retried.body.id]).toEqual([200, 'true', payout.id]);
    expect(await usd()).toBeCloseTo(before - cost, 2);

    expect(row(409, 'PAYOUT_NOT_INITIABLE')).toMatchObject({kept: true, next: 'no'});
    const third = crypto.randomUUID();
    const notInitiable = await send('PATCH', `/payouts/${payout.id}/initiate`, third);
    expect([notInitiable.status, notInitiable.body.code, notInitiable.replayed]).toEqual([
      409,
      'PAYOUT_NOT_INITIABLE',
      null,
    ]);
    const replayed = await send('PATCH', `/payouts/${payout.id}/initiate`, third);
    expect([replayed.status, replayed.body.code, replayed.replayed]).toEqual([409, 'PAYOUT_NOT_INITIABLE', 'true']);
  });

  it('answers decided before the operation ran are not kept: after VALIDATION_FAILED, MALFORMED_REQUEST or a 404 from the operation, the same key runs the corrected request', async () => {
    for (const [status, code] of [
      [422, 'VALIDATION_FAILED'],
      [400, 'MALFORMED_REQUEST'],
      [404, 'INVOICE_NOT_FOUND'],
      [404, 'ACCOUNT_NOT_FOUND'],
    ] as const)
      expect(row(status, code).kept, code).toBe(false);
    const invalid = crypto.randomUUID();
    expect((await send('POST', '/invoices', invalid, {amount: {amount: 'ten', currency: 'USD'}})).body.code).toBe(
      'VALIDATION_FAILED',
    );
    const fixed = await send('POST', '/invoices', invalid, {
      amount: {amount: '10.00', currency: 'USD'},
      reference: 'idem-fixed',
    });
    expect([fixed.status, fixed.replayed]).toEqual([201, null]);

    const malformed = crypto.randomUUID();
    expect((await send('POST', '/invoices', malformed, '{"amount":')).body.code).toBe('MALFORMED_REQUEST');
    expect((await send('POST', '/invoices', malformed, {amount: {amount: '1.00', currency: 'USD'}})).status).toBe(201);

    // The 404 comes from the operation itself (the id is well formed): still not kept.
    const missing = crypto.randomUUID();
    const unknown = await send('POST', `/invoices/${crypto.randomUUID()}/quote`, missing);
    expect([unknown.status, unknown.body.code]).toEqual([404, 'INVOICE_NOT_FOUND']);
    const again = await send('POST', `/invoices/${crypto.randomUUID()}/quote`, missing);
    expect([again.status, again.replayed]).toEqual([404, null]);
    const handle = crypto.randomUUID();
    const nobody = await send('POST', '/accounts/handle/nobody-here/invoices', handle, {
      amount: {amount: '1.00', currency: 'USD'},
    });
    expect([nobody.status, nobody.body.code]).toEqual([404, 'ACCOUNT_NOT_FOUND']);
    expect((await send('POST', '/invoices', handle, {amount: {amount: '1.00', currency: 'USD'}})).status).toBe(201);
  });

  it('LNURL_RESOLUTION_FAILED is not kept: the same key runs again, and runs the corrected destination', async () => {
    expect(row(422, 'LNURL_RESOLUTION_FAILED').kept).toBe(false);
    await fund('20.00');
    const key = crypto.randomUUID();
    const body = {destination: LIGHTNING_ADDRESSES.unreachable, amount: {amount: '5.00', currency: 'USD'}};
    const first = await send('POST', '/payment-quotes/lnurl', key, body);
    const again = await send('POST', '/payment-quotes/lnurl', key, body);
    expect([first.status, first.body.code]).toEqual([422, 'LNURL_RESOLUTION_FAILED']);
    expect([again.status, again.body.code, again.replayed]).toEqual([422, 'LNURL_RESOLUTION_FAILED', null]);
    const fixed = await send('POST', '/payment-quotes/lnurl', key, {...body, destination: LIGHTNING_ADDRESSES.pays});
    expect([fixed.status, fixed.replayed]).toEqual([201, null]);
  });

  it.each([
    ['internal-error', 500, 'INTERNAL_ERROR'],
    ['service-unavailable', 503, 'SERVICE_UNAVAILABLE'],
    ['account-restricted', 403, 'ACCOUNT_RESTRICTED'],
  ] as const)(
    '%s is not kept: once it passes, the same request with the same key runs, once',
    async (simulation, status, code) => {
      expect(row(status, code).kept).toBe(false);
      const key = crypto.randomUUID();
      const reference = `idem-${simulation}`;
      const body = {amount: {amount: '3.00', currency: 'USD'}, reference};
      const failed = await send('POST', '/invoices', key, body, {[SIMULATE_HEADER]: simulation});
      expect([failed.status, failed.body.code]).toEqual([status, code]);
      const ran = await send('POST', '/invoices', key, body);
      expect([ran.status, ran.replayed]).toEqual([201, null]);
      const replayed = await send('POST', '/invoices', key, body);
      expect([replayed.status, replayed.replayed, replayed.body.id]).toEqual([201, 'true', ran.body.id]);
      expect(await count(reference)).toBe(1);
    },
  );
});

describe('RATE_LIMITED is not kept', () => {
  const sandbox = suiteSandbox();
  const {send, count} = api(() => sandbox);

  it('a write refused with 429 runs with the same key in the next window, once', async () => {
    expect(row(429, 'RATE_LIMITED')).toMatchObject({kept: false, next: 'same-key'});
    await freshRateLimitWindow();
    const window = Math.floor(Date.now() / WINDOW_MS);
    for (let i = 0; i < SANDBOX_LIMIT; i++) await send('GET', '/account/balances', undefined);
    const key = crypto.randomUUID();
    const body = {amount: {amount: '2.00', currency: 'USD'}, reference: 'idem-429'};
    const limited = await send('POST', '/invoices', key, body);
    expect([limited.status, limited.body.code]).toEqual([429, 'RATE_LIMITED']);
    await waitFor(
      'the next rate-limit window',
      async () => Math.floor(Date.now() / WINDOW_MS) > window,
      WINDOW_MS + 1_000,
    );
    const ran = await send('POST', '/invoices', key, body);
    expect([ran.status, ran.replayed]).toEqual([201, null]);
    expect(await count('idem-429')).toBe(1);
  });
});

/**
 * Every code of the table that a test input of the sandbox guide produces on an operation that
 * takes a key: the row's request is sent again with the same key, and it replays, marked, exactly
 * where the table keeps the answer. So no code's `kept` (and the `retry` it fixes in the catalogue)
 * can be swapped without a sandbox answer disagreeing.
 */
describe('each code the test inputs produce, sent again with the same key', () => {
  const sandbox = suiteSandbox(['--no-rate-limit']);
  const {send, fund} = api(() => sandbox);

  const fill = <T>(value: T, saved: Record<string, string>): T =>
    JSON.parse(JSON.stringify(value ?? null).replace(/\{(\w+)\}/g, (whole, name: string) => saved[name] ?? whole)) as T;
  const keyed = (step: Step) =>
    step.key !== null && (step.method === 'POST' || step.method === 'PATCH') && !step.path.startsWith('/_sandbox');
  const inputs = TEST_INPUTS.filter(
    (input) =>
      !input.flags &&
      input.steps.every((s) => !s.background && !s.times && !s.noAuth) &&
      input.steps.some(
        (s) => s.code && keyed(s) && !s.code.startsWith('IDEMPOTENCY_KEY') && row(expectedStatus(s), s.code),
      ),
  );

  it('cover the kept failures and the not-kept ones', () => {
    const codes = new Set(inputs.flatMap((r) => r.steps.map((s) => s.code)));
    for (const code of [
      'INSUFFICIENT_FUNDS',
      'LIMIT_EXCEEDED',
      'QUOTE_EXPIRED',
      'NO_ROUTE_FOUND',
      'QUOTE_ALREADY_EXECUTED',
      'VALIDATION_FAILED',
      'LNURL_RESOLUTION_FAILED',
    ])
      expect(codes, code).toContain(code);
  });

  it.each(inputs.map((r) => [r.id, r] as const))(
    '%s',
    async (_id, input) => {
      if (input.fundUsd) await fund(input.fundUsd);
      const saved: Record<string, string> = {...input.ids};
      const keys = new Map<string, string>();
      for (const step of [...(input.setup ?? []), ...input.steps]) {
        if (step.wait) await sandbox.advance(step.wait);
        const key = !keyed(step)
          ? undefined
          : step.key
            ? (keys.get(step.key) ?? keys.set(step.key, crypto.randomUUID()).get(step.key)!)
            : crypto.randomUUID();
        const path = fill(step.path, saved);
        const body = step.rawBody ?? (step.body === undefined ? undefined : fill(step.body, saved));
        const answer = await send(step.method, path, key, body, step.headers);
        expect([answer.status, answer.body?.code], `${step.method} ${path}`).toEqual([expectedStatus(step), step.code]);
        if (step.saveAs) saved[step.saveAs] = answer.body.id ?? answer.body.items?.[0]?.id;
        if (!step.code || !key || step.code.startsWith('IDEMPOTENCY_KEY') || !row(expectedStatus(step), step.code))
          continue;
        const again = await send(step.method, path, key, body, step.headers);
        expect([again.status, again.body?.code, again.replayed], `${step.code} sent again`).toEqual([
          expectedStatus(step),
          step.code,
          row(expectedStatus(step), step.code).kept ? 'true' : null,
        ]);
      }
    },
    30_000,
  );
});
