/**
 * Defers the order, not the request. A payout holds its fee and rate for 15 minutes and a quote
 * holds its price for 30 seconds to 5 minutes, while a maintenance window may last 30: an initiate
 * or an execute queued through the window and sent as it was answers 422 QUOTE_EXPIRED, which
 * Kestrel then keeps against its key. So a deferred order is run again from the top: the job reads
 * what it created and, when the hold lapsed, creates it again with the next key of its create
 * operation before acting on it. Every step sends its own key (order-keys.ts), so a run repeated
 * after a timeout or a restart creates and acts once.
 */
import {needsNewKey} from '../walkthroughs/node/kestrel-client.js';
import {orderKey, type OrderAttempts} from '../walkthroughs/node/order-keys.js';
import type {OperationId} from '../kestrel-api-types.js';
import type {BackoffOptions} from './backoff.js';
import {sendOrDefer} from './maintenance.js';

/** Runs of the steps in one call: what lapses between its read and the action is created again. */
const MAX_ROUNDS = 3;

/** Something Kestrel holds a price for until `expiration`, then acts on once: its operations. */
export interface HeldKind {
  create: {operationId: OperationId; path: string};
  read: (id: string) => string;
  act: {operationId: OperationId; method: 'PATCH' | 'POST'; path: (id: string) => string};
  /** The 409 code of an action on what is no longer NEW. */
  alreadyActed: string;
}

// #region kinds
export const PAYOUT: HeldKind = {
  create: {operationId: 'createAPayout', path: '/payouts'},
  read: (id) => `/payouts/${id}`,
  act: {operationId: 'initiateAPayout', method: 'PATCH', path: (id) => `/payouts/${id}/initiate`},
  alreadyActed: 'PAYOUT_NOT_INITIABLE',
};

export const CURRENCY_EXCHANGE: HeldKind = {
  create: {operationId: 'createCurrencyExchangeQuote', path: '/currency-exchange-quotes'},
  read: (id) => `/currency-exchange-quotes/${id}`,
  act: {
    operationId: 'executeCurrencyExchangeQuote',
    method: 'POST',
    path: (id) => `/currency-exchange-quotes/${id}/execute`,
  },
  alreadyActed: 'QUOTE_ALREADY_EXECUTED',
};
// #endregion kinds

/** What your application keeps for one order, in the same row as its attempt numbers. */
export interface HeldOrder {
  orderId: string;
  /** The body of the create operation, such as a payout's or an exchange quote's. */
  request: Record<string, unknown>;
  /** What was created for the order so far, saved as soon as Kestrel answers its creation. */
  heldId?: string;
}

/** A payout or a currency exchange quote: `NEW` until acted on, `EXPIRED` once its hold lapsed. */
export interface Held {
  id: string;
  status: string;
  expiration: string;
  [field: string]: unknown;
}

export interface Problem {
  status: number;
  code?: string;
  detail?: string;
  traceId?: string;
}

export type HeldOrderResult =
  /** Kestrel acted on the order (the payout is initiated, the exchange executed) or further on. */
  | {kind: 'sent'; held: Held}
  /** Kestrel could not take the step now (a maintenance window, say): run the order again at retryAt. */
  | {kind: 'deferred'; retryAt: Date}
  /** An answer to act on, such as INSUFFICIENT_FUNDS: fix its cause, then run the order again. */
  | {kind: 'refused'; problem: Problem};

