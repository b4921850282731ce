/**
 * Currency exchange at the documented tickers' `bid` and `ask` (you buy at the ask and sell at the
 * bid) with Kestrel's fee taken from the source, rounded up: the definition's `x-fee` on the
 * quote's `fee`, a percentage of `source`. `target` is (`source` − `fee`) × `rate`
 * rounded down; when the request fixes `target`, `source` is the smallest amount that buys it.
 * Both sides must reach the definition's minimum for their currency (`x-minimum-amounts`), so no
 * side of an exchange rounds to nothing. A quote holds its rate as long as the documented example does, and is `EXPIRED` once its
 * `expiration` passes unexecuted; executing it takes the source amount, moves it `PENDING` and
 * then `COMPLETED`, crediting the target amount. A quote whose
 * requested amount ends in `.66` (a test input, test-inputs.ts) ends `FAILED` and returns the source.
 * A request served as release 1.0.0 is priced as 1.0.0 priced it (versions/quote-rules.ts).
 */
import {exchangeFeePercentOf, minimumAmountsOf} from '../../definition/index.ts';
import {moneyAt, objectsAt, stringAt} from '../api-data.ts';
import {amountErrors, convertAt, money, moneyOf, rateText, roundUnits, toUnits, type Rounding} from '../money.ts';
import {checkLimit} from '../limits.ts';
import {defineStep} from '../steps.ts';
import {ProblemError, validationFailed} from '../problems.ts';
import {amountOutcome} from '../test-inputs.ts';
import type {Handler, World} from '../world.ts';
import type {Money} from '../money.ts';
import {getHandler} from './generic.ts';
import {STEP_MS} from '../timings.ts';
import {exampleLifetime, fromExample, inSeconds} from './templates.ts';
import {expireIfLapsed, findLapsing} from './lapse.ts';
import {EXCHANGE_TARGET_ROUNDING, quoteRulesAt} from '../versions/quote-rules.ts';

/** Units of 10^-8 in 100%: the fee percentage, read as units, over this is the fee's share of `source`. */
const HUNDRED_PERCENT = toUnits('100');

/** Kestrel's fee on `source`: the definition's percentage of it, rounded as you pay (up since 2.0.0). */
function feeOf(world: World, source: bigint, currency: string, rounding: Rounding): bigint {
  const percent = toUnits(exchangeFeePercentOf(world.definition.doc));
  return roundUnits(source * percent, HUNDRED_PERCENT, currency, rounding);
}

/** The smallest amount of each currency an exchange may sell or buy: the definition's `x-minimum-amounts`. */
const exchangeMinimums = (world: World) => minimumAmountsOf(world.definition.doc, 'CurrencyExchangeQuoteCreate');

function checkMinimums(world: World, source: Money, target: Money): void {
  const minimums = exchangeMinimums(world);
  for (const [side, m] of [
    ['sell', source],
    ['buy', target],
  ] as const) {
    const minimum = minimums[m.currency]!;
    if (toUnits(m.amount) < toUnits(minimum))
      throw new ProblemError(
        'AMOUNT_OUT_OF_RANGE',
        `An exchange must ${side} at least ${minimum} ${m.currency}; this quote would ${side} ${m.amount} ${m.currency}. Exchange a larger amount.`,
      );
  }
}

const QUOTE = 'CurrencyExchangeQuote';
const QUOTE_UPDATED = 'currency-exchange-quote.updated';
/** A `NEW` quote past its `expiration` becomes `EXPIRED`, with a `currency-exchange-quote.updated` event. */
const expireQuoteIfLapsed = (world: World, id: string): void => expireIfLapsed(world, QUOTE, id, QUOTE_UPDATED);

/** Reading a quote first expires it if its scheduled step was lost (a world read back from a state file). */
export const getCurrencyExchangeQuote: Handler<'getCurrencyExchangeQuote'> = (call, world) => {
  expireQuoteIfLapsed(world, call.params.quoteId!);
  return getHandler('CurrencyExchangeQuote')(call, world);
};

export const getCurrencyExchangeRateTickers: Handler<'getCurrencyExchangeRateTickers'> = (_call, world) => {
  const page = world.example('getCurrencyExchangeRateTickers');
  for (const t of objectsAt(page, 'items')) t.updated = world.now();
  return {status: 200, body: page};
};

