/**
 * Idempotency keys that survive a restart: derived from your order id and an attempt number kept
 * beside the order, so that a process that restarts after a timeout sends the same key again, and
 * Kestrel runs the operation once. After a failure Kestrel keeps against the key (such as
 * INSUFFICIENT_FUNDS), the same key would answer that failure again for 24 hours: the attempt moves
 * on, so that the request sent once the cause is fixed carries a new key.
 */
import {createHash} from 'node:crypto';
import {existsSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
import {KestrelProblem, needsNewKey} from './kestrel-client.js';

/** RFC 9562's namespace for URLs and other names, as Python's uuid.NAMESPACE_URL: both languages derive the same key. */
const NAMESPACE = Buffer.from('6ba7b8119dad11d180b400c04fd430c8', 'hex');

// #region order-key
/** The version 5 UUID of `orderId:attempt`. Use one order id per operation of an order, such as `1042-payout`. */
export function orderKey(orderId: string, attempt: number): string {
  const hash = createHash('sha1').update(NAMESPACE).update(`${orderId}:${attempt}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
// #endregion order-key

/** Each order's attempt number, in a JSON file: in your application, a column beside the order. */
export class OrderAttempts {
  private readonly file: string;

  constructor(file: string) {
    this.file = file;
  }

  private read(): Record<string, number> {
    return existsSync(this.file) ? (JSON.parse(readFileSync(this.file, 'utf8')) as Record<string, number>) : {};
  }

  attempt(orderId: string): number {
    return this.read()[orderId] ?? 1;
  }

  /** Moves the order to its next attempt, written before it returns (a rename, so a crash leaves the old file or the new). */
  advance(orderId: string): number {
    const all = this.read();
    all[orderId] = (all[orderId] ?? 1) + 1;
    writeFileSync(`${this.file}.tmp`, JSON.stringify(all));
    renameSync(`${this.file}.tmp`, this.file);
    return all[orderId];
  }
}

// #region with-order-key
/**
 * Calls Kestrel with the key of the order's current attempt. The client retries with that key what
 * may pass (a timeout, a 429, a 5xx); a failure Kestrel keeps against the key moves the order to its
 * next attempt before it is thrown, so the call made once you fix the cause takes a new key.
 */
export async function withOrderKey<T>(
  attempts: OrderAttempts,
  orderId: string,
  call: (idempotencyKey: string) => Promise<T>,
): Promise<T> {
  try {
    return await call(orderKey(orderId, attempts.attempt(orderId)));
  } catch (error) {
    if (error instanceof KestrelProblem && needsNewKey(error.code)) attempts.advance(orderId);
    throw error;
  }
}
// #endregion with-order-key
