/**
 * Invoices: issued `UNPAID`; a quote starts the simulated customer, who pays `--pay-after` later
 * (`PENDING`, then `PAID` a second after, crediting the amount); amounts ending in `.13` are never
 * paid and expire, amounts ending in `.66` fail and stay `UNPAID` (the test inputs, test-inputs.ts).
 * Cancelling an invoice that is already `CANCELLED` returns it unchanged. At `expiration` an unpaid
 * invoice becomes `CANCELLED` with `EXPIRED`. Each change is an `invoice.updated` event.
 */
import {moneyAt, stringAt, type JsonObject} from '../api-data.ts';
import {amountErrors, convertAt, money, moneyOf, rateText, toUnits} from '../money.ts';
import {ProblemError, validationFailed} from '../problems.ts';
import {defineStep} from '../steps.ts';
import type {Call, Handler, World} from '../world.ts';
import {amountOutcome} from '../test-inputs.ts';
import {accountIdFor} from './accounts.ts';
import {SETTLE_MS} from '../timings.ts';
import {exampleLifetime, fromExample, inSeconds, requestDefault, signetInvoice} from './templates.ts';

function issue(
  call: Call<'issueInvoice' | 'issueInvoiceForReceiver'>,
  world: World,
  payee: {id: string; handle: string},
  operationId: 'issueInvoice' | 'issueInvoiceForReceiver',
): JsonObject {
  const {amount} = call.body;
  const errors = amountErrors(amount, 'amount');
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const seconds = call.body.expiresInSeconds ?? requestDefault(world, operationId, 'expiresInSeconds');
  if (typeof seconds !== 'number') throw new Error(`${operationId}: expiresInSeconds is not a number`);
  const invoice = fromExample(
    world,
    operationId,
    {},
    {
      status: 'UNPAID',
      amount: moneyOf(amount),
      description: call.body.description ?? null,
      reference: call.body.reference ?? null,
      payeeAccountId: payee.id,
      payeeHandle: payee.handle,
      issuerAccountId: world.account.id,
      cancellationReason: null,
      expiration: inSeconds(world, seconds),
    },
  );
  world.store.put('Invoice', invoice);
  // The step keeps the id only: an invoice forgotten at the cap must not stay in memory until it expires.
  const id = stringAt(invoice, 'id');
  world.emit('invoice.created', id, []);
  expireInvoice.after(world, seconds * 1000, {id});
  return world.publicView('Invoice', invoice);
}

/** Cancels an invoice still UNPAID at its expiration (also read back from an older state file). */
export const expireInvoice = defineStep('invoice.expire', (world, {id}: {id: string}) => {
  if (world.store.get('Invoice', id)?.status === 'UNPAID') {
    world.update('Invoice', id, {status: 'CANCELLED', cancellationReason: 'EXPIRED'}, 'invoice.updated');
  }
});

export const issueInvoice: Handler<'issueInvoice'> = (call, world) => ({
  status: 201,
  body: issue(call, world, world.account, 'issueInvoice'),
});

export const issueInvoiceForReceiver: Handler<'issueInvoiceForReceiver'> = (call, world) => {
  const handle = call.params.handle!;
  return {
    status: 201,
    body: issue(call, world, {id: accountIdFor(world, handle, call.op), handle}, 'issueInvoiceForReceiver'),
  };
};

function schedulePayment(world: World, invoiceId: string, lnInvoice: string): void {
  payInvoice.after(world, world.options.payAfterMs, {invoiceId, lnInvoice});
}

