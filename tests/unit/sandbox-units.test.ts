/**
 * Pieces of the local sandbox checked against the documents they follow: its webhook signature
 * against the published test vectors, its
 * `$filter` parser on the guides' own filters, and `--state` across a restart.
 */
import {describe, it, expect} from 'vitest';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {signature} from '../../sandbox/webhooks.ts';
import {listPage, parseFilter} from '../../sandbox/query.ts';
import {bolt11Amount} from '../../sandbox/operations/payments.ts';
import {IdempotencyKeys} from '../../sandbox/idempotency.ts';
import {loadDefinition} from '../../definition/index.ts';
import type {ProblemError} from '../../sandbox/problems.ts';
import {RateLimiter} from '../../sandbox/rate-limit.ts';
import {SANDBOX_LIMIT, WINDOW_MS} from '../../sandbox/rate-limit-figures.ts';
import {ROOT} from './openapi-definition';
import {startSandbox} from './sandbox-process';

const vectors = JSON.parse(readFileSync(path.join(ROOT, 'examples/webhooks/vectors.json'), 'utf8')) as {
  vectors: {name: string; secret: string; rawBody: string; header: string; expected: string}[];
};

describe('Kestrel-Signature', () => {
  // The sandbox signs with the time written as a plain decimal number, so it can only produce the
  // vectors whose header is `t=<that number>,v1=<lower-case hex>`. Vectors written some other way
  // (t with leading zeros, t after v1, two signatures) exercise receivers, not the signer.
  it('is the header of every plain valid test vector, byte for byte', () => {
    const plain = vectors.vectors.filter(
      (v) => v.expected === 'valid' && /^t=(0|[1-9]\d*),v1=[0-9a-f]{64}$/.test(v.header),
    );
    expect(plain.length).toBeGreaterThanOrEqual(3);
    for (const v of plain)
      expect(signature(v.secret, Number(/^t=(\d+)/.exec(v.header)![1]), v.rawBody), v.name).toBe(v.header);
  });
});

describe('the rate limiter, on an injected clock', () => {
  const WINDOW = Math.ceil(1_700_000_000_000 / WINDOW_MS) * WINDOW_MS; // a window starts here
  const LIMIT = String(SANDBOX_LIMIT);
  // 2.8 s before the window ends: Retry-After rounds the rest up to whole seconds.
  const late = WINDOW_MS - 2_800;
  const lateReset = String(Math.ceil(2_800 / 1000));

  it(`lets ${SANDBOX_LIMIT} requests through per key and window, counting down, then answers 429 with Retry-After until the window ends`, () => {
    const limiter = new RateLimiter();
    const counts = Array.from({length: SANDBOX_LIMIT}, (_, i) => limiter.count('key-a', WINDOW + i * 100));
    expect(counts.every((c) => c.limited === undefined)).toBe(true);
    expect(counts.map((c) => c.headers['RateLimit-Remaining'])).toEqual(
      Array.from({length: SANDBOX_LIMIT}, (_, i) => String(SANDBOX_LIMIT - 1 - i)),
    );
    expect(counts[0]!.headers).toEqual({
      'RateLimit-Limit': LIMIT,
      'RateLimit-Remaining': String(SANDBOX_LIMIT - 1),
      'RateLimit-Reset': String(WINDOW_MS / 1000),
    });
    const over = limiter.count('key-a', WINDOW + late);
    expect(over.limited?.code).toBe('RATE_LIMITED');
    expect(over.limited?.headers).toEqual({
      'RateLimit-Limit': LIMIT,
      'RateLimit-Remaining': '0',
      'RateLimit-Reset': lateReset,
      'Retry-After': lateReset,
    });
    expect(limiter.count('key-a', WINDOW + WINDOW_MS - 1).limited?.headers['Retry-After']).toBe('1');
    expect(limiter.count('key-b', WINDOW + WINDOW_MS - 1).limited).toBeUndefined();
    const next = limiter.count('key-a', WINDOW + WINDOW_MS);
    expect(next.limited).toBeUndefined();
    expect(next.headers['RateLimit-Remaining']).toBe(String(SANDBOX_LIMIT - 1));
  });
});

