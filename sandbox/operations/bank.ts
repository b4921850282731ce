/**
 * Bank rails: bank payment methods and payout originators (stored; deleting one that a payout or
 * deposit still uses answers 409), payouts (`NEW` holds its fee and rate until `expiration`, and
 * becomes `EXPIRED` then if nobody initiated it, which frees its originator and bank account;
 * initiating takes `sourceAmount` from the balance and moves it `INITIATED` -> `PENDING` ->
 * `COMPLETED`) and deposits (`PENDING` -> `COMPLETED`, crediting `netAmount`). Fees are the
 * documented examples' fees, in the payout's or deposit's currency. The test bank accounts
 * (test-inputs.ts) make a payout end `FAILED` (returning `sourceAmount`), and a deposit end `FAILED`
 * or `COMPLETED` and then `REVERSED` (debiting `netAmount` back, which can take `available` below
 * zero when it was already spent: then nothing can be paid from that currency until it is refilled).
 */
import {moneyAt, objectAt, stringAt, type Json, type JsonObject} from '../api-data.ts';
import {amountErrors, convertAt, money, moneyOf, rateText, toUnits, type Money} from '../money.ts';
import {checkLimit} from '../limits.ts';
import {defineStep} from '../steps.ts';
import {ProblemError, validationFailed} from '../problems.ts';
import {BANK_ACCOUNT_ENDINGS, BANK_FAILURES} from '../test-inputs.ts';
import type {OperationId} from '../../definition/index.ts';
import type {Handler, World} from '../world.ts';
import {deleteHandler, getHandler, listHandler} from './generic.ts';
import {STEP_MS} from '../timings.ts';
import {exampleLifetime, fromExample, inSeconds} from './templates.ts';
import {servedItems} from '../versions/release-shapes.ts';
import {expireIfLapsed, findLapsing} from './lapse.ts';

/** Payout and deposit statuses that no longer hold their originator and bank payment method. */
const FINAL = new Set(['COMPLETED', 'FAILED', 'EXPIRED', 'REVERSED']);

/** A `NEW` payout past its `expiration` becomes `EXPIRED`, with a `payout.updated` event. */
const expirePayoutIfLapsed = (world: World, id: string): void => expireIfLapsed(world, 'Payout', id, 'payout.updated');

/**
 * Expires every lapsed `NEW` payout now. The scheduled step does it at `expiration`; this covers a
 * world whose scheduled steps were lost (one read back from a state file), before anything reads
 * or deletes what a payout holds.
 */
function expireLapsedPayouts(world: World): void {
  for (const payout of world.store.all('Payout'))
    if (payout.status === 'NEW') expirePayoutIfLapsed(world, stringAt(payout, 'id'));
}

export const getPayouts: Handler<'getPayouts'> = (call, world) => {
  expireLapsedPayouts(world);
  return listHandler('Payout')(call, world);
};

export const findPayoutById: Handler<'findPayoutById'> = (call, world) => {
  expireLapsedPayouts(world);
  return getHandler('Payout')(call, world);
};

function armExpiry(world: World, payout: JsonObject): void {
  const id = stringAt(payout, 'id');
  // The step keeps the id only, and runs just after the last moment initiating is still accepted.
  expirePayout.at(world, Date.parse(stringAt(payout, 'expiration')) + 1, {id});
}

const expirePayout = defineStep('payout.expire', (world, {id}: {id: string}) => expirePayoutIfLapsed(world, id));

export const createBankPaymentMethod: Handler<'createBankPaymentMethod'> = (call, world) => {
  const {accountNumber, ...rest} = call.body;
  const method = fromExample(world, 'createBankPaymentMethod', rest, {
    accountNumberLast4: accountNumber.slice(-4),
  });
  world.store.put('BankPaymentMethod', method);
  return {status: 201, body: world.publicView('BankPaymentMethod', method)};
};

export const createAPayoutOriginator: Handler<'createAPayoutOriginator'> = (call, world) => {
  const example = world.example('createAPayoutOriginator');
  const address = {
    ...Object.fromEntries(Object.keys(objectAt(example, 'address')).map((k) => [k, null])),
    ...call.body.address,
  };
  const originator = fromExample(
    world,
    'createAPayoutOriginator',
    {},
    {
      type: call.body.type,
      name: call.body.name,
      dateOfBirth: call.body.dateOfBirth ?? null,
      registrationNumber: call.body.registrationNumber ?? null,
      address,
    },
  );
  world.store.put('PayoutOriginator', originator);
  return {status: 201, body: originator};
};

/**
 * Whether a payout or deposit not in a final state references `id`, by the status the served
 * version shows: at 1.0.0 a lapsed payout is `NEW`, which holds its originator and bank account.
 */
