/**
 * Retries a Kestrel API call that answers 429 (RATE_LIMITED), 503 (SERVICE_UNAVAILABLE) or another
 * transient 5xx, or 409 IDEMPOTENCY_KEY_IN_USE, or gets no answer at all (a timeout or a network
 * error), with exponential backoff and full jitter, never sooner than Retry-After asks, and never
 * past a total deadline: no wait ends past it, and each attempt gets a signal that aborts at it, so
 * an attempt started near the deadline does not run its own timeout out past it. An answer it
 * discards to retry is cancelled, which frees its connection.
 *
 * A 5xx or a timeout may come after Kestrel did the work. Retry a POST or PATCH only when it
 * carries an Idempotency-Key: the same key and body answer the first result, so a retry cannot
 * pay twice. A DELETE needs no key, but its retry after a lost answer finds the object gone:
 * deleteWithBackoff reads that 404 as done.
 */

/** The part of a fetch Response that withBackoff reads. */
export interface RetryableResponse {
  status: number;
  headers: {get(name: string): string | null};
  /** Read to learn a 409's code. A fetch Response has it. */
  clone?(): {json(): Promise<unknown>};
  /** Cancelled when the answer is discarded for a retry. A fetch Response has it. */
  body?: {cancel(): Promise<void>} | null;
}

export interface BackoffOptions {
  /** Calls to make in total, the first one included. Default 5. */
  maxAttempts?: number;
  /** Upper bound of the first jittered delay, in milliseconds. Default 500. */
  baseMs?: number;
  /** Longest single wait, in milliseconds. A Retry-After longer than this ends the retries. Default 30000. */
  capMs?: number;
  /**
   * The most the whole call may take, waits and attempts included, in milliseconds. Default 60000.
   * An attempt ends at it only if fn passes the signal it receives to fetch.
   */
  deadlineMs?: number;
  /** A number in [0, 1). Default Math.random; inject a fixed function in tests. */
  random?: () => number;
  /** Waits the given milliseconds. Default setTimeout; inject a recorder in tests. */
  sleep?: (ms: number) => Promise<void>;
}

/** Statuses worth retrying: out of budget (429), or a failure that may pass (5xx). */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503, 504]);

// #region retry-after
/**
 * Reads a Retry-After header as milliseconds to wait. It holds either delta-seconds ("30") or an
 * HTTP date ("Tue, 14 Jul 2026 06:30:00 GMT"). Returns null when the header is absent or unreadable.
 */
export function parseRetryAfter(value: string | null, nowMs: number = Date.now()): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date starts with the day name; anything else (a negative number, say) is unreadable.
  if (!/^[A-Za-z]{3},/.test(text)) return null;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - nowMs);
}
// #endregion retry-after

// #region delay
/** Full jitter: a random wait between 0 and the exponential ceiling for this retry. */
export function jitteredDelay(retry: number, baseMs: number, capMs: number, random: () => number): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** (retry - 1));
  return Math.floor(random() * ceiling);
}
// #endregion delay

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// #region with-backoff
/**
 * Calls fn until it answers a status that is not worth a retry, or maxAttempts or the deadline is
 * reached, and returns the last answer; when fn throws (a timeout, a network error) on the last
 * try, the error. fn receives the attempt number, starting at 1, and a signal that aborts at the
 * deadline: combine it with the attempt's own timeout (AbortSignal.any) in the fetch it makes.
 */
export async function withBackoff<T extends RetryableResponse>(
  fn: (attempt: number, deadline: AbortSignal) => Promise<T>,
  {
    maxAttempts = 5,
    baseMs = 500,
    capMs = 30_000,
    deadlineMs = 60_000,
    random = Math.random,
    sleep = defaultSleep,
  }: BackoffOptions = {},
): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  const fits = (ms: number) => Date.now() + ms < deadline;
  const deadlineSignal = AbortSignal.timeout(deadlineMs);
  for (let attempt = 1; ; attempt++) {
    let response: T;
    try {
      response = await fn(attempt, deadlineSignal);
    } catch (error) {
      // No answer at all: the same request again, after a jittered wait.
      const wait = jitteredDelay(attempt, baseMs, capMs, random);
      if (attempt >= maxAttempts || deadlineSignal.aborted || !fits(wait)) throw error;
      await sleep(wait);
      continue;
    }
    const keyInUse = response.status === 409 && (await codeOf(response)) === 'IDEMPOTENCY_KEY_IN_USE';
    if (!(RETRYABLE_STATUSES.has(response.status) || keyInUse) || attempt >= maxAttempts) return response;

    const retryAfter = parseRetryAfter(response.headers.get('Retry-After'));
    // A long wait (a maintenance window, say) is the caller's decision, not a sleep.
    if (retryAfter !== null && retryAfter > capMs) return response;
    const wait =
      retryAfter === null
        ? jitteredDelay(attempt, baseMs, capMs, random)
        : // Never sooner than Retry-After; a little jitter on top keeps clients from returning in step.
          retryAfter + Math.floor(random() * baseMs);
    if (!fits(wait)) return response;
    await response.body?.cancel(); // discarded: free the connection instead of leaving it half read
    await sleep(wait);
  }
}

/** The problem `code` of an answer, read from a copy so that the caller can still read the body. */
async function codeOf(response: RetryableResponse): Promise<unknown> {
  try {
    return ((await response.clone?.().json()) as {code?: unknown} | undefined)?.code;
  } catch {
    return undefined; // not JSON: no code
  }
}
// #endregion with-backoff

// #region delete
/** Answers given before anything ran: a retry after one of them meets the object as it was. */
const RAN_NOTHING: ReadonlySet<number> = new Set([429, 503]);

/**
 * A DELETE through withBackoff. When an attempt timed out or answered a 5xx after Kestrel deleted
 * the object, the retry answers 404 (SUBSCRIPTION_NOT_FOUND, say): that 404 means the deletion is
 * done. A 404 is not done when no earlier attempt can have run, on the first attempt or after only
 * 429s and 503s: nothing had that id.
 */
export async function deleteWithBackoff<T extends RetryableResponse>(
  fn: (attempt: number, deadline: AbortSignal) => Promise<T>,
  options: BackoffOptions = {},
): Promise<{deleted: boolean; response: T}> {
  let mayHaveRun = false;
  let previous: 'none' | 'ran-nothing' | 'may-have-run' = 'none';
  const response = await withBackoff(async (attempt, deadline) => {
    if (previous === 'may-have-run') mayHaveRun = true;
    try {
      const answer = await fn(attempt, deadline);
      previous = RAN_NOTHING.has(answer.status) ? 'ran-nothing' : 'may-have-run';
      return answer;
    } catch (error) {
      previous = 'may-have-run'; // no answer: the request may have reached Kestrel
      throw error;
    }
  }, options);
  const ok = response.status >= 200 && response.status < 300;
  return {deleted: ok || (response.status === 404 && mayHaveRun), response};
}
// #endregion delete