describe('list options', () => {
  const items = [
    {
      id: 'a',
      status: 'PAID',
      reference: "o'neil",
      amount: {currency: 'USD'},
      created: '2026-11-01T10:00:00Z',
      deliverySuccess: false,
    },
    {
      id: 'b',
      status: 'UNPAID',
      reference: 'x',
      amount: {currency: 'EUR'},
      created: '2026-11-02T10:00:00Z',
      deliverySuccess: true,
    },
    {
      id: 'c',
      status: 'PAID',
      reference: null,
      amount: {currency: 'EUR'},
      created: '2026-11-03T10:00:00Z',
      deliverySuccess: false,
    },
  ];
  const fields = ['status', 'reference', 'amount/currency', 'created', 'deliverySuccess'];
  const ids = (filter: string, extra = {}) =>
    listPage(items, {$filter: filter, ...extra}, fields).items.map((i) => i.id);

  it('read the filters the guides show', () => {
    expect(ids("status eq 'PAID' and created ge 2026-11-02T00:00:00Z")).toEqual(['c']);
    expect(ids('deliverySuccess eq false')).toEqual(['c', 'a']);
    expect(ids("amount/currency eq 'EUR' or reference eq 'o''neil'")).toEqual(['c', 'b', 'a']);
    expect(ids("not (status eq 'PAID')")).toEqual(['b']);
    expect(ids('reference eq null')).toEqual(['c']);
    expect(ids("status ne 'PAID'", {$orderby: 'created asc', $top: 1})).toEqual(['b']);
    expect(listPage(items, {$skip: 1, $top: 1}, fields)).toEqual({items: [items[1]], count: 3});
  });

  it('refuse what does not parse or names another field, saying where', () => {
    expect(() => parseFilter("colour eq 'red'", fields)).toThrow(/colour/);
    expect(() => parseFilter("(status eq 'PAID'", fields)).toThrow(/without its "\)"/);
    expect(() => parseFilter('status eq', fields)).toThrow(/value after "status eq"/);
    expect(() => parseFilter("status is 'PAID'", fields)).toThrow(/eq, ne, gt, ge, lt or le/);
  });
});

describe('list options: any on a list inside each item', () => {
  const events = [
    {id: 'a', created: '2026-11-01T10:00:00Z', deliveries: [{subscriptionId: 's1', status: 'SUCCEEDED'}]},
    {
      id: 'b',
      created: '2026-11-02T10:00:00Z',
      deliveries: [
        {subscriptionId: 's1', status: 'SUCCEEDED'},
        {subscriptionId: 's2', status: 'PENDING'},
      ],
    },
    {id: 'c', created: '2026-11-03T10:00:00Z', deliveries: []},
  ];
  const fields = ['created', 'deliverySuccess'];
  const anyFields = ['deliveries/subscriptionId', 'deliveries/status'];
  const ids = (filter: string) => listPage(events, {$filter: filter}, fields, anyFields).items.map((e) => e.id);

  it('holds when one element matches the whole inner expression', () => {
    expect(ids("deliveries/any(d: d/subscriptionId eq 's2' and d/status ne 'SUCCEEDED')")).toEqual(['b']);
    expect(ids("deliveries/any(d: d/subscriptionId eq 's1' and d/status ne 'SUCCEEDED')")).toEqual([]);
    expect(ids("not deliveries/any(x: x/status eq 'SUCCEEDED') and created ge 2026-11-02T00:00:00Z")).toEqual(['c']);
  });

  it('refuses its fields outside any, other fields or variables inside it, and a malformed lambda', () => {
    expect(() => parseFilter("deliveries/status eq 'PENDING'", fields, anyFields)).toThrow(/deliveries\/status/);
    expect(() => parseFilter('deliveries/any(d: d/attempts eq 1)', fields, anyFields)).toThrow(
      /d\/subscriptionId, d\/status/,
    );
    expect(() => parseFilter("deliveries/any(d: e/status eq 'PENDING')", fields, anyFields)).toThrow(/e\/status/);
    expect(() => parseFilter("deliveries/any(d d/status eq 'PENDING')", fields, anyFields)).toThrow(
      /a variable and a colon/,
    );
    expect(() => parseFilter("deliveries/any(d: d/status eq 'PENDING'", fields, anyFields)).toThrow(/without its "\)"/);
    expect(() => parseFilter("data/any(d: d/status eq 'PENDING')", fields, anyFields)).toThrow(/cannot filter on data/);
  });
});

describe('BOLT11 amounts', () => {
  it('are read from the human-readable part, in units of 10^-8 BTC', () => {
    expect(bolt11Amount('lntbs250u1pexample')).toBe(25_000n);
    expect(bolt11Amount('lnbc1542420n1pexample')).toBe(154_242n);
    expect(bolt11Amount('lntbs2m1pexample')).toBe(200_000n);
    expect(bolt11Amount('lntbs1pexample')).toBeUndefined();
  });
});

describe('--state FILE', () => {
  it('keeps objects, balances and the clock across a restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kestrel-state-'));
    const file = path.join(dir, 'sandbox.json');
    const headers = {Authorization: 'Bearer local-test-token', 'Content-Type': 'application/json'};
    try {
      const first = await startSandbox(['--state', file, '--pay-after', '1']);
      const invoice = await (
        await fetch(`${first.base}/invoices`, {
          method: 'POST',
          headers: {...headers, 'Idempotency-Key': crypto.randomUUID()},
          body: JSON.stringify({amount: {amount: '15.00', currency: 'USD'}}),
        })
      ).json();
      await fetch(`${first.base}/invoices/${invoice.id}/quote`, {
        method: 'POST',
        headers: {Authorization: headers.Authorization, 'Idempotency-Key': crypto.randomUUID()},
      });
      await first.advance(5);
      expect(await first.stop('SIGTERM')).toBe(0);

      const second = await startSandbox(['--state', file]);
      try {
        const again = await (await fetch(`${second.base}/invoices/${invoice.id}`, {headers})).json();
        expect(again).toMatchObject({id: invoice.id, status: 'PAID'});
        const usd = (await (await fetch(`${second.base}/account/balances`, {headers})).json()).items.find(
          (b: {currency: string}) => b.currency === 'USD',
        );
        expect(usd.available.amount).toBe('15.00');
        expect((await (await fetch(`${second.origin}/_sandbox/clock`)).json()).offsetSeconds).toBeGreaterThanOrEqual(5);
      } finally {
        await second.stop('SIGTERM');
      }
      writeBroken(file);
      const broken = await startSandbox(['--state', file]).catch((error: Error) => error);
      expect(String(broken)).toContain(`--state ${file} is not a sandbox state file`);
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });
});

