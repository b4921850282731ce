/**
 * A minimal typed client for the Kestrel API, for Node 22 and later (built-in fetch, no dependencies).
 *
 * - Base URL from KESTREL_API_BASE (default: the sandbox), API key from KESTREL_API_KEY.
 * - Sends `Authorization: Bearer <key>` on every request.
 * - Generates an Idempotency-Key for each operation that moves money or creates a resource,
 *   and reuses it on every retry of that call.
 * - Turns `application/problem+json` answers into a KestrelProblem with status, code and traceId.
 * - Gives up on an attempt after a timeout (10 seconds by default), and on the call, retries
 *   included, after a total deadline (60 seconds by default).
 * - Retries 429 answers; 5xx answers, network errors and timeouts where a repeat is harmless (a
 *   read, or a write with its Idempotency-Key, sent again unchanged); and 409
 *   IDEMPOTENCY_KEY_IN_USE after a pause, while the first attempt is still running: the answers
 *   Kestrel does not keep and that may pass (retriesWithSameKey). The waits
 *   are the jittered exponential backoff of the rate limits guide (examples/core/backoff.ts),
 *   never sooner than Retry-After.
 */
import {randomUUID} from 'node:crypto';
import {RETRYABLE_STATUSES, jitteredDelay, parseRetryAfter} from '../../core/backoff.js';
import type {RequestBody, Schema} from '../../kestrel-api-types.js';

export const SANDBOX_BASE_URL = 'https://api.sandbox.kestrel.example/v1';
/** The longest single wait between attempts; a longer Retry-After ends the retries. */
const MAX_WAIT_MS = 30_000;

// #region types
// The request and answer types come from the API definition (kestrel-api-types.ts, generated).
/** A decimal string and a currency code: `{"amount": "150.00", "currency": "USD"}`. */
export type Money = Schema<'Money'>;
export type InvoiceStatus = Schema<'InvoiceStatus'>;
export type Invoice = Schema<'Invoice'>;
export type InvoiceCreate = Schema<'InvoiceCreate'>;
/** A Lightning invoice that pays a Kestrel invoice, valid until `expiration`. */
export type InvoiceQuote = Schema<'InvoiceQuote'>;
export type PaymentQuote = Schema<'PaymentQuote'>;
export type Payment = Schema<'Payment'>;
/** `status` EXPIRED: nobody executed the quote before its expiration. */
export type CurrencyExchangeQuote = Schema<'CurrencyExchangeQuote'>;
export type RateTicker = Schema<'RateTicker'>;
export type Balance = Schema<'AccountBalance'>;

/** Every list answer: `{"items": [...], "count": N}`. */
export interface Page<T> {
  items: T[];
  count: number;
}
// #endregion types

// #region problem
/** An RFC 9457 problem answer, thrown for every non-2xx status. */
export class KestrelProblem extends Error {
  readonly status: number;
  readonly code: string;
  readonly traceId: string | undefined;
  readonly type: string;
  readonly title: string;
  readonly detail: string | undefined;
  readonly validationErrors: Record<string, string[]> | undefined;

  constructor(status: number, body: Partial<Record<string, unknown>>) {
    const title = typeof body.title === 'string' ? body.title : `HTTP ${status}`;
    const detail = typeof body.detail === 'string' ? body.detail : undefined;
    const code = typeof body.code === 'string' ? body.code : 'UNKNOWN';
    const traceId = typeof body.traceId === 'string' ? body.traceId : 'none';
    // Everything you need to act or to ask support, on one line: status, code, detail, traceId.
    super(`${status} ${code}: ${detail ?? title} (traceId ${traceId})`);
    this.name = 'KestrelProblem';
    this.status = typeof body.status === 'number' ? body.status : status;
    this.code = typeof body.code === 'string' ? body.code : 'UNKNOWN';
    this.traceId = typeof body.traceId === 'string' ? body.traceId : undefined;
    this.type = typeof body.type === 'string' ? body.type : 'about:blank';
    this.title = title;
    this.detail = detail;
    this.validationErrors = body.validationErrors as Record<string, string[]> | undefined;
  }
}
// #endregion problem

