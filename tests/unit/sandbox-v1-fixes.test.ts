/**
 * Fixes that apply at every version stay on for a client pinned to 1.0.0: an Idempotency-Key
 * belongs to the account, so a retry sent with another API key of the same account replays the
 * first answer (1.0.0's own mainnet request examples, refused at every version, are a claim of
 * sandbox-v1-claims.test.ts). How a retry's body is compared is
 * no fix but a breaking change of 2.0.0: at 1.0.0 the same body written with its keys in another
 * order is another body, as 1.0.0 compared bodies as sent.
 */
import {describe, expect, it} from 'vitest';
import {suiteSandbox} from './suite-sandbox';
import {V1} from './sandbox-v1';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read field by field

const FIRST_KEY = 'sk_sandbox_v1_fixes_first';
const ROTATED_KEY = 'sk_sandbox_v1_fixes_rotated';

describe('fixes to every version stay on at Kestrel-Version 1.0.0', () => {
  const sandbox = suiteSandbox(['--no-rate-limit', '--token', `${FIRST_KEY}=fixes`, '--token', `${ROTATED_KEY}=fixes`]);
  const send = async (version: string, token: string, apiPath: string, body: unknown, key = crypto.randomUUID()) => {
    const res = await fetch(`${sandbox.base}${apiPath}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Kestrel-Version': version,
        'Content-Type': 'application/json',
        'Idempotency-Key': key,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return {status: res.status, replayed: res.headers.get('idempotent-replayed'), body: (await res.json()) as Json};
  };

  it('at 1.0.0 a retry with another API key of the same account replays the first answer; the same body reordered is another body there', async () => {
    const key = crypto.randomUUID();
    const first = await send(V1, FIRST_KEY, '/invoices', {amount: {amount: '7.00', currency: 'USD'}}, key);
    expect([first.status, first.replayed]).toEqual([201, null]);
    const rotated = await send(V1, ROTATED_KEY, '/invoices', {amount: {amount: '7.00', currency: 'USD'}}, key);
    expect([rotated.status, rotated.replayed, rotated.body.id]).toEqual([201, 'true', first.body.id]);
    const reordered = await send(
      V1,
      FIRST_KEY,
      '/invoices',
      '{ "amount": {"currency": "USD", "amount": "7.00"} }',
      key,
    );
    expect([reordered.status, reordered.body.code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
  });
});
