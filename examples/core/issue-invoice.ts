/**
 * Issues an invoice through withBackoff. The Idempotency-Key is yours: derive it from the order id,
 * the operation (issueInvoice) and an attempt number stored with the order, as orderKey in
 * walkthroughs/node/order-keys.ts does, so that every attempt, and a retry after your own process
 * restarts, carries the same key and Kestrel creates at most one invoice.
 */
import type {RequestBody} from '../kestrel-api-types.js';
import {withBackoff, type BackoffOptions} from './backoff.js';

export interface IssueInvoiceOptions extends BackoffOptions {
  apiKey: string;
  /** https://api.kestrel.example/v1 or https://api.sandbox.kestrel.example/v1 */
  baseUrl: string;
  /** One per invoice you mean to issue, kept with your order: the same key is the same invoice. */
  idempotencyKey: string;
  /** How long one attempt may take, answer and body, before it is abandoned; default 10 000 ms. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

// #region usage
export async function issueInvoice(
  body: RequestBody<'issueInvoice'>,
  {apiKey, baseUrl, idempotencyKey, timeoutMs = 10_000, fetch: send = fetch, ...backoff}: IssueInvoiceOptions,
): Promise<Response> {
  return withBackoff(
    (_attempt, deadline) =>
      send(`${baseUrl}/invoices`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${apiKey}`,
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'Idempotency-Key': idempotencyKey,
        },
        body: JSON.stringify(body),
        // Each attempt ends after timeoutMs, headers and body alike, and none runs past the deadline.
        signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), deadline]),
      }),
    backoff,
  );
}
// #endregion usage
