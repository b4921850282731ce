/**
 * The sandbox's rate limit: SANDBOX_LIMIT requests per API key in fixed WINDOW_MS windows (the
 * figures live in rate-limit-figures.ts). Every request
 * counts, whatever its answer (a 404 or a 401 too), and every answer carries RateLimit-Limit,
 * RateLimit-Remaining and RateLimit-Reset; past the limit the answer is 429 RATE_LIMITED with
 * Retry-After. Windows run on real time, not the sandbox clock: moving the clock forward must not
 * hand out requests. The time is a parameter, so a test can drive the windows without waiting.
 */
import {ProblemError} from './problems.ts';
import {SANDBOX_LIMIT, WINDOW_MS} from './rate-limit-figures.ts';
/** Windows kept at most: past it, every window is forgotten (bounded memory; old windows are worthless). */
const MAX_WINDOWS = 10_000;

export interface Count {
  /** The RateLimit-* headers of this request's answer. */
  headers: Record<string, string>;
  /** The 429 to answer when the key is past its limit. */
  limited?: ProblemError;
}

export class RateLimiter {
  private readonly windows = new Map<string, {start: number; used: number}>();
  readonly limit: number;
  readonly windowMs: number;

  constructor(limit = SANDBOX_LIMIT, windowMs = WINDOW_MS) {
    this.limit = limit;
    this.windowMs = windowMs;
  }

  get size(): number {
    return this.windows.size;
  }

  /** Counts one request for `key` at `now` (ms since the epoch). */
  count(key: string, now = Date.now()): Count {
    const start = Math.floor(now / this.windowMs) * this.windowMs;
    let w = this.windows.get(key);
    if (!w || w.start !== start) {
      if (this.windows.size >= MAX_WINDOWS) this.windows.clear();
      w = {start, used: 0};
      this.windows.set(key, w);
    }
    const reset = String(Math.max(1, Math.ceil((start + this.windowMs - now) / 1000)));
    w.used++;
    const headers = {
      'RateLimit-Limit': String(this.limit),
      'RateLimit-Remaining': String(Math.max(0, this.limit - w.used)),
      'RateLimit-Reset': reset,
    };
    if (w.used <= this.limit) return {headers};
    return {
      headers,
      limited: new ProblemError(
        'RATE_LIMITED',
        `This API key used its ${this.limit} requests for this ${this.windowMs / 1000}-second window. Retry after ${reset} seconds.`,
        {headers: {...headers, 'Retry-After': reset}},
      ),
    };
  }
}
