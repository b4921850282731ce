/**
 * Idempotency-Key as the definition's `x-idempotency` table says, per account: the first request
 * with a key runs; an answer the table marks kept (a success, or a failure the operation itself
 * decided, such as INSUFFICIENT_FUNDS) is kept for the table's retention, and the same request
 * (method, path and JSON body, compared as the table says: as parsed JSON, so key order and
 * whitespace do not matter) gets it again, marked as a replay and as written by the API version
 * that served the first request, whichever one the retry asks for; another request with that key
 * answers 409 IDEMPOTENCY_KEY_REUSED, and the same key while the first request still runs answers
 * 409 IDEMPOTENCY_KEY_IN_USE. An answer the table does not keep (refused before the operation ran,
 * or transient) frees the key, so a retry with it runs again. A 5xx sent after the operation ran
 * (`Kestrel-Sandbox-Simulate: internal-error-after-work`) is not the operation's answer: the key
 * keeps the answer the operation gave, and the retry gets it. A missing, empty or too long key
 * answers 400 IDEMPOTENCY_KEY_INVALID.
 *
 * An earlier release's own rules (versions/key-rules.ts: 1.0.0 kept more and compared bytes) come
 * in through `begin`'s comparison and `finish`'s `keeps`; a key follows those of its first request.
 *
 * Kept answers expire by the sandbox clock. Each one kept or forgotten is reported to `onChange`,
 * so `--state` keeps them across a restart (state-file.ts); a key still running is not kept, and a
 * restart frees it.
 */
import {isObject} from '../definition/index.ts';
import {createHash} from 'node:crypto';
import {idempotencyOutcome} from '../definition/index.ts';
import type {IdempotencyRules, Json} from '../definition/index.ts';
import {ProblemError} from './problems.ts';

/** Keys kept at most: past it, expired keys and then the oldest are forgotten (bounded memory). */
export const MAX_KEYS = 10_000;

/** The header that marks an answer as the replay of a kept one. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** How a retry's body is compared with the first request's: as parsed JSON, or byte for byte. */
type BodyComparison = IdempotencyRules['bodyComparison'];

/** A request's fingerprint by each way of comparing bodies: a retry is compared as its key's first request was. */
type Fingerprints = Record<BodyComparison, string>;

/** A kept answer: what `--state` records and reads back. */
export interface KeptAnswer {
  fingerprint: string;
  /** How `fingerprint` compares bodies, when not as the table says (the first request's version's). */
  bodyComparison?: BodyComparison;
  state: 'done';
  status: number;
  body: unknown;
  /**
   * The API version that served the request and wrote the answer (`Kestrel-Version`): a replay
   * names it, whatever version the retry asks for. Undefined in a state file from before versions.
   */
  apiVersion?: string;
  /** When the key is free again, on the sandbox clock (ms since the epoch). */
  expires: number;
}

type Entry = {fingerprint: string; bodyComparison?: BodyComparison; state: 'running'} | KeptAnswer;

/** One change to the kept answers, for `--state`: a key (scope and key) kept, or forgotten. */
export type KeyChange = {id: string; kept: KeptAnswer} | {id: string; forgotten: true};

