/**
 * Receive requests: stored with a zero `totalReceived`, and presented to payers as an LNURL-pay
 * link and an on-chain address, both reusable (a BOLT11 invoice has one payment hash and is paid
 * once, so a receive request has none). One with a fixed `amount` is paid by a simulated payer
 * `--pay-after` after it is created: a receive appears `PENDING` (`receive-request.receive-pending`),
 * then `COMPLETED` a second later (`receive-request.receive-completed`), crediting the balance. One
 * without an amount is paid the same way, by a payer who chooses the test input's amount
 * (OPEN_AMOUNT_PAYMENT, test-inputs.ts). Paying the LNURL from the sandbox (an LNURL payment quote)
 * adds a receive for each payment, so the same request can be paid again and again. Each request
 * also keeps the one BOLT11 invoice release 1.0.0 answers as `lnInvoice` (versions/).
 */
import {randomBytes} from 'node:crypto';
import {moneyAt, objectsAt, stringAt, type JsonObject} from '../api-data.ts';
import {amountErrors, convertAt, money, moneyOf, rateText, toUnits} from '../money.ts';
import {encodeLnurl} from '../lnurl.ts';
import {ProblemError, validationFailed} from '../problems.ts';
import {defineStep} from '../steps.ts';
import {OPEN_AMOUNT_PAYMENT} from '../test-inputs.ts';
import type {Handler, World} from '../world.ts';
import {page} from './generic.ts';
import {SETTLE_MS} from '../timings.ts';
import {fromExample, inSeconds, requestDefault, signetAddress} from './templates.ts';
import {receiveRequestInvoice} from '../versions/receive-request-invoice.ts';
import {amountInAnyCurrency, creditFor} from '../versions/receive-request-amount.ts';

/** The confirmations after which an on-chain receive is `COMPLETED`. */
const ONCHAIN_CONFIRMATIONS = 2;
/** Where a receive request's LNURL-pay link points: Kestrel's LNURL server, by the request's id. */
const LNURL_BASE = 'https://kestrel.example/lnurlp/';

/** The LNURL-pay link of a receive request. */
export const receiveRequestLnurl = (id: string) => encodeLnurl(`${LNURL_BASE}${id}`);

/** The receive request an LNURL's URL names, if it is one of this sandbox's. */
export function receiveRequestAt(world: World, url: string): JsonObject | undefined {
  if (!url.startsWith(LNURL_BASE)) return undefined;
  return world.store.get('ReceiveRequest', url.slice(LNURL_BASE.length));
}

/**
 * What a receive request's LNURL-pay link announces: exactly its `amount` in bitcoin when it has
 * one, else the documented bounds; its description. A request past its `expiration` no longer
 * answers, as the schema says of Lightning payments after it.
 */
/** What a payer's wallet shows for a receive request without a description: this, then your handle. */
export const PAYMENT_TO = 'Payment to';

export function receiveRequestLnurlDetails(world: World, request: JsonObject, documented: JsonObject): JsonObject {
  if (Date.parse(stringAt(request, 'expiration')) < world.clock.now())
    throw new ProblemError(
      'LNURL_RESOLUTION_FAILED',
      `The receive request behind this LNURL expired at ${request.expiration}; it accepts no more Lightning payments.`,
    );
  const fixed = request._btcAmount;
  return {
    ...documented,
    domain: 'kestrel.example',
    lightningAddress: null,
    // Without a description of its own the wallet shows whom it pays, never another payee's text.
    description: request.description ?? `${PAYMENT_TO} ${world.account.handle}`,
    minSendable: fixed ?? documented.minSendable ?? null,
    maxSendable: fixed ?? documented.maxSendable ?? null,
  };
}

/**
 * The bitcoin a payer sends for an amount in another currency: at the mid, rounded up, so that
 * `amount` × `exchangeRate` rounded down is the amount credited.
 */
function bitcoinFor(world: World, paid: {amount: string; currency: string}) {
  if (paid.currency === 'BTC') return paid;
  return money(
    convertAt(toUnits(paid.amount), rateText(world.rates.rate('BTC', paid.currency)), 'BTC', 'up', true),
    'BTC',
  );
}

