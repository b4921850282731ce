/**
 * Failures on demand, on an in-process sandbox: `Kestrel-Sandbox-Simulate: internal-error-after-work`
 * (the operation runs and its answer is kept, then a 500: the retry with the same key replays it),
 * `/_sandbox/faults` (the account's next N API requests answer 429, 503 or 500, nothing runs, the
 * key stays free) and `/_sandbox/maintenance` (a window on the sandbox clock during which changes
 * answer 503 with `Retry-After` to its end and reads answer). Each is per account, and a bad body
 * answers a problem naming the field.
 */
import {readFileSync} from 'node:fs';
import type {AddressInfo} from 'node:net';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {Definition} from '../../sandbox/definition';
import {FAULT_CODES} from '../../sandbox/faults-control';
import {errorStatus, loadDefinition} from '../../definition/index';
import {createSandbox, type Sandbox} from '../../sandbox/start';
import {RETRY_AFTER_SECONDS, SIMULATE_HEADER} from '../../sandbox/test-inputs';
import {renderFacts} from '../../plugins/prose-facts/render.ts';
import {ROOT, loadBundledDefinition} from './openapi-definition';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers read field by field

const definition = new Definition(loadBundledDefinition());
const ALICE = 'sk_sandbox_alice_faults';
const BOB = 'sk_sandbox_bob_faults';
/** A token of the default account: the one a control request without a token acts for. */
const DEFAULT = 'sk_sandbox_default_faults';

let sandbox: Sandbox;
let origin: string;

