/**
 * A run's inputs. The caller may give any; the rest are made fresh for each run, so a document runs
 * again against the same sandbox state without colliding with its earlier run:
 *
 * - `x-kestrel-input: order-id`: a new order id;
 * - `x-kestrel-key: {operation, attempt}`: the Idempotency-Key of that order's operation and
 *   attempt, the version 5 UUID of `ORDER:OPERATION:ATTEMPT`, so a retry after a restart sends it again;
 * - `x-kestrel-input: secret`: a new webhook secret;
 * - `x-kestrel-input: receiver-url` (`x-kestrel-verify-with`: the secret inputs it checks) and
 *   `failing-receiver-url`: an endpoint of the test receiver, working or answering 500;
 * - otherwise the property's `default`.
 */
import {createHash, randomBytes} from 'node:crypto';
import type {InputSchema} from './documents.ts';
import {FAILING_PREFIX, type Receiver} from './receiver.ts';

/** The URL namespace of RFC 9562, which the guides' key recipe names. */
const NAMESPACE = '6ba7b811-9dad-11d1-80b4-00c04fd430c8';

/** RFC 9562 version 5 UUID of `name` in `namespace`. */
export function uuidV5(name: string, namespace: string = NAMESPACE): string {
  const hash = createHash('sha1')
    .update(Buffer.from(namespace.replace(/-/g, ''), 'hex'))
    .update(name, 'utf8')
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The key of one attempt at one operation of an order. */
export const orderKey = (orderId: string, operation: string, attempt: number) =>
  uuidV5(`${orderId}:${operation}:${attempt}`);

/** Whether the inputs name the test receiver (the run then needs one). */
export function needsReceiver(schema: InputSchema | undefined): boolean {
  return Object.values(schema?.properties ?? {}).some((p) => String(p['x-kestrel-input']).includes('receiver-url'));
}

export function fillInputs(
  schema: InputSchema | undefined,
  given: Record<string, unknown>,
  receiver: Receiver | undefined,
  where: string,
): Record<string, unknown> {
  const nonce = randomBytes(4).toString('hex');
  const inputs: Record<string, unknown> = {...given};
  const properties = Object.entries(schema?.properties ?? {});
  const kind = (p: Record<string, unknown>) => p['x-kestrel-input'];
  // Order ids and secrets first: keys and receiver endpoints are made from them.
  for (const [name, p] of properties) {
    if (name in inputs) continue;
    if (kind(p) === 'order-id') inputs[name] = `order-${nonce}`;
    else if (kind(p) === 'secret') inputs[name] = randomBytes(16).toString('hex');
  }
  for (const [name, p] of properties) {
    if (name in inputs) continue;
    const key = p['x-kestrel-key'] as {operation: string; attempt: number; order?: string} | undefined;
    if (key) {
      const orderId = inputs[key.order ?? 'orderId'];
      if (typeof orderId !== 'string') throw new Error(`${where}: input ${name} needs the order id input`);
      inputs[name] = orderKey(orderId, key.operation, key.attempt);
    } else if (kind(p) === 'receiver-url' || kind(p) === 'failing-receiver-url') {
      if (!receiver) throw new Error(`${where}: input ${name} needs the test receiver`);
      const names = (p['x-kestrel-verify-with'] as string[] | undefined) ?? [];
      const secrets = Object.fromEntries(names.map((n) => [n, String(inputs[n])]));
      const label = `${kind(p) === 'failing-receiver-url' ? FAILING_PREFIX : ''}${nonce}-${name}`;
      inputs[name] = receiver.register(label, secrets);
    } else if ('default' in p) inputs[name] = p.default;
    else if (schema?.required?.includes(name)) throw new Error(`${where}: no value for the required input ${name}`);
  }
  return inputs;
}