export interface HeldOrderOptions extends BackoffOptions {
  apiKey: string;
  /** https://api.kestrel.example/v1 or https://api.sandbox.kestrel.example/v1 */
  baseUrl: string;
  attempts: OrderAttempts;
  /** Stores the order durably before the job goes on: an id that is lost is a payout or quote made twice. */
  save: (order: HeldOrder) => void | Promise<void>;
  /** How long one attempt may take, answer and body, before it is abandoned; default 10 000 ms. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

type Step = {kind: 'ok'; held: Held} | Exclude<HeldOrderResult, {kind: 'sent'}>;

// #region run-held-order
/**
 * One run of an order: run it when the order is placed, and again at the retryAt of every
 * `deferred`. It reads before it writes, so a run repeated after any outcome acts once.
 */
export async function runHeldOrder(
  kind: HeldKind,
  order: HeldOrder,
  options: HeldOrderOptions,
): Promise<HeldOrderResult> {
  const {attempts, save} = options;
  const {orderId, request} = order;
  const [CREATE, ACT] = [kind.create.operationId, kind.act.operationId];
  const key = (operationId: string) => orderKey(orderId, operationId, attempts.attempt(orderId, operationId));
  let heldId = order.heldId;
  /** The hold lapsed before Kestrel acted, and nothing moved: the next one takes the next key of both steps. */
  const replace = async () => {
    attempts.advance(orderId, CREATE);
    attempts.advance(orderId, ACT);
    heldId = undefined;
    await save({orderId, request}); // after the keys moved on: a crash in between skips a key, never reuses one
  };
  for (let round = 1; round <= MAX_ROUNDS; round++) {
    let held: Held | undefined;
    if (heldId !== undefined) {
      const read = await step(options, 'GET', kind.read(heldId));
      if (read.kind !== 'ok') return read;
      if (read.held.status === 'EXPIRED') await replace();
      else if (read.held.status === 'NEW') held = read.held;
      else return {kind: 'sent', held: read.held};
    }
    if (held === undefined) {
      const created = await step(options, 'POST', kind.create.path, key(CREATE), request);
      if (created.kind !== 'ok') return refusedOrDeferred(created, attempts, orderId, CREATE);
      held = created.held;
      heldId = held.id;
      await save({orderId, request, heldId});
    }
    const acted = await step(options, kind.act.method, kind.act.path(held.id), key(ACT));
    if (acted.kind === 'ok') return {kind: 'sent', held: acted.held};
    const code = acted.kind === 'refused' ? acted.problem.code : undefined;
    if (code === 'QUOTE_EXPIRED') await replace();
    else if (code !== kind.alreadyActed) return refusedOrDeferred(acted, attempts, orderId, ACT);
    // Otherwise it is no longer NEW: the next round reads what it became.
  }
  throw new Error(`order ${orderId}: its ${kind.create.operationId} lapsed ${MAX_ROUNDS} times in one run`);
}
// #endregion run-held-order

/** A failure Kestrel keeps against the key moves the step to its next key, for the run after the fix. */
function refusedOrDeferred(
  result: Exclude<Step, {kind: 'ok'}>,
  attempts: OrderAttempts,
  orderId: string,
  operationId: string,
): HeldOrderResult {
  if (result.kind === 'refused' && needsNewKey(result.problem.code)) attempts.advance(orderId, operationId);
  return result;
}

/** One request through sendOrDefer: what it answered, a time to run the order again, or a problem. */
async function step(
  {apiKey, baseUrl, timeoutMs = 10_000, fetch: send = fetch, now, ...backoff}: HeldOrderOptions,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  idempotencyKey?: string,
  body?: unknown,
): Promise<Step> {
  const headers: Record<string, string> = {Authorization: `Bearer ${apiKey}`, Accept: 'application/json'};
  if (idempotencyKey !== undefined) headers['Idempotency-Key'] = idempotencyKey;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const outcome = await sendOrDefer(
    (_attempt, deadline) =>
      send(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        // Each attempt ends after timeoutMs, answer and body alike, and none runs past the deadline.
        signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), deadline]),
      }),
    {...backoff, ...(now ? {now} : {})},
  );
  if (outcome.kind === 'deferred') {
    await outcome.response?.body?.cancel();
    return {kind: 'deferred', retryAt: outcome.retryAt};
  }
  const {response} = outcome;
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.ok) return {kind: 'ok', held: answer as unknown as Held};
  return {kind: 'refused', problem: {...answer, status: response.status} as Problem};
}
