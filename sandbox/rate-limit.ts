/**
 * The sandbox's rate limit: 25 requests per API key in fixed 10-second windows, with the
 * RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset headers on every answer, and 429
 * RATE_LIMITED with Retry-After past the limit. Windows run on real time, not the sandbox clock:
 * moving the clock forward must not hand out requests.
 */
import {ProblemError} from './problems.ts';

export const SANDBOX_LIMIT = 25;
export const WINDOW_MS = 10_000;

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

  /** Counts one request for `key`; returns the headers to send, or throws 429 with them. */
  take(key: string, now = Date.now()): Record<string, string> {
    const start = Math.floor(now / this.windowMs) * this.windowMs;
    let w = this.windows.get(key);
    if (!w || w.start !== start) {
      if (this.windows.size > 10_000) this.windows.clear(); // bounded: old windows are worthless
      w = {start, used: 0};
      this.windows.set(key, w);
    }
    const reset = String(Math.max(1, Math.ceil((start + this.windowMs - now) / 1000)));
    if (w.used >= this.limit) {
      const headers = {
        'RateLimit-Limit': String(this.limit),
        'RateLimit-Remaining': '0',
        'RateLimit-Reset': reset,
        'Retry-After': reset,
      };
      throw new ProblemError(
        429,
        'RATE_LIMITED',
        `This API key used its ${this.limit} requests for this ${this.windowMs / 1000}-second window. Retry after ${reset} seconds.`,
        {headers},
      );
    }
    w.used++;
    return {
      'RateLimit-Limit': String(this.limit),
      'RateLimit-Remaining': String(this.limit - w.used),
      'RateLimit-Reset': reset,
    };
  }
}
