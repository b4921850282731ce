/**
 * Fixes that apply at every version stay on for a client pinned to 1.0.0: the sandbox pays signet
 * only, so 1.0.0's own request examples (mainnet `lnbc…` and `bc1…` values) are refused at 1.0.0
 * as at the latest release; and an Idempotency-Key belongs to the account, so a retry sent with
 * another API key of the same account replays the first answer. How a retry's body is compared is
 * no fix but a breaking change of 2.0.0: at 1.0.0 the same body written with its keys in another
 * order is another body, as 1.0.0 compared bodies as sent.
 */
import {describe, expect, it} from 'vitest';
import {resolve, type JsonObject} from '../../definition/index.ts';
import {suiteSandbox} from './suite-sandbox';
import {LATEST, V1, releaseDefinition} from './sandbox-v1';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read field by field

const FIRST_KEY = 'sk_sandbox_v1_fixes_first';
const ROTATED_KEY = 'sk_sandbox_v1_fixes_rotated';

/** The first documented request example of an operation in 1.0.0's definition. */
function requestExampleOfV1(apiPath: string): Json {
  const root = releaseDefinition(V1).root as Json;
  const deref = (node: Json, at: string): Json => resolve(root as JsonObject, node, at).node as Json;
  const body = deref(root.paths[apiPath].post.requestBody, `#/paths/${apiPath}/post/requestBody`);
  const example = deref(Object.values(body.content['application/json'].examples as Json)[0] as Json, 'example');
  return example.value;
}

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

  it('1.0.0’s own mainnet request examples are refused at 1.0.0 and at the latest release, naming the field and its network', async () => {
    for (const [apiPath, field] of [
      ['/payment-quotes/lightning', 'lnInvoice'],
      ['/payment-quotes/onchain', 'address'],
    ] as const) {
      const example = requestExampleOfV1(apiPath);
      expect(String(example[field])).toMatch(/^(lnbc|bc1)/);
      for (const version of [V1, LATEST]) {
        const answer = await send(version, FIRST_KEY, apiPath, example);
        expect([answer.status, answer.body.code]).toEqual([422, 'VALIDATION_FAILED']);
        expect(answer.body.validationErrors[field].join(' ')).toMatch(/mainnet .*signet/);
      }
    }
  });

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