function inUse(world: World, field: string, id: string, apiVersion: string): boolean {
  expireLapsedPayouts(world);
  const payouts = servedItems(apiVersion, 'Payout', world.store.all('Payout'), world);
  return [...payouts, ...world.store.all('Deposit')].some((o) => o[field] === id && !FINAL.has(stringAt(o, 'status')));
}

export const deleteAPayoutOriginator: Handler<'deleteAPayoutOriginator'> = deleteHandler(
  'PayoutOriginator',
  (world, id, apiVersion) => {
    if (inUse(world, 'originatorId', id, apiVersion))
      throw new ProblemError(
        'PAYOUT_ORIGINATOR_IN_USE',
        'A payout that has not reached a final state references this originator.',
      );
  },
);

export const deleteBankPaymentMethod: Handler<'deleteBankPaymentMethod'> = deleteHandler(
  'BankPaymentMethod',
  (world, id, apiVersion) => {
    if (inUse(world, 'paymentMethodId', id, apiVersion))
      throw new ProblemError(
        'PAYMENT_METHOD_IN_USE',
        'A payout or deposit that has not reached a final state references this bank payment method.',
      );
  },
);

/** The bank payment method a request names, or a 422 naming the field. */
function methodFor(world: World, id: Json | undefined, field: string): JsonObject {
  const method = typeof id === 'string' ? world.store.get('BankPaymentMethod', id) : undefined;
  if (!method)
    throw validationFailed({[field]: [`No bank payment method with ID ${String(id)} exists on your account.`]});
  return method;
}

function checkCurrency(method: JsonObject, currency: string): void {
  if (method.currency !== currency) {
    throw new ProblemError(
      'CURRENCY_MISMATCH',
      `The amount is in ${currency} but the bank payment method is in ${method.currency}.`,
    );
  }
}

const flatFee = (world: World, operationId: OperationId, currency: string) =>
  toUnits(moneyAt(world.example(operationId), 'fee').amount) / (currency === 'BTC' ? 1000n : 1n);

