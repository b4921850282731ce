/**
 * Idempotency keys that survive a restart: derived from your order id, the operation and an attempt
 * number kept beside the order, so that a process that restarts after a timeout sends the same key
 * again, and Kestrel runs the operation once. Each operation of an order has its own key: one key
 * for two operations (creating a payout, then initiating it) answers the second 409
 * IDEMPOTENCY_KEY_REUSED. After a failure Kestrel keeps against the key (such as
 * INSUFFICIENT_FUNDS), the same key would answer that failure again for 24 hours: that operation's
 * attempt moves on, so that the request sent once the cause is fixed carries a new key. A kept
 * answer is the first one, not the object as it is now: after an initiate answers QUOTE_EXPIRED,
 * the first step still answers the expired payout as NEW. Move that step to its next attempt too
 * and make the order again (examples/core/held-order.ts). Kestrel keeps an answer for 24 hours;
 * after that it runs the operation again.
 */
import {createHash} from 'node:crypto';
import {existsSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
import {KestrelProblem, needsNewKey} from './kestrel-client.js';

/** RFC 9562's namespace for URLs and other names, as Python's uuid.NAMESPACE_URL: both languages derive the same key. */
const NAMESPACE = Buffer.from('6ba7b8119dad11d180b400c04fd430c8', 'hex');

// #region order-key
/**
 * The version 5 UUID of `ORDER_ID:OPERATION_ID:ATTEMPT`, such as `1042:createAPayout:1`, where
 * OPERATION_ID is the operationId of the call in the API reference. An operationId has no colon and
 * the attempt is a number, so no two (order, operation, attempt) share a name, even when an order
 * id holds a colon.
 */
export function orderKey(orderId: string, operationId: string, attempt: number): string {
  if (orderId === '') throw new RangeError('orderKey: the order id is empty');
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(operationId))
    throw new RangeError(
      `orderKey: the operation id must be an operationId such as createAPayout, not "${operationId}"`,
    );
  if (!Number.isSafeInteger(attempt) || attempt < 1)
    throw new RangeError(`orderKey: the attempt must be a whole number from 1, not ${attempt}`);
  const hash = createHash('sha1').update(NAMESPACE).update(`${orderId}:${operationId}:${attempt}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
// #endregion order-key

type Attempts = Record<string, Record<string, number>>;

/**
 * The attempt number of each operation of each order, in a JSON file: in your application, a
 * column per operation beside the order.
 */
export class OrderAttempts {
  private readonly file: string;

  constructor(file: string) {
    this.file = file;
  }

  private read(): Attempts {
    return existsSync(this.file) ? (JSON.parse(readFileSync(this.file, 'utf8')) as Attempts) : {};
  }

  attempt(orderId: string, operationId: string): number {
    return this.read()[orderId]?.[operationId] ?? 1;
  }

  /**
   * Moves one operation of the order to its next attempt, written before it returns (a rename, so
   * a crash leaves the old file or the new). The order's other operations keep theirs.
   */
  advance(orderId: string, operationId: string): number {
    const all = this.read();
    const order = (all[orderId] ??= {});
    order[operationId] = (order[operationId] ?? 1) + 1;
    writeFileSync(`${this.file}.tmp`, JSON.stringify(all));
    renameSync(`${this.file}.tmp`, this.file);
    return order[operationId];
  }
}

// #region with-order-key
/**
 * Calls Kestrel with the key of the operation's current attempt for the order. The client retries
 * with that key what may pass (a timeout, a 429, a 5xx); a failure Kestrel keeps against the key
 * moves that operation to its next attempt before it is thrown, so the call made once you fix the
 * cause takes a new key. Only that operation moves: after QUOTE_EXPIRED, advance the first step
 * yourself, since it replays the expired object as first made.
 */
export async function withOrderKey<T>(
  attempts: OrderAttempts,
  orderId: string,
  operationId: string,
  call: (idempotencyKey: string) => Promise<T>,
): Promise<T> {
  try {
    return await call(orderKey(orderId, operationId, attempts.attempt(orderId, operationId)));
  } catch (error) {
    if (error instanceof KestrelProblem && needsNewKey(error.code)) attempts.advance(orderId, operationId);
    throw error;
  }
}
// #endregion with-order-key
