/**
 * Sends a Kestrel API request through withBackoff and, when a maintenance window is still running,
 * tells the caller when to try again instead of blocking. Queue the work and replay it at retryAt
 * with the same Idempotency-Key.
 */
import {parseRetryAfter, withBackoff, type BackoffOptions, type RetryableResponse} from './backoff.js';

export type Outcome<T> =
  /** Kestrel answered with something other than 503: a success, or an error to handle as usual. */
  | {kind: 'answered'; response: T}
  /** Kestrel answered 503 after every retry: try again at retryAt. */
  | {kind: 'deferred'; retryAt: Date; response: T};

/** Used when a 503 carries no readable Retry-After. */
export const DEFAULT_DEFER_MS = 60_000;

export async function sendOrDefer<T extends RetryableResponse>(
  fn: (attempt: number) => Promise<T>,
  options: BackoffOptions & {now?: () => number} = {},
): Promise<Outcome<T>> {
  const response = await withBackoff(fn, options);
  if (response.status !== 503) return {kind: 'answered', response};
  const now = options.now ? options.now() : Date.now();
  const wait = parseRetryAfter(response.headers.get('Retry-After'), now) ?? DEFAULT_DEFER_MS;
  return {kind: 'deferred', retryAt: new Date(now + wait), response};
}