function checkAmount(amount: Money): void {
  const errors = amountErrors(amount, 'amount');
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

export const createAPayout: Handler<'createAPayout'> = (call, world) => {
  checkAmount(call.body.amount);
  const method = methodFor(world, call.body.paymentMethodId, 'paymentMethodId');
  const amount = moneyOf(call.body.amount);
  const {currency} = amount;
  checkCurrency(method, currency);
  const {originatorId} = call.body;
  if (originatorId && !world.store.get('PayoutOriginator', originatorId)) {
    throw validationFailed({
      originatorId: [`No payout originator with ID ${originatorId} exists on your account.`],
    });
  }
  const source = call.body.sourceCurrency ?? currency;
  const fee = flatFee(world, 'createAPayout', currency);
  const total = toUnits(amount.amount) + fee;
  const rate = rateText(world.rates.rate(source, currency));
  // What the payout costs in the source currency, rounded up: `amount` plus `fee` at `exchangeRate`.
  const sourceUnits = source === currency ? total : convertAt(total, rate, source, 'up', true);
  const payout = fromExample(
    world,
    'createAPayout',
    {},
    {
      status: 'NEW',
      paymentMethodId: stringAt(method, 'id'),
      originatorId: originatorId ?? null,
      amount,
      sourceAmount: money(sourceUnits, source),
      fee: money(fee, currency),
      exchangeRate: source === currency ? null : rate,
      reference: call.body.reference,
      failureReason: null,
      expiration: inSeconds(world, exampleLifetime(world, 'createAPayout')),
      _fails: method.accountNumberLast4 === BANK_ACCOUNT_ENDINGS.payoutFails,
    },
  );
  world.store.put('Payout', payout);
  armExpiry(world, payout);
  return {status: 201, body: world.publicView('Payout', payout)};
};

export const initiateAPayout: Handler<'initiateAPayout'> = (call, world) => {
  const payout = findLapsing(world, call, 'Payout', call.params.payoutId!, 'payout.updated');
  if (payout.status === 'EXPIRED') {
    throw new ProblemError(
      'QUOTE_EXPIRED',
      `The payout's fee and rate expired at ${payout.expiration}. Create a new payout and initiate it promptly.`,
    );
  }
  if (payout.status !== 'NEW')
    throw new ProblemError(
      'PAYOUT_NOT_INITIABLE',
      `The payout is ${payout.status}, not NEW: it has already been initiated.`,
    );
  checkLimit(world, 'PAYOUT', moneyAt(payout, 'amount'));
  const sourceAmount = moneyAt(payout, 'sourceAmount');
  world.debit(sourceAmount.currency, toUnits(sourceAmount.amount));
  const id = stringAt(payout, 'id');
  const next = world.update('Payout', id, {status: 'INITIATED'}, 'payout.updated');
  payoutPending.after(world, STEP_MS, {id});
  return {status: 200, body: next && world.publicView('Payout', next)};
};

const payoutPending = defineStep('payout.pending', (world, {id}: {id: string}) => {
  if (world.store.get('Payout', id)?.status !== 'INITIATED') return;
  world.update('Payout', id, {status: 'PENDING'}, 'payout.updated');
  payoutSettle.after(world, STEP_MS, {id});
});

const payoutSettle = defineStep('payout.settle', (world, {id}: {id: string}) => {
  const payout = world.store.get('Payout', id);
  if (payout?.status !== 'PENDING') return;
  if (payout._fails !== true) return void world.update('Payout', id, {status: 'COMPLETED'}, 'payout.updated');
  const sourceAmount = moneyAt(payout, 'sourceAmount');
  world.credit(sourceAmount.currency, toUnits(sourceAmount.amount));
  world.update('Payout', id, {status: 'FAILED', failureReason: BANK_FAILURES.payoutFails}, 'payout.updated');
});

function depositFigures(world: World, amount: {amount: string; currency: string}) {
  const fee = flatFee(world, 'initiateDeposit', amount.currency);
  return {fee: money(fee, amount.currency), netAmount: money(toUnits(amount.amount) - fee, amount.currency)};
}

export const initiateDeposit: Handler<'initiateDeposit'> = (call, world) => {
  checkAmount(call.body.amount);
  const method = methodFor(world, call.body.paymentMethodId, 'paymentMethodId');
  const amount = moneyOf(call.body.amount);
  checkCurrency(method, amount.currency);
  checkLimit(world, 'DEPOSIT', amount);
  const figures = depositFigures(world, amount);
  const deposit = fromExample(
    world,
    'initiateDeposit',
    {},
    {
      status: 'PENDING',
      paymentMethodId: stringAt(method, 'id'),
      amount,
      ...figures,
      // The documented default: KESTREL and the deposit's date.
      reference: call.body.reference ?? `KESTREL ${world.now().slice(0, 10)}`,
      failureReason: null,
    },
  );
  world.store.put('Deposit', deposit);
  const net = toUnits(figures.netAmount.amount);
  const currency = figures.netAmount.currency;
  const id = stringAt(deposit, 'id');
  const ending = String(method.accountNumberLast4);
  world.credit(currency, net, true);
  depositSettle.after(world, STEP_MS * 2, {id, currency, net: String(net), ending});
  return {status: 201, body: deposit};
};

type DepositStep = {id: string; currency: string; net: string; ending: string};

const depositSettle = defineStep('deposit.settle', (world, args: DepositStep) => {
  const {id, currency, ending} = args;
  const net = BigInt(args.net);
  if (world.store.get('Deposit', id)?.status !== 'PENDING') return;
  world.credit(currency, -net, true);
  if (ending === BANK_ACCOUNT_ENDINGS.depositFails) {
    world.update('Deposit', id, {status: 'FAILED', failureReason: BANK_FAILURES.depositFails}, 'deposit.updated');
    return;
  }
  world.credit(currency, net);
  world.update('Deposit', id, {status: 'COMPLETED'}, 'deposit.updated');
  if (ending === BANK_ACCOUNT_ENDINGS.depositReversed) depositReverse.after(world, STEP_MS * 2, args);
});

const depositReverse = defineStep('deposit.reverse', (world, {id, currency, net}: DepositStep) => {
  if (world.store.get('Deposit', id)?.status !== 'COMPLETED') return;
  // The bank took the money back: netAmount leaves the available balance again.
  world.credit(currency, -BigInt(net));
  world.update('Deposit', id, {status: 'REVERSED', failureReason: BANK_FAILURES.depositReversed}, 'deposit.updated');
});

export const getDepositFeeEstimate: Handler<'getDepositFeeEstimate'> = (call, world) => {
  const amount = {amount: String(call.query.amount), currency: String(call.query.currency)};
  const errors = amountErrors(amount, 'amount');
  if (Object.keys(errors).length > 0) throw validationFailed({amount: errors['amount.amount']!});
  const method = methodFor(world, call.query.paymentMethodId, 'paymentMethodId');
  checkCurrency(method, amount.currency);
  const estimate = world.example('getDepositFeeEstimate');
  return {
    status: 200,
    body: {
      ...estimate,
      paymentMethodId: method.id,
      amount,
      ...depositFigures(world, amount),
      estimatedArrival: inSeconds(world, 2 * 24 * 3600),
    },
  };
};
