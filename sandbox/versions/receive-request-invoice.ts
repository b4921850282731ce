/**
 * A receive request's BOLT11 invoice, which 1.0.0 answers as `lnInvoice`: made with the request at
 * every version (so a request made at 2.0.0 reads at 1.0.0 too) and paid once at every version,
 * since a BOLT11 invoice has one payment hash. A Lightning payment quote for it is refused once it
 * was paid or its receive request expired; of two quotes executed for it, the second payment ends
 * `FAILED` with `PAYEE_REJECTED`, its money returned, as a payee's node rejects a paid invoice.
 */
import {optionalMoneyAt, optionalStringAt, stringAt, type JsonObject} from '../api-data.ts';
import {toUnits} from '../money.ts';
import {ProblemError, validationFailed} from '../problems.ts';
import {signetInvoice} from '../operations/templates.ts';
import type {World} from '../world.ts';

const KIND = 'ReceiveRequest';

/** The invoice of a receive request: its bitcoin amount when it has one, else none (the payer chooses). */
export function receiveRequestInvoice(request: JsonObject): string {
  const btc = optionalMoneyAt(request, '_btcAmount');
  if (btc) return signetInvoice(toUnits(btc.amount));
  return signetInvoice(0n).replace(/^lntbs0n/, 'lntbs');
}

/** The stored receive request with its invoice, made now for one kept from before invoices were. */
export function withInvoice(world: World, request: JsonObject): JsonObject {
  if (typeof request._lnInvoice === 'string') return request;
  const next = {...request, _lnInvoice: receiveRequestInvoice(request)};
  world.store.put(KIND, next);
  return next;
}

/**
 * What a Lightning payment quote for `lnInvoice` keeps when it pays a receive request's invoice
 * (nothing otherwise); refused when that invoice was paid or its request expired.
 */
export function payingReceiveRequest(world: World, lnInvoice: string): {_receiveRequestId?: string} {
  const request = world.store.all(KIND).find((r) => r._lnInvoice === lnInvoice);
  if (!request) return {};
  if (typeof request._lnInvoicePaidBy === 'string')
    throw validationFailed({
      lnInvoice: [`Was paid already (payment ${request._lnInvoicePaidBy}): a BOLT11 invoice is paid once.`],
    });
  if (Date.parse(stringAt(request, 'expiration')) < world.clock.now())
    throw new ProblemError(
      'LIGHTNING_INVOICE_EXPIRED',
      `The Lightning invoice expired at ${request.expiration}, with its receive request. Ask the payee for a new one.`,
    );
  return {_receiveRequestId: stringAt(request, 'id')};
}

/**
 * Claims a receive request's invoice for a payment being executed from `quote`: undefined when the
 * payment may go ahead, `PAYEE_REJECTED` when another payment paid the invoice first.
 */
export function claimInvoice(world: World, quote: JsonObject, paymentId: string): string | undefined {
  const requestId = optionalStringAt(quote, '_receiveRequestId');
  const request = requestId ? world.store.get(KIND, requestId) : undefined;
  if (!request || request._lnInvoice !== quote.destination) return undefined;
  if (typeof request._lnInvoicePaidBy === 'string') return 'PAYEE_REJECTED';
  world.store.put(KIND, {...request, _lnInvoicePaidBy: paymentId});
  return undefined;
}