export const createCurrencyExchangeQuote: Handler<'createCurrencyExchangeQuote'> = (call, world) => {
  const {sourceCurrency: from, targetCurrency: to} = call.body;
  const amount = moneyOf(call.body.amount);
  if (from === to || !world.rates.supports(from) || !world.rates.supports(to)) {
    throw new ProblemError('CURRENCY_PAIR_NOT_SUPPORTED', `Kestrel does not exchange ${from} for ${to}.`);
  }
  const errors = amountErrors(amount, 'amount');
  if (amount.currency !== from && amount.currency !== to)
    errors['amount.currency'] = [`Must be ${from} or ${to}, the quote's source or target currency.`];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  // The amounts follow from the rate as shown, so a client that redoes the sum gets the same figures.
  const rules = quoteRulesAt(call.apiVersion);
  const rate = rateText(rules.rate(world.rates, from, to));
  let source: bigint;
  let fee: bigint;
  let target: bigint;
  if (amount.currency === from) {
    source = toUnits(amount.amount);
    fee = feeOf(world, source, from, rules.pay);
    target = convertAt(source - fee, rate, to, EXCHANGE_TARGET_ROUNDING);
  } else {
    target = toUnits(amount.amount);
    // What must remain after the fee to buy `target`, then the smallest source that leaves it:
    // source ≥ net ÷ (1 − fee share) makes source − net ≥ the fee's share of source, and as both
    // are whole units of the currency, source − net is at least that share rounded up, the fee.
    const net = convertAt(target, rate, from, rules.pay, true);
    const kept = HUNDRED_PERCENT - toUnits(exchangeFeePercentOf(world.definition.doc));
    source = roundUnits(net * HUNDRED_PERCENT, kept, from, rules.pay);
    fee = feeOf(world, source, from, rules.pay);
  }
  if (rules.exchangeMinimums) checkMinimums(world, money(source, from), money(target, to));
  else if (source - fee <= 0n || target <= 0n)
    throw validationFailed({
      'amount.amount': [`Is too small: the exchange would buy ${money(target, to).amount} ${to}.`],
    });
  const quote = fromExample(
    world,
    'createCurrencyExchangeQuote',
    {},
    {
      status: 'NEW',
      source: money(source, from),
      target: money(target, to),
      rate,
      fee: money(fee, from),
      expiration: inSeconds(world, exampleLifetime(world, 'createCurrencyExchangeQuote')),
      _fails: amountOutcome(amount.amount) === 'fail',
    },
  );
  world.store.put('CurrencyExchangeQuote', quote);
  const id = stringAt(quote, 'id');
  expireQuote.at(world, Date.parse(stringAt(quote, 'expiration')) + 1, {id});
  return {status: 201, body: world.publicView('CurrencyExchangeQuote', quote)};
};

const expireQuote = defineStep('currency-exchange-quote.expire', (world, {id}: {id: string}) =>
  expireQuoteIfLapsed(world, id),
);

export const executeCurrencyExchangeQuote: Handler<'executeCurrencyExchangeQuote'> = (call, world) => {
  const quote = findLapsing(world, call, QUOTE, call.params.quoteId!, QUOTE_UPDATED);
  if (quote.status === 'EXPIRED') {
    throw new ProblemError(
      'QUOTE_EXPIRED',
      `The quote expired at ${quote.expiration}. Create a new quote and execute it promptly.`,
    );
  }
  // The quote is the exchange: the id the client already holds is the one to fetch.
  if (quote.status !== 'NEW')
    throw new ProblemError(
      'QUOTE_ALREADY_EXECUTED',
      `Currency exchange quote ${quote.id} is ${quote.status}; a quote can be executed once. Get the quote for its status.`,
    );
  const id = stringAt(quote, 'id');
  const source = moneyAt(quote, 'source');
  checkLimit(world, 'CURRENCY_EXCHANGE', source);
  world.debit(source.currency, toUnits(source.amount));
  const next = world.update('CurrencyExchangeQuote', id, {status: 'PENDING'}, 'currency-exchange-quote.updated');
  settleExchange.after(world, STEP_MS, {id});
  return {status: 200, body: next && world.publicView('CurrencyExchangeQuote', next)};
};

const settleExchange = defineStep('currency-exchange.settle', (world, {id}: {id: string}) => {
  const quote = world.store.get('CurrencyExchangeQuote', id);
  if (quote?.status !== 'PENDING') return;
  const source = moneyAt(quote, 'source');
  const target = moneyAt(quote, 'target');
  const [currency, amount, status] =
    quote._fails === true ? [source.currency, source.amount, 'FAILED'] : [target.currency, target.amount, 'COMPLETED'];
  world.credit(currency, toUnits(amount));
  world.update('CurrencyExchangeQuote', id, {status}, 'currency-exchange-quote.updated');
});