/** JSON with every object's keys in order, so that two bodies equal as parsed JSON write the same text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value))
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

export class IdempotencyKeys {
  private readonly entries = new Map<string, Entry>();
  private readonly rules: IdempotencyRules;
  readonly keepMs: number;
  /** Called when an answer is kept or a kept one forgotten, for `--state`; a running key is never recorded. */
  onChange: (change: KeyChange) => void = () => {};

  constructor(rules: IdempotencyRules | undefined) {
    if (!rules)
      throw new Error(
        'the definition has no x-idempotency on the Idempotency-Key parameter: nothing says which answers to keep',
      );
    this.rules = rules;
    this.keepMs = rules.retentionHours * 60 * 60 * 1000;
  }

  get size(): number {
    return this.entries.size;
  }

  static check(key: string | undefined): string {
    if (key === undefined || key === '')
      throw new ProblemError(
        'IDEMPOTENCY_KEY_INVALID',
        'This operation needs an Idempotency-Key header: a key you choose, such as a UUID, unique per operation.',
      );
    if (key.length > 255)
      throw new ProblemError(
        'IDEMPOTENCY_KEY_INVALID',
        `The Idempotency-Key header is ${key.length} characters long; at most 255 are allowed.`,
      );
    return key;
  }

  /**
   * What makes two requests the same request: the method, the path and the body, the body as
   * parsed JSON (`parsed`) or as the bytes sent (`raw`), as the table's `bodyComparison` says.
   */
  fingerprint(
    method: string,
    path: string,
    parsed: Json,
    raw: string,
    comparison: BodyComparison = this.rules.bodyComparison,
  ): string {
    const body = comparison === 'parsed-json' ? canonical(parsed) : raw;
    return createHash('sha256').update(`${method} ${path}\n${body}`).digest('hex');
  }

  /** The request's fingerprint by each way of comparing bodies, for `begin` to pick from. */
  fingerprints(method: string, path: string, parsed: Json, raw: string): Fingerprints {
    return {
      'parsed-json': this.fingerprint(method, path, parsed, raw, 'parsed-json'),
      bytes: this.fingerprint(method, path, parsed, raw, 'bytes'),
    };
  }

  /**
   * Looks the key up before the request runs: answers the kept result to replay, throws 409, or
   * marks the key as running and answers undefined (then call `finish`). A retry is compared as
   * its key's first request was: by `comparison` (the table's when undefined).
   */
  begin(
    scope: string,
    key: string,
    fingerprint: string | Fingerprints,
    now: number,
    comparison: BodyComparison = this.rules.bodyComparison,
  ): {status: number; body: unknown; apiVersion?: string} | undefined {
    const id = `${scope}\u0000${key}`;
    const entry = this.entries.get(id);
    const by = (c: BodyComparison) => (typeof fingerprint === 'string' ? fingerprint : fingerprint[c]);
    if (entry && !(entry.state === 'done' && entry.expires <= now)) {
      if (entry.fingerprint !== by(entry.bodyComparison ?? this.rules.bodyComparison)) {
        throw new ProblemError(
          'IDEMPOTENCY_KEY_REUSED',
          `The Idempotency-Key "${key}" belongs to another request (another body, or another operation), still running or answered in the last ${this.rules.retentionHours} hours. Use a new key for a new operation.`,
        );
      }
      if (entry.state === 'running') {
        throw new ProblemError(
          'IDEMPOTENCY_KEY_IN_USE',
          `A request with the Idempotency-Key "${key}" is still in progress. Retry after a moment to receive its result.`,
        );
      }
      return {status: entry.status, body: structuredClone(entry.body), apiVersion: entry.apiVersion};
    }
    if (this.entries.size >= MAX_KEYS) this.prune(now);
    this.entries.set(id, {
      fingerprint: by(comparison),
      ...(comparison !== this.rules.bodyComparison && {bodyComparison: comparison}),
      state: 'running',
    });
    return undefined;
  }

  /**
   * Keeps the answer when the table says so (or `keeps`, a release's own rule); otherwise frees the
   * key, so a retry with it runs again.
   */
  finish(
    scope: string,
    key: string,
    answer: {status: number; code?: string; body: unknown; apiVersion?: string},
    now: number,
    keeps?: (status: number) => boolean,
  ): void {
    const id = `${scope}\u0000${key}`;
    const entry = this.entries.get(id);
    if (!entry) return;
    // An answer the table has no row for is not kept: the retry runs, as after a transient failure.
    const kept = keeps ? keeps(answer.status) : idempotencyOutcome(this.rules, answer.status, answer.code)?.kept;
    if (!kept) this.entries.delete(id);
    else {
      const kept: KeptAnswer = {
        fingerprint: entry.fingerprint,
        ...(entry.bodyComparison !== undefined && {bodyComparison: entry.bodyComparison}),
        state: 'done',
        status: answer.status,
        body: structuredClone(answer.body),
        ...(answer.apiVersion !== undefined && {apiVersion: answer.apiVersion}),
        expires: now + this.keepMs,
      };
      this.entries.set(id, kept);
      this.onChange({id, kept});
    }
  }

  /** Forgets expired keys, and the oldest ones if there are still too many (bounded memory). */
  private prune(now: number): void {
    for (const [id, e] of this.entries) if (e.state === 'done' && e.expires <= now) this.forget(id);
    for (const id of this.entries.keys()) {
      if (this.entries.size < MAX_KEYS) break;
      this.forget(id);
    }
  }

  private forget(id: string): void {
    const entry = this.entries.get(id);
    this.entries.delete(id);
    if (entry?.state === 'done') this.onChange({id, forgotten: true});
  }

  /** The kept answers, for `--state`. */
  snapshot(): [string, KeptAnswer][] {
    return [...this.entries].filter((e): e is [string, KeptAnswer] => e[1].state === 'done');
  }

  /** Reads back what `snapshot` and `onChange` recorded. */
  restore(change: KeyChange): void {
    if ('kept' in change) this.entries.set(change.id, change.kept);
    else this.entries.delete(change.id);
  }
}