/** No answer at all after every attempt: a network error or a timeout each time. */
export class KestrelNetworkError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly attempts: number,
    readonly cause: unknown,
  ) {
    const reason =
      cause instanceof Error ? (cause.name === 'TimeoutError' ? 'timed out' : cause.message) : String(cause);
    super(`${method} ${path}: no answer after ${attempts} attempt${attempts === 1 ? '' : 's'} (${reason})`);
    this.name = 'KestrelNetworkError';
  }
}

export interface KestrelClientOptions {
  /** Defaults to KESTREL_API_KEY. */
  apiKey?: string;
  /** Defaults to KESTREL_API_BASE, then the sandbox. */
  baseUrl?: string;
  /** Retries after the first attempt; default 3. */
  maxRetries?: number;
  /** First backoff step in milliseconds when the answer has no Retry-After. */
  baseDelayMs?: number;
  /** How long one attempt may take before it is abandoned; default 10 000 ms. */
  timeoutMs?: number;
  /** How long a call may take, all attempts and waits included; default 60 000 ms. */
  deadlineMs?: number;
  /** Injected for tests; default the global fetch, setTimeout and Math.random. */
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

export interface RequestOptions {
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Sent as Idempotency-Key; the same value on every retry of this call. */
  idempotencyKey?: string;
}

export class KestrelClient {
  readonly baseUrl: string;
  private readonly apiKey: string;
  private readonly maxRetries: number;
  private readonly baseDelayMs: number;
  private readonly timeoutMs: number;
  private readonly deadlineMs: number;
  private readonly fetchImpl: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;

  constructor(options: KestrelClientOptions = {}) {
    const apiKey = options.apiKey ?? process.env.KESTREL_API_KEY;
    if (!apiKey) throw new Error('Set KESTREL_API_KEY to a sandbox API key.');
    this.apiKey = apiKey;
    this.baseUrl = (options.baseUrl ?? (process.env.KESTREL_API_BASE || SANDBOX_BASE_URL)).replace(/\/+$/, '');
    this.maxRetries = options.maxRetries ?? 3;
    this.baseDelayMs = options.baseDelayMs ?? 500;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.deadlineMs = options.deadlineMs ?? 60_000;
    for (const [name, value] of Object.entries({
      maxRetries: this.maxRetries,
      baseDelayMs: this.baseDelayMs,
      timeoutMs: this.timeoutMs,
      deadlineMs: this.deadlineMs,
    })) {
      const positive = name === 'timeoutMs' || name === 'deadlineMs';
      if (!Number.isInteger(value) || value < (positive ? 1 : 0))
        throw new RangeError(
          `KestrelClient: ${name} must be a whole number${positive ? ' above 0' : ' of 0 or more'}, not ${value}`,
        );
    }
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.sleep = options.sleep ?? delay;
    this.random = options.random ?? Math.random;
  }

