/**
 * An Idempotency-Key retried at another `Kestrel-Version` replays the kept answer, as the version
 * that served the first request wrote it, and says so: its `Kestrel-Version` names that version,
 * with that version's `Deprecation` and `Sunset`. The operation does not run again, so the retry
 * cannot get the other version's shape of the same object. The first request's version also rules
 * the key: what it keeps (1.0.0 kept a refusal of an invalid body) and how a retry's body is
 * compared (1.0.0 byte for byte, the latest release as parsed JSON).
 */
import {describe, expect, it} from 'vitest';
import {localAnswer} from './sandbox-answers';
import {suiteSandbox} from './suite-sandbox';
import {LATEST, V1} from './sandbox-v1';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read field by field

const TOKEN = 'sk_sandbox_versions_keys';
const REQUEST = {currency: 'BTC', amount: {amount: '0.00020000', currency: 'BTC'}};

describe('an Idempotency-Key retried at another Kestrel-Version', () => {
  const sandbox = suiteSandbox(['--no-rate-limit', '--token', TOKEN]);
  /** POST `apiPath` with `body` as sent, at `version`, with `key`. */
  const post = (apiPath: string, version: string, key: string, body: string) =>
    fetch(`${sandbox.base}${apiPath}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${TOKEN}`,
        'Kestrel-Version': version,
        'Content-Type': 'application/json',
        'Idempotency-Key': key,
      },
      body,
    });
  /** POST /receive-requests at `version` with `key`; the answer checked against the version it names. */
  const create = async (version: string, key: string) => {
    const res = await post('/receive-requests', version, key, JSON.stringify(REQUEST));
    const text = await res.text();
    const {parsed, problems} = localAnswer('POST', '/receive-requests', res, text);
    expect(problems).toEqual([]);
    const header = (name: string) => res.headers.get(name);
    return {
      status: res.status,
      body: parsed as Json,
      version: header('kestrel-version'),
      replayed: header('idempotent-replayed'),
      deprecation: header('deprecation'),
      sunset: header('sunset'),
    };
  };

  it('made at 1.0.0 and retried at the latest release, replays 1.0.0’s answer, named 1.0.0, with 1.0.0’s Deprecation and Sunset', async () => {
    const key = crypto.randomUUID();
    const first = await create(V1, key);
    expect([first.status, first.version, first.replayed]).toEqual([201, V1, null]);
    expect(first.body.lnInvoice).toMatch(/^lntbs/);
    const retry = await create(LATEST, key);
    expect([retry.status, retry.version, retry.replayed]).toEqual([201, V1, 'true']);
    expect(retry.body).toEqual(first.body);
    expect([retry.deprecation, retry.sunset]).toEqual([first.deprecation, first.sunset]);
    expect(retry.deprecation).toMatch(/^@\d+$/);
  });

  it('made at the latest release and retried at 1.0.0, replays the latest release’s answer, named so, without Deprecation', async () => {
    const key = crypto.randomUUID();
    const first = await create(LATEST, key);
    expect([first.status, first.version]).toEqual([201, LATEST]);
    expect(first.body.lnurl).toMatch(/^LNURL1/);
    const retry = await create(V1, key);
    expect([retry.status, retry.version, retry.replayed]).toEqual([201, LATEST, 'true']);
    expect(retry.body).toEqual(first.body);
    expect([retry.deprecation, retry.sunset]).toEqual([null, null]);
  });

  it('follows the rules of its first request’s version: what it keeps and how the retry’s body is compared', async () => {
    /** POST /invoices with `body` as sent, at `version`, with `key`. */
    const invoice = async (version: string, key: string, body: string) => {
      const res = await post('/invoices', version, key, body);
      const answer = (await res.json()) as Json;
      return [
        res.status,
        answer.code ?? null,
        res.headers.get('idempotent-replayed'),
        res.headers.get('kestrel-version'),
      ];
    };
    const body = '{"amount": {"amount": "3.00", "currency": "USD"}}';
    const reordered = '{"amount": {"currency": "USD", "amount": "3.00"}}';

    // Made at 1.0.0, which compared bytes: the reordered body is another request, at any version.
    const then = crypto.randomUUID();
    await invoice(V1, then, body);
    expect(await invoice(LATEST, then, reordered)).toEqual([409, 'IDEMPOTENCY_KEY_REUSED', null, LATEST]);
    // Made at the latest release, which compares parsed JSON: the reordered body replays at 1.0.0.
    const now = crypto.randomUUID();
    await invoice(LATEST, now, body);
    expect(await invoice(V1, now, reordered)).toEqual([201, null, 'true', LATEST]);
    // 1.0.0 kept the refusal of an invalid body: the key holds it, so the fixed body is another
    // request, at any version. The latest release refuses the invalid body itself, before the key.
    const refused = crypto.randomUUID();
    expect(await invoice(V1, refused, '{}')).toEqual([422, 'VALIDATION_FAILED', null, V1]);
    expect(await invoice(V1, refused, '{}')).toEqual([422, 'VALIDATION_FAILED', 'true', V1]);
    expect(await invoice(LATEST, refused, body)).toEqual([409, 'IDEMPOTENCY_KEY_REUSED', null, LATEST]);
    expect(await invoice(LATEST, refused, '{}')).toEqual([422, 'VALIDATION_FAILED', null, LATEST]);
  });
});
