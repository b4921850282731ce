/**
 * A minimal typed client for the Kestrel API, for Node 20 and later (built-in fetch, no dependencies).
 *
 * - Base URL from KESTREL_API_BASE (default: the sandbox), API key from KESTREL_API_KEY.
 * - Sends `Authorization: Bearer <key>` on every request.
 * - Generates an Idempotency-Key for each operation that moves money or creates a resource,
 *   and reuses it on every retry of that call.
 * - Turns `application/problem+json` answers into a KestrelProblem with status, code and traceId.
 * - Retries 429 answers, and 5xx answers where a repeat is harmless, with the jittered
 *   exponential backoff of the rate limits guide (examples/core/backoff.ts), never sooner than
 *   Retry-After.
 */
import {randomUUID} from 'node:crypto';
import {withBackoff} from '../../core/backoff.js';

export const SANDBOX_BASE_URL = 'https://api.sandbox.kestrel.example/v1';

// #region types
/** A decimal string and a currency code: `{"amount": "150.00", "currency": "USD"}`. */
export interface Money {
  amount: string;
  currency: string;
}

export type InvoiceStatus = 'UNPAID' | 'PENDING' | 'PAID' | 'CANCELLED';

export interface Invoice {
  id: string;
  status: InvoiceStatus;
  amount: Money;
  description: string | null;
  reference: string | null;
  payeeAccountId: string;
  payeeHandle: string;
  issuerAccountId: string;
  cancellationReason: 'REQUESTED' | 'EXPIRED' | null;
  expiration: string;
  created: string;
  updated: string;
}

export interface InvoiceCreate {
  amount: Money;
  description?: string;
  reference?: string;
  expiresInSeconds?: number;
}

/** A Lightning invoice that pays a Kestrel invoice, valid until `expiration`. */
export interface InvoiceQuote {
  id: string;
  invoiceId: string;
  lnInvoice: string;
  amount: Money;
  invoiceAmount: Money;
  exchangeRate: string;
  expiration: string;
  created: string;
}

export interface PaymentQuote {
  id: string;
  type: 'LIGHTNING' | 'LNURL' | 'ONCHAIN';
  destination: string;
  amount: Money;
  fee: Money;
  totalAmount: Money;
  exchangeRate: string | null;
  description: string | null;
  expiration: string;
  created: string;
}

export interface Payment {
  id: string;
  quoteId: string;
  type: 'LIGHTNING' | 'LNURL' | 'ONCHAIN';
  status: 'PENDING' | 'COMPLETED' | 'FAILED';
  destination: string;
  amount: Money;
  fee: Money;
  totalAmount: Money;
  failureReason: string | null;
  created: string;
  updated: string;
}

export interface CurrencyExchangeQuote {
  id: string;
  status: 'NEW' | 'PENDING' | 'COMPLETED' | 'FAILED';
  source: Money;
  target: Money;
  rate: string;
  fee: Money;
  expiration: string;
  created: string;
  updated: string;
}

export interface RateTicker {
  baseCurrency: string;
  quoteCurrency: string;
  bid: string;
  ask: string;
  mid: string;
  updated: string;
}

export interface Balance {
  currency: string;
  available: Money;
  pending: Money;
  total: Money;
  updated: string;
}

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
    super(detail ? `${title}: ${detail}` : title);
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

export interface KestrelClientOptions {
  /** Defaults to KESTREL_API_KEY. */
  apiKey?: string;
  /** Defaults to KESTREL_API_BASE, then the sandbox. */
  baseUrl?: string;
  /** Retries after the first attempt; default 3. */
  maxRetries?: number;
  /** First backoff step in milliseconds when the answer has no Retry-After. */
  baseDelayMs?: number;
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
    const init: RequestInit = {method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body)};
    // A 429 was refused before it ran, so it is always repeated. A 5xx may come after the work
    // was done: repeat it only where a repeat is harmless (a read, or a write with an Idempotency-Key).
    const safeToRepeat = method === 'GET' || method === 'DELETE' || Boolean(options.idempotencyKey);

    const {response} = await withBackoff(
      async () => {
        const response = await this.fetchImpl(url, init);
        const status = safeToRepeat || response.status === 429 ? response.status : 0;
        return {status, headers: response.headers, response};
      },
      {maxAttempts: this.maxRetries + 1, baseMs: this.baseDelayMs, random: this.random, sleep: this.sleep},
    );
    const text = await response.text();
    if (!response.ok) throw new KestrelProblem(response.status, parseProblem(text));
    return (text ? JSON.parse(text) : undefined) as T;
  }
  // #endregion request

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
  createLightningPaymentQuote(
    body: {lnInvoice: string; amount?: Money; sourceCurrency?: string},
    idempotencyKey: string = randomUUID(),
  ) {
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
  createCurrencyExchangeQuote(
    body: {sourceCurrency: string; targetCurrency: string; amount: Money},
    idempotencyKey: string = randomUUID(),
  ) {
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

/** Waits `ms`; the default sleep between retries and between status checks. */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
