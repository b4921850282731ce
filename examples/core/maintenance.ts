/**
 * Sends a Kestrel API request through withBackoff and, when the retries in place run out while the
 * failure may still pass (a maintenance window, an outage, no answer at all), tells the caller when
 * to try again instead of blocking or giving up. Send it again at retryAt with the same
 * Idempotency-Key: a 429 or 503 ran nothing, and after a 500 or no answer the key holds the result
 * if the operation ran, so the operation runs once. What a deferred request acts on may lapse by
 * then (a payout's or a quote's hold): defer the whole order, as held-order.ts does.
 */
import {
  RETRYABLE_STATUSES,
  parseRetryAfter,
  withBackoff,
  type BackoffOptions,
  type RetryableResponse,
} from './backoff.js';

export type Outcome<T> =
  /** Kestrel answered with something that retrying cannot change: a success, or an error such as a 422. */
  | {kind: 'answered'; response: T}
  /**
   * Kestrel answered 429, 5xx or 409 IDEMPOTENCY_KEY_IN_USE after every retry (`response`), or
   * never answered (`error`: a timeout or a network error, after which the request may have run):
   * send the same request with the same key again at retryAt, or run its order again.
   */
  | {kind: 'deferred'; retryAt: Date; response?: T; error?: unknown};

/** Used when the answer carries no readable Retry-After, or there was no answer. */
export const DEFAULT_DEFER_MS = 60_000;

export async function sendOrDefer<T extends RetryableResponse>(
  fn: (attempt: number, deadline: AbortSignal) => Promise<T>,
  options: BackoffOptions & {now?: () => number} = {},
): Promise<Outcome<T>> {
  const now = () => (options.now ? options.now() : Date.now());
  let response: T;
  try {
    response = await withBackoff(fn, options);
  } catch (error) {
    // No answer: the request may or may not have run. Only the same key, later, settles which.
    return {kind: 'deferred', retryAt: new Date(now() + DEFAULT_DEFER_MS), error};
  }
  if (!(await mayPass(response))) return {kind: 'answered', response};
  const at = now();
  const wait = parseRetryAfter(response.headers.get('Retry-After'), at) ?? DEFAULT_DEFER_MS;
  return {kind: 'deferred', retryAt: new Date(at + wait), response};
}

/** An answer that the same request, with the same key, can still turn into a result. */
async function mayPass(response: RetryableResponse): Promise<boolean> {
  if (RETRYABLE_STATUSES.has(response.status)) return true;
  if (response.status !== 409) return false;
  try {
    const body = (await response.clone?.().json()) as {code?: unknown} | undefined;
    return body?.code === 'IDEMPOTENCY_KEY_IN_USE';
  } catch {
    return false; // not JSON: a 409 without a code is not one to wait out
  }
}