export const createAReceiveRequest: Handler<'createAReceiveRequest'> = (call, world) => {
  const {currency} = call.body;
  const amount = call.body.amount && moneyOf(call.body.amount);
  const errors = amountErrors(amount, 'amount');
  if (amount && amount.currency !== currency && !amountInAnyCurrency(call.apiVersion))
    errors['amount.currency'] = [`Must be ${currency}, the receive request's currency.`];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const seconds = call.body.expiresInSeconds ?? requestDefault(world, 'createAReceiveRequest', 'expiresInSeconds');
  if (typeof seconds !== 'number') throw new Error('createAReceiveRequest: expiresInSeconds is not a number');
  const request = fromExample(
    world,
    'createAReceiveRequest',
    {},
    {
      currency,
      description: call.body.description ?? null,
      reference: call.body.reference ?? null,
      totalReceived: money(0n, currency),
      onchainAddress: signetAddress(),
      // A fiat amount is fixed in bitcoin at creation: what the LNURL asks every payer for.
      ...(amount && {_btcAmount: bitcoinFor(world, amount)}),
      expiration: inSeconds(world, seconds),
    },
  );
  // Absent, not null, when the payer chooses the amount.
  if (amount) request.amount = amount;
  else delete request.amount;
  const id = stringAt(request, 'id');
  request.lnurl = receiveRequestLnurl(id);
  // The BOLT11 invoice 1.0.0 answers as `lnInvoice`, kept at every version.
  request._lnInvoice = receiveRequestInvoice(request);
  world.store.put('ReceiveRequest', request);
  const paid = amount
    ? creditFor(world, amount, moneyAt(request, '_btcAmount'), currency)
    : {amount: OPEN_AMOUNT_PAYMENT[currency]!, currency};
  payReceiveRequest.after(world, world.options.payAfterMs, {id, paid});
  return {status: 201, body: world.publicView('ReceiveRequest', request)};
};

const payReceiveRequest = defineStep(
  'receive-request.pay',
  (world, {id, paid}: {id: string; paid: {amount: string; currency: string}}) => receive(world, id, paid),
);

/**
 * A payment into a receive request, in its currency: a receive `PENDING`, then `COMPLETED` and
 * credited. `paymentHash` is the Lightning payment's own, and `btc` the bitcoin it carried, when a
 * payment from the sandbox made it.
 */
export function receive(
  world: World,
  requestId: string,
  paid: {amount: string; currency: string},
  paymentHash?: string,
  btc?: {amount: string; currency: string},
): void {
  const request = world.store.get('ReceiveRequest', requestId);
  if (!request || Date.parse(stringAt(request, 'expiration')) < world.clock.now()) return;
  const template = objectsAt(world.example('getReceivesForReceiveRequest'), 'items')[0];
  if (!template) throw new Error('the definition documents getReceivesForReceiveRequest with no receive');
  const requestCurrency = stringAt(request, 'currency');
  const units = toUnits(paid.amount);
  const lightning = paymentHash !== undefined || template.network === 'LIGHTNING';
  const itemId = world.uuid();
  const item: JsonObject = {
    ...template,
    id: itemId,
    receiveRequestId: requestId,
    status: 'PENDING',
    network: lightning ? 'LIGHTNING' : (template.network ?? null),
    // `amount` is the bitcoin that arrived; `creditedAmount` what it is worth in the request's currency.
    amount: btc ?? bitcoinFor(world, paid),
    creditedAmount: paid,
    exchangeRate: paid.currency === 'BTC' ? null : rateText(world.rates.rate('BTC', paid.currency)),
    paymentHash: lightning ? (paymentHash ?? randomBytes(32).toString('hex')) : null,
    txid: lightning ? null : randomBytes(32).toString('hex'),
    confirmations: lightning ? null : 0,
    created: world.now(),
    updated: world.now(),
  };
  world.store.put('Receive', item);
  world.credit(requestCurrency, units, true);
  world.emit('receive-request.receive-pending', requestId, ['receives']);
  settleReceive.after(world, SETTLE_MS, {itemId, requestId, requestCurrency, units: String(units), lightning});
}

const settleReceive = defineStep(
  'receive.settle',
  (world, args: {itemId: string; requestId: string; requestCurrency: string; units: string; lightning: boolean}) => {
    const {itemId, requestId, requestCurrency, lightning} = args;
    const units = BigInt(args.units);
    if (world.store.get('Receive', itemId)?.status !== 'PENDING') return;
    // An on-chain payment completes at its second confirmation.
    world.update(
      'Receive',
      itemId,
      lightning ? {status: 'COMPLETED'} : {status: 'COMPLETED', confirmations: ONCHAIN_CONFIRMATIONS},
    );
    world.credit(requestCurrency, -units, true);
    world.credit(requestCurrency, units);
    const current = world.store.get('ReceiveRequest', requestId);
    if (current)
      world.update('ReceiveRequest', requestId, {
        totalReceived: money(toUnits(moneyAt(current, 'totalReceived').amount) + units, requestCurrency),
      });
    world.emit('receive-request.receive-completed', requestId, ['receives', 'totalReceived']);
  },
);

export const getReceivesForReceiveRequest: Handler<'getReceivesForReceiveRequest'> = (call, world) => {
  const request = world.find('ReceiveRequest', call.params.receiveRequestId!, call.op);
  const items = world.store.all('Receive').filter((r) => r.receiveRequestId === request.id);
  return {status: 200, body: page(world, call.op, items, call.query, 'Receive')};
};