  // #region request
  async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    // encodeURIComponent writes a space as %20, which OData servers read in $filter; a form encoder's + may not be.
    const query = Object.entries(options.query ?? {})
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
      .join('&');
    const url = new URL(this.baseUrl + path + (query ? `?${query}` : ''));
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.apiKey}`,
      Accept: 'application/json',
    };
    if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    // A 429 was refused before it ran, so it is always repeated. A 5xx, a network error or a
    // timeout may come after the work was done: repeat those only where a repeat is harmless (a
    // read, or a write with an Idempotency-Key, which Kestrel runs once per key).
    const safeToRepeat = method === 'GET' || method === 'DELETE' || Boolean(options.idempotencyKey);
    const deadline = Date.now() + this.deadlineMs;
    // A wait that would end past the deadline is not taken: the call fails now, with the last error.
    const fitsDeadline = (waitMs: number) => Date.now() + waitMs < deadline;

    for (let attempt = 1; ; attempt++) {
      const lastAttempt = attempt > this.maxRetries;
      let response: Response;
      let text: string;
      try {
        // The same method, headers (Idempotency-Key included) and body on every attempt. The
        // timeout covers the body too: text() is aborted with the request.
        const timeoutMs = Math.max(1, Math.min(this.timeoutMs, deadline - Date.now()));
        response = await this.fetchImpl(url, {method, headers, body, signal: AbortSignal.timeout(timeoutMs)});
        text = await response.text();
      } catch (error) {
        const wait = jitteredDelay(attempt, this.baseDelayMs, MAX_WAIT_MS, this.random);
        if (!safeToRepeat || lastAttempt || !fitsDeadline(wait))
          throw new KestrelNetworkError(method, path, attempt, error);
        await this.sleep(wait);
        continue;
      }
      if (response.ok) return (text ? JSON.parse(text) : undefined) as T;

      const problem = parseProblem(text);
      const code = typeof problem.code === 'string' ? problem.code : undefined;
      // The first request with this key is still running: the answer comes once it ends.
      const keyInUse = response.status === 409 && code === 'IDEMPOTENCY_KEY_IN_USE';
      const retryable =
        retriesWithSameKey(response.status, code) && (response.status === 429 || keyInUse || safeToRepeat);
      if (!retryable || lastAttempt) throw new KestrelProblem(response.status, problem);
      const retryAfter = parseRetryAfter(response.headers.get('Retry-After'));
      // A long wait (a maintenance window, say) is the caller's decision, not a sleep.
      if (retryAfter !== null && retryAfter > MAX_WAIT_MS) throw new KestrelProblem(response.status, problem);
      const wait =
        retryAfter !== null
          ? retryAfter + Math.floor(this.random() * this.baseDelayMs) // never sooner than Retry-After, plus jitter
          : keyInUse
            ? this.baseDelayMs + jitteredDelay(attempt, this.baseDelayMs, MAX_WAIT_MS, this.random) // a pause, then the same key again
            : jitteredDelay(attempt, this.baseDelayMs, MAX_WAIT_MS, this.random);
      if (!fitsDeadline(wait)) throw new KestrelProblem(response.status, problem);
      await this.sleep(wait);
    }
  }
  // #endregion request

  // #region list-all
  /**
   * Every item of a list, page by page: `$top` stays fixed, `$skip` grows by `$top`, and the first
   * page shorter than `$top` is the last (`count` can change while you page, so it does not
   * decide). An item that moved onto a later page is returned once. Order by a field that never
   * changes, such as `created asc`.
   */
  async *listAll<T extends {id: string}>(
    path: string,
    query: Record<string, string | undefined> = {},
    pageSize = 100,
  ): AsyncGenerator<T> {
    const seen = new Set<string>();
    for (let skip = 0; ; skip += pageSize) {
      const page = await this.request<Page<T>>('GET', path, {query: {...query, $top: pageSize, $skip: skip}});
      for (const item of page.items) {
        if (seen.has(item.id)) continue;
        seen.add(item.id);
        yield item;
      }
      if (page.items.length < pageSize) return;
    }
  }
  // #endregion list-all

  // Invoices
  issueInvoice(body: InvoiceCreate, idempotencyKey: string = randomUUID()) {
    return this.request<Invoice>('POST', '/invoices', {body, idempotencyKey});
  }
  findInvoiceById(invoiceId: string) {
    return this.request<Invoice>('GET', `/invoices/${encodeURIComponent(invoiceId)}`);
  }
  issueQuoteForInvoice(invoiceId: string, idempotencyKey: string = randomUUID()) {
    return this.request<InvoiceQuote>('POST', `/invoices/${encodeURIComponent(invoiceId)}/quote`, {idempotencyKey});
  }
  cancelUnpaidInvoice(invoiceId: string) {
    return this.request<Invoice>('PATCH', `/invoices/${encodeURIComponent(invoiceId)}/cancel`);
  }

  // Payment quotes and payments
  createLightningPaymentQuote(body: RequestBody<'createLightningPaymentQuote'>, idempotencyKey: string = randomUUID()) {
    return this.request<PaymentQuote>('POST', '/payment-quotes/lightning', {body, idempotencyKey});
  }
  executePaymentQuote(quoteId: string, idempotencyKey: string = randomUUID()) {
    return this.request<Payment>('POST', `/payment-quotes/${encodeURIComponent(quoteId)}/execute`, {idempotencyKey});
  }
  getPaymentById(paymentId: string) {
    return this.request<Payment>('GET', `/payments/${encodeURIComponent(paymentId)}`);
  }

  // Currency exchange and balances
  getCurrencyExchangeRateTickers() {
    return this.request<Page<RateTicker>>('GET', '/rates/ticker');
  }
  createCurrencyExchangeQuote(body: RequestBody<'createCurrencyExchangeQuote'>, idempotencyKey: string = randomUUID()) {
    return this.request<CurrencyExchangeQuote>('POST', '/currency-exchange-quotes', {body, idempotencyKey});
  }
  executeCurrencyExchangeQuote(quoteId: string, idempotencyKey: string = randomUUID()) {
    return this.request<CurrencyExchangeQuote>(
      'POST',
      `/currency-exchange-quotes/${encodeURIComponent(quoteId)}/execute`,
      {idempotencyKey},
    );
  }
  getCurrencyExchangeQuote(quoteId: string) {
    return this.request<CurrencyExchangeQuote>('GET', `/currency-exchange-quotes/${encodeURIComponent(quoteId)}`);
  }
  getAccountBalanceDetails() {
    return this.request<Page<Balance>>('GET', '/account/balances');
  }
}

// #region idempotency-outcomes
/**
 * Whether the client sends a request again, unchanged and with the same Idempotency-Key, after this
 * answer: Kestrel did not keep it, and it may pass (429, 5xx, or the first request with the key
 * still running). Every other answer is final for this call, as the idempotency outcomes on the API
 * introduction say.
 */
export function retriesWithSameKey(status: number, code: string | undefined): boolean {
  return RETRYABLE_STATUSES.has(status) || (status === 409 && code === 'IDEMPOTENCY_KEY_IN_USE');
}

/**
 * Failures after which the next attempt at the operation needs a new Idempotency-Key: Kestrel keeps
 * the business failures the operation decided (the same key would answer them again for 24 hours),
 * and a key that is invalid or holds another request cannot be used. Fix the cause first.
 */
export const NEW_KEY_CODES: ReadonlySet<string> = new Set([
  'INSUFFICIENT_FUNDS',
  'LIMIT_EXCEEDED',
  'QUOTE_EXPIRED',
  'AMOUNT_OUT_OF_RANGE',
  'CURRENCY_PAIR_NOT_SUPPORTED',
  'CURRENCY_MISMATCH',
  'LIGHTNING_INVOICE_EXPIRED',
  'NO_ROUTE_FOUND',
  'IDEMPOTENCY_KEY_INVALID',
  'IDEMPOTENCY_KEY_REUSED',
]);

export function needsNewKey(code: string | undefined): boolean {
  return code !== undefined && NEW_KEY_CODES.has(code);
}
// #endregion idempotency-outcomes

/** A problem body; a gateway's HTML error page becomes the detail of a generic problem. */
function parseProblem(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') return parsed as Record<string, unknown>;
  } catch {
    // not JSON: fall through
  }
  return text ? {detail: text.slice(0, 200)} : {};
}

// #region poll
/** A status check that ran out of tries: the entity is still not in a final state. */
export class PollLimitError extends Error {
  constructor(what: string, polls: number) {
    super(`${what} was still not final after ${polls} checks; follow it by webhook or check again later`);
    this.name = 'PollLimitError';
  }
}

export interface PollOptions {
  /** Wait before each check. */
  intervalMs: number;
  /** The most checks to make before giving up with a PollLimitError. */
  maxPolls: number;
  sleep?: (ms: number) => Promise<void>;
  /** Names the entity in the error, such as `payment 6443c564-...`. */
  what: string;
}

/** Reads an entity every intervalMs until done says it is final, at most maxPolls times. */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  options: PollOptions,
): Promise<T> {
  const {intervalMs, maxPolls, sleep = delay, what} = options;
  if (!Number.isInteger(maxPolls) || maxPolls < 1)
    throw new RangeError(`pollUntil: maxPolls must be a whole number above 0, not ${maxPolls}`);
  for (let poll = 1; poll <= maxPolls; poll++) {
    await sleep(intervalMs);
    const value = await read();
    if (done(value)) return value;
  }
  throw new PollLimitError(what, maxPolls);
}
// #endregion poll

// #region idempotency-key
/**
 * The Idempotency-Key of this run: IDEMPOTENCY_KEY when it is set, otherwise a new UUID. It is
 * printed on standard error: if the run times out, run it again with IDEMPOTENCY_KEY set to that
 * key, and Kestrel answers the first result instead of doing the operation twice.
 */
export function idempotencyKeyFromEnv(): string {
  const key = process.env.IDEMPOTENCY_KEY || randomUUID();
  console.error(`Idempotency-Key: ${key}`);
  return key;
}
// #endregion idempotency-key

/** The value of an environment variable, or an error that names it. */
export function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Set the environment variable ${name}.`);
  return value;
}

/** Waits `ms`; the default sleep between retries and between status checks. */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