function writeBroken(file: string) {
  // A file that is not the sandbox's: the sandbox must refuse it, naming it, and not start empty.
  writeFileSync(file, '{"hello": "world"}');
}

describe('Idempotency-Key bookkeeping', () => {
  const scope = 'token POST /v1/invoices';
  const code = (fn: () => unknown) => {
    try {
      fn();
      return undefined;
    } catch (error) {
      return (error as ProblemError).code;
    }
  };

  const rules = loadDefinition().idempotency!;
  const KEEP_MS = rules.retentionHours * 3600_000;

  it('a key whose first request still runs answers IDEMPOTENCY_KEY_IN_USE; once done, the same request replays', () => {
    const keys = new IdempotencyKeys(rules);
    const first = keys.fingerprint('POST', '/v1/invoices', {a: 1}, '{"a":1}');
    expect(keys.begin(scope, 'k1', first, 0)).toBeUndefined();
    expect(code(() => keys.begin(scope, 'k1', first, 1))).toBe('IDEMPOTENCY_KEY_IN_USE');
    keys.finish(scope, 'k1', {status: 201, body: {id: 'x'}}, 2);
    expect(keys.begin(scope, 'k1', first, 3)).toEqual({status: 201, body: {id: 'x'}});
    const other = keys.fingerprint('POST', '/v1/invoices', {a: 2}, '{"a":2}');
    expect(code(() => keys.begin(scope, 'k1', other, 4))).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('compares bodies as parsed JSON: key order and whitespace make no other request; method and path do', () => {
    const keys = new IdempotencyKeys(rules);
    const a = keys.fingerprint(
      'POST',
      '/v1/invoices',
      {a: 1, b: {c: [1, 2], d: 'x'}},
      '{"a":1,"b":{"c":[1,2],"d":"x"}}',
    );
    const b = keys.fingerprint(
      'POST',
      '/v1/invoices',
      {b: {d: 'x', c: [1, 2]}, a: 1},
      '{ "b": {"d":"x","c":[1,2]}, "a": 1 }',
    );
    expect(b).toBe(a);
    expect(keys.fingerprint('POST', '/v1/invoices', {a: 1, b: {c: [2, 1], d: 'x'}}, '')).not.toBe(a);
    expect(keys.fingerprint('PATCH', '/v1/invoices', {a: 1, b: {c: [1, 2], d: 'x'}}, '')).not.toBe(a);
    expect(keys.fingerprint('POST', '/v1/payouts', {a: 1, b: {c: [1, 2], d: 'x'}}, '')).not.toBe(a);
    // Where the table said bytes, the same reordering would be another request.
    const bytes = new IdempotencyKeys({...rules, bodyComparison: 'bytes'});
    expect(bytes.fingerprint('POST', '/v1/x', {a: 1, b: 2}, '{"a":1,"b":2}')).not.toBe(
      bytes.fingerprint('POST', '/v1/x', {b: 2, a: 1}, '{"b":2,"a":1}'),
    );
  });

  it('forgets a key after the retention, and keeps exactly the answers the table marks kept', () => {
    const keys = new IdempotencyKeys(rules);
    keys.begin(scope, 'k2', '{}', 0);
    keys.finish(scope, 'k2', {status: 201, body: {id: 'y'}}, 0);
    expect(keys.begin(scope, 'k2', '{}', KEEP_MS - 1)).toEqual({status: 201, body: {id: 'y'}});
    expect(keys.begin(scope, 'k2', '{}', KEEP_MS)).toBeUndefined();
    for (const row of rules.outcomes.filter((r) => r.code)) {
      const key = `k-${row.code}`;
      keys.begin(scope, key, '{}', 0);
      keys.finish(scope, key, {status: row.status as number, code: row.code, body: {error: row.code!}}, 0);
      const again = keys.begin(scope, key, '{}', 1);
      expect(again === undefined ? 'runs again' : 'replays', row.code).toBe(row.kept ? 'replays' : 'runs again');
    }
  });

  it('refuses a missing, empty or too long key, naming the header', () => {
    expect(code(() => IdempotencyKeys.check(undefined))).toBe('IDEMPOTENCY_KEY_INVALID');
    expect(code(() => IdempotencyKeys.check(''))).toBe('IDEMPOTENCY_KEY_INVALID');
    expect(code(() => IdempotencyKeys.check('k'.repeat(256)))).toBe('IDEMPOTENCY_KEY_INVALID');
    expect(IdempotencyKeys.check('k'.repeat(255))).toHaveLength(255);
  });
});