const payInvoice = defineStep(
  'invoice.pay',
  (world, {invoiceId, lnInvoice}: {invoiceId: string; lnInvoice?: string}) => {
    const invoice = world.store.get('Invoice', invoiceId);
    if (invoice?.status !== 'UNPAID') return;
    // The customer paid the Lightning invoice of a quote since replaced: Kestrel rejects it, and the
    // newest quote's own payment comes --pay-after after that quote. (A step kept from before quotes
    // were named pays whatever quote the invoice has.)
    if (lnInvoice !== undefined && invoice._customerPays !== lnInvoice) return;
    const amount = moneyAt(invoice, 'amount');
    if (amountOutcome(amount.amount) !== 'pay') return;
    const ours = invoice.payeeAccountId === world.account.id;
    world.update('Invoice', invoiceId, {status: 'PENDING'}, 'invoice.updated');
    if (ours) world.credit(amount.currency, toUnits(amount.amount), true);
    settleInvoice.after(world, SETTLE_MS, {invoiceId, ours});
  },
);

const settleInvoice = defineStep('invoice.settle', (world, {invoiceId, ours}: {invoiceId: string; ours: boolean}) => {
  const invoice = world.store.get('Invoice', invoiceId);
  if (invoice?.status !== 'PENDING') return;
  world.update('Invoice', invoiceId, {status: 'PAID'}, 'invoice.updated');
  if (ours) {
    const amount = moneyAt(invoice, 'amount');
    world.credit(amount.currency, -toUnits(amount.amount), true);
    world.credit(amount.currency, toUnits(amount.amount));
  }
});

export const issueQuoteForInvoice: Handler<'issueQuoteForInvoice'> = (call, world) => {
  const invoice = world.find('Invoice', call.params.invoiceId!, call.op);
  if (invoice.status !== 'UNPAID') {
    throw new ProblemError(
      'INVOICE_NOT_PAYABLE',
      `The invoice is ${invoice.status}, not UNPAID, so it cannot be quoted for payment.`,
    );
  }
  const invoiceAmount = moneyAt(invoice, 'amount');
  const {amount, currency} = invoiceAmount;
  const invoiceId = stringAt(invoice, 'id');
  const exchangeRate = rateText(world.rates.rate('BTC', currency));
  // The payer pays, so the bitcoin is rounded up at the rate the quote shows: `amount` ×
  // `exchangeRate` is never short of the invoice's amount.
  const btc = currency === 'BTC' ? toUnits(amount) : convertAt(toUnits(amount), exchangeRate, 'BTC', 'up', true);
  const expiration = Math.min(
    world.clock.now() + exampleLifetime(world, 'issueQuoteForInvoice') * 1000,
    Date.parse(stringAt(invoice, 'expiration')),
  );
  const quote = fromExample(
    world,
    'issueQuoteForInvoice',
    {},
    {
      invoiceId,
      lnInvoice: signetInvoice(btc),
      amount: money(btc, 'BTC'),
      invoiceAmount,
      exchangeRate,
      expiration: world.clock.iso(expiration),
    },
  );
  world.store.put('InvoiceQuote', quote);
  // The simulated customer pays the newest quote's Lightning invoice; a new quote replaces it.
  const lnInvoice = stringAt(quote, 'lnInvoice');
  world.store.put('Invoice', {...invoice, _customerPays: lnInvoice});
  schedulePayment(world, invoiceId, lnInvoice);
  return {status: 201, body: quote};
};

export const cancelUnpaidInvoice: Handler<'cancelUnpaidInvoice'> = (call, world) => {
  const invoice = world.find('Invoice', call.params.invoiceId!, call.op);
  // Cancelling twice is harmless: the invoice comes back unchanged, with no new event.
  if (invoice.status === 'CANCELLED') return {status: 200, body: world.publicView('Invoice', invoice)};
  if (invoice.status !== 'UNPAID') {
    throw new ProblemError(
      'INVOICE_NOT_CANCELLABLE',
      `The invoice is ${invoice.status}: only UNPAID invoices can be cancelled.`,
    );
  }
  const next = world.update(
    'Invoice',
    stringAt(invoice, 'id'),
    {status: 'CANCELLED', cancellationReason: 'REQUESTED'},
    'invoice.updated',
  );
  return {status: 200, body: next && world.publicView('Invoice', next)};
};