beforeAll(async () => {
  sandbox = createSandbox(definition, {
    manualClock: true,
    rateLimit: false,
    token: DEFAULT,
    tokens: {[ALICE]: 'alice', [BOB]: 'bob'},
  });
  await new Promise<void>((resolve) => sandbox.server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}`;
});
afterAll(() => {
  sandbox.server.close();
});

interface Answer {
  status: number;
  headers: Headers;
  body: Json;
}

async function request(
  method: string,
  path: string,
  options: {token?: string | null; body?: unknown; raw?: string; key?: string; headers?: Record<string, string>} = {},
): Promise<Answer> {
  const text = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const token = options.token === undefined ? ALICE : options.token;
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(token !== null && {Authorization: `Bearer ${token}`}),
      ...(text !== undefined && {'Content-Type': 'application/json'}),
      ...(options.key !== undefined && {'Idempotency-Key': options.key}),
      ...options.headers,
    },
    body: text,
  });
  const body = await res.text();
  return {status: res.status, headers: res.headers, body: body ? JSON.parse(body) : undefined};
}

/** The invoices of an account with this reference: how many times an operation ran. */
async function invoicesWith(reference: string, token = ALICE): Promise<Json[]> {
  const filter = encodeURIComponent(`reference eq '${reference}'`);
  const list = await request('GET', `/v1/invoices?$filter=${filter}`, {token});
  expect(list.status).toBe(200);
  return list.body.items;
}

const invoice = (reference: string, amount = '10.00') => ({amount: {amount, currency: 'USD'}, reference});

/** POST /v1/invoices with the key, asking the sandbox to simulate `simulation`. */
const createSimulating = (simulation: string, key: string, body: Json) =>
  request('POST', '/v1/invoices', {key, body, headers: {[SIMULATE_HEADER]: simulation}});

describe(`${SIMULATE_HEADER}: internal-error-after-work`, () => {
  it('answers 500 after the operation ran; the retry with the same key and body replays the kept 201, and one invoice exists', async () => {
    const key = crypto.randomUUID();
    const failed = await createSimulating('internal-error-after-work', key, invoice('after-work'));
    expect(failed.status).toBe(500);
    expect(failed.headers.get('content-type')).toBe('application/problem+json');
    expect(failed.body.code).toBe('INTERNAL_ERROR');
    const retry = await request('POST', '/v1/invoices', {key, body: invoice('after-work')});
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    const made = await invoicesWith('after-work');
    expect(made.map((i) => i.id)).toEqual([retry.body.id]);
    // Another body with the key is another request: the key holds the first one's answer.
    const other = await request('POST', '/v1/invoices', {key, body: invoice('after-work', '11.00')});
    expect([other.status, other.body.code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
  });

  it('internal-error stays "nothing ran, key freed": the retry runs and is not a replay', async () => {
    const key = crypto.randomUUID();
    const failed = await createSimulating('internal-error', key, invoice('before-work'));
    expect(failed.status).toBe(500);
    expect(await invoicesWith('before-work')).toEqual([]);
    const retry = await request('POST', '/v1/invoices', {key, body: invoice('before-work')});
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect((await invoicesWith('before-work')).length).toBe(1);
  });
});

describe('/_sandbox/faults', () => {
  it('the next N requests of the account answer the fault with Retry-After, nothing runs, the key stays free; GET counts down', async () => {
    const posted = await request('POST', '/_sandbox/faults', {
      body: {code: 'RATE_LIMITED', count: 2, retryAfterSeconds: 7},
    });
    expect(posted.status).toBe(201);
    expect(posted.body).toEqual({code: 'RATE_LIMITED', count: 2, retryAfterSeconds: 7});
    expect((await request('GET', '/_sandbox/faults')).body.remaining).toBe(2);
    // Another account's requests are not touched.
    expect((await request('GET', '/v1/account/balances', {token: BOB})).status).toBe(200);
    expect((await request('GET', '/_sandbox/faults', {token: BOB})).body).toEqual({remaining: 0, faults: []});

    const key = crypto.randomUUID();
    const first = await request('POST', '/v1/invoices', {key, body: invoice('fault-429')});
    expect([first.status, first.body.code, first.headers.get('retry-after')]).toEqual([429, 'RATE_LIMITED', '7']);
    expect((await request('GET', '/_sandbox/faults')).body).toEqual({
      remaining: 1,
      faults: [{code: 'RATE_LIMITED', remaining: 1, retryAfterSeconds: 7}],
    });
    const second = await request('GET', '/v1/account/balances');
    expect([second.status, second.headers.get('retry-after')]).toEqual([429, '7']);
    expect(await invoicesWith('fault-429')).toEqual([]);
    const third = await request('POST', '/v1/invoices', {key, body: invoice('fault-429')});
    expect(third.status).toBe(201);
    expect(third.headers.get('idempotent-replayed')).toBeNull();
    expect((await request('GET', '/_sandbox/faults')).body.remaining).toBe(0);
  });

  it('SERVICE_UNAVAILABLE answers 503 with Retry-After (default RETRY_AFTER_SECONDS), INTERNAL_ERROR 500 without it, in the order posted', async () => {
    expect((await request('POST', '/_sandbox/faults', {body: {code: 'SERVICE_UNAVAILABLE'}})).status).toBe(201);
    expect((await request('POST', '/_sandbox/faults', {body: {code: 'INTERNAL_ERROR', count: 1}})).status).toBe(201);
    const unavailable = await request('GET', '/v1/account/balances');
    expect([unavailable.status, unavailable.body.code, unavailable.headers.get('retry-after')]).toEqual([
      503,
      'SERVICE_UNAVAILABLE',
      String(RETRY_AFTER_SECONDS),
    ]);
    const failed = await request('GET', '/v1/account/balances');
    expect([failed.status, failed.body.code, failed.headers.get('retry-after')]).toEqual([500, 'INTERNAL_ERROR', null]);
    expect((await request('GET', '/v1/account/balances')).status).toBe(200);
  });

  it('a control request without a token acts for the default account', async () => {
    expect((await request('POST', '/_sandbox/faults', {token: null, body: {code: 'INTERNAL_ERROR'}})).status).toBe(201);
    expect((await request('GET', '/v1/account/balances')).status).toBe(200);
    expect((await request('GET', '/v1/account/balances', {token: DEFAULT})).status).toBe(500);
    expect((await request('GET', '/v1/account/balances', {token: DEFAULT})).status).toBe(200);
  });

  it('DELETE clears the faults left', async () => {
    expect((await request('POST', '/_sandbox/faults', {body: {code: 'INTERNAL_ERROR', count: 5}})).status).toBe(201);
    expect((await request('DELETE', '/_sandbox/faults')).status).toBe(204);
    expect((await request('GET', '/_sandbox/faults')).body).toEqual({remaining: 0, faults: []});
    expect((await request('GET', '/v1/account/balances')).status).toBe(200);
  });

  it.each([
    [{code: 'TEAPOT'}, 'code'],
    [{count: 2}, 'code'],
    [{code: 'RATE_LIMITED', count: 0}, 'count'],
    [{code: 'RATE_LIMITED', count: 1.5}, 'count'],
    [{code: 'RATE_LIMITED', retryAfterSeconds: -1}, 'retryAfterSeconds'],
    [{code: 'RATE_LIMITED', times: 2}, 'times'],
  ])('a bad body %j answers 422 VALIDATION_FAILED naming %s', async (body, field) => {
    const answer = await request('POST', '/_sandbox/faults', {body});
    expect(answer.status).toBe(422);
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
    expect(answer.body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(answer.body.validationErrors)).toEqual([field]);
    expect((await request('GET', '/_sandbox/faults')).body.remaining).toBe(0);
  });

  it('a body that is not a JSON object answers 400 MALFORMED_REQUEST; an unknown token 401', async () => {
    for (const raw of ['{"code":', '[1]']) {
      const answer = await request('POST', '/_sandbox/faults', {raw});
      expect([answer.status, answer.body.code]).toEqual([400, 'MALFORMED_REQUEST']);
    }
    expect((await request('GET', '/_sandbox/faults', {token: 'sk_sandbox_nobody'})).status).toBe(401);
  });
});

describe('/_sandbox/maintenance', () => {
  it('during a window on the sandbox clock, changes answer 503 with Retry-After to its end and the key stays free; reads answer', async () => {
    const posted = await request('POST', '/_sandbox/maintenance', {body: {startsInSeconds: 60, durationSeconds: 1800}});
    expect(posted.status).toBe(201);
    const startsAt = Date.parse(posted.body.startsAt);
    expect(Date.parse(posted.body.endsAt) - startsAt).toBe(1800 * 1000);
    expect((await request('GET', '/_sandbox/maintenance')).body).toEqual({windows: [posted.body]});
    expect((await request('GET', '/_sandbox/maintenance', {token: BOB})).body).toEqual({windows: []});
    // Not yet open.
    expect((await request('POST', '/v1/invoices', {key: crypto.randomUUID(), body: invoice('m-early')})).status).toBe(
      201,
    );

    sandbox.clock.advance(60_000);
    const key = crypto.randomUUID();
    const refused = await request('POST', '/v1/invoices', {key, body: invoice('m-during')});
    expect([refused.status, refused.body.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    expect(Number(refused.headers.get('retry-after'))).toBe(
      Math.ceil((Date.parse(posted.body.endsAt) - sandbox.clock.now()) / 1000),
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(1790);
    expect((await request('GET', '/v1/invoices')).status).toBe(200);
    // Another account is not in maintenance.
    expect((await request('POST', '/v1/invoices', {token: BOB, key, body: invoice('m-bob')})).status).toBe(201);

    sandbox.clock.advance(1200_000);
    const later = await request('POST', '/v1/invoices', {key, body: invoice('m-during')});
    expect(later.status).toBe(503);
    expect(Number(later.headers.get('retry-after'))).toBeLessThanOrEqual(600);
    expect(await invoicesWith('m-during')).toEqual([]);

    sandbox.clock.advance(600_000);
    const after = await request('POST', '/v1/invoices', {key, body: invoice('m-during')});
    expect(after.status).toBe(201);
    expect(after.headers.get('idempotent-replayed')).toBeNull();
    expect((await request('GET', '/_sandbox/maintenance')).body).toEqual({windows: []});
  });

  it('DELETE ends the windows', async () => {
    expect((await request('POST', '/_sandbox/maintenance', {body: {durationSeconds: 600}})).status).toBe(201);
    expect((await request('POST', '/v1/invoices', {key: crypto.randomUUID(), body: invoice('m-x')})).status).toBe(503);
    expect((await request('DELETE', '/_sandbox/maintenance')).status).toBe(204);
    expect((await request('POST', '/v1/invoices', {key: crypto.randomUUID(), body: invoice('m-x')})).status).toBe(201);
  });

  it.each([
    [{}, 'durationSeconds'],
    [{durationSeconds: 0}, 'durationSeconds'],
    [{durationSeconds: '60'}, 'durationSeconds'],
    [{durationSeconds: 60, startsInSeconds: -5}, 'startsInSeconds'],
    [{durationSeconds: 60, endsInSeconds: 5}, 'endsInSeconds'],
  ])('a bad body %j answers 422 VALIDATION_FAILED naming %s', async (body, field) => {
    const answer = await request('POST', '/_sandbox/maintenance', {body});
    expect([answer.status, answer.body.code]).toEqual([422, 'VALIDATION_FAILED']);
    expect(Object.keys(answer.body.validationErrors)).toEqual([field]);
    expect((await request('GET', '/_sandbox/maintenance')).body).toEqual({windows: []});
  });
});

describe('docs/sandbox.md on failures on demand', () => {
  const page = renderFacts(readFileSync(path.join(ROOT, 'docs/sandbox.md'), 'utf8'), 'docs/sandbox.md');
  const section = page.slice(page.indexOf('### Make it fail on demand'), page.indexOf('### What it does'));

  it('names each control, the simulate value and the default Retry-After the sandbox uses', () => {
    expect(section).toContain(`${SIMULATE_HEADER}: internal-error-after-work`);
    for (const control of ['POST /_sandbox/faults', 'GET /_sandbox/faults', 'POST /_sandbox/maintenance'])
      expect(section).toContain(control);
    for (const code of FAULT_CODES)
      expect(section).toContain(`\`${code}\` (\`${errorStatus(loadDefinition().errorCodes, code)}\`)`);
    expect(section).toContain(`(default ${RETRY_AFTER_SECONDS})`);
  });
});
