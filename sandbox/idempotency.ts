/**
 * Idempotency-Key as the definition documents it, per API key: the first request with a key runs;
 * a request with the same key and the same request (method, path and body) within 24 hours gets the
 * stored status and body again; the same key with another body, or on another operation, answers
 * 409 IDEMPOTENCY_KEY_REUSED; the same key while the
 * first request still runs answers 409 IDEMPOTENCY_KEY_IN_USE. Answers 429, 500 and 503 are not
 * kept, so a retry runs again. A missing, empty or too long key answers 400 IDEMPOTENCY_KEY_INVALID.
 */
import {createHash} from 'node:crypto';
import type {Json} from './definition.ts';
import {ProblemError} from './problems.ts';

export const KEEP_MS = 24 * 60 * 60 * 1000;
/** Keys kept at most: past it, expired keys and then the oldest are forgotten (bounded memory). */
export const MAX_KEYS = 10_000;

type Entry =
  {bodyHash: string; state: 'running'} | {bodyHash: string; state: 'done'; status: number; body: Json; expires: number};

export class IdempotencyKeys {
  private readonly entries = new Map<string, Entry>();

  get size(): number {
    return this.entries.size;
  }

  static check(key: string | undefined): string {
    if (key === undefined || key === '')
      throw new ProblemError(
        400,
        'IDEMPOTENCY_KEY_INVALID',
        'This operation needs an Idempotency-Key header: a key you choose, such as a UUID, unique per operation.',
      );
    if (key.length > 255)
      throw new ProblemError(
        400,
        'IDEMPOTENCY_KEY_INVALID',
        `The Idempotency-Key header is ${key.length} characters long; at most 255 are allowed.`,
      );
    return key;
  }

  /**
   * Looks the key up before the request runs: answers the stored result to replay, throws 409, or
   * marks the key as running and answers undefined (then call `finish` or `abandon`).
   */
  begin(scope: string, key: string, request: string, now: number): {status: number; body: Json} | undefined {
    const id = `${scope}\u0000${key}`;
    const bodyHash = createHash('sha256').update(request).digest('hex');
    const entry = this.entries.get(id);
    if (entry && !(entry.state === 'done' && entry.expires <= now)) {
      if (entry.bodyHash !== bodyHash) {
        throw new ProblemError(
          409,
          'IDEMPOTENCY_KEY_REUSED',
          `The Idempotency-Key "${key}" was used in the last 24 hours with a different request body or on another operation. Use a new key for a new operation.`,
        );
      }
      if (entry.state === 'running') {
        throw new ProblemError(
          409,
          'IDEMPOTENCY_KEY_IN_USE',
          `A request with the Idempotency-Key "${key}" is still in progress. Retry after a moment to receive its result.`,
        );
      }
      return {status: entry.status, body: structuredClone(entry.body)};
    }
    if (this.entries.size >= MAX_KEYS) this.prune(now);
    this.entries.set(id, {bodyHash, state: 'running'});
    return undefined;
  }

  finish(scope: string, key: string, status: number, body: Json, now: number): void {
    const id = `${scope}\u0000${key}`;
    const entry = this.entries.get(id);
    if (!entry) return;
    if (status === 429 || status >= 500) this.entries.delete(id);
    else
      this.entries.set(id, {
        bodyHash: entry.bodyHash,
        state: 'done',
        status,
        body: structuredClone(body),
        expires: now + KEEP_MS,
      });
  }

  /** Forgets expired keys, and the oldest ones if there are still too many (bounded memory). */
  private prune(now: number): void {
    for (const [id, e] of this.entries) if (e.state === 'done' && e.expires <= now) this.entries.delete(id);
    for (const id of this.entries.keys()) {
      if (this.entries.size < MAX_KEYS) break;
      this.entries.delete(id);
    }
  }
}
