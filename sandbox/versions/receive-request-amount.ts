/**
 * The currency a receive request's `amount` may be in. Since 2.0.0, only the request's own
 * `currency` (another answers `422 VALIDATION_FAILED`). Release 1.0.0 took any supported currency:
 * the bitcoin is fixed at creation, and a payer is credited what that bitcoin is worth in the
 * request's currency, at the mid, rounded down as what you receive is.
 */
import {convertAt, money, rateText, toUnits, type Money} from '../money.ts';
import type {World} from '../world.ts';

const ANY_CURRENCY = new Set(['1.0.0']);

export const amountInAnyCurrency = (apiVersion: string): boolean => ANY_CURRENCY.has(apiVersion);

/** What `btc` is worth in `currency` to whoever receives it: at the mid, rounded down. */
export const receivedAs = (world: World, btc: Money, currency: string): Money =>
  currency === 'BTC'
    ? btc
    : money(convertAt(toUnits(btc.amount), rateText(world.rates.rate('BTC', currency)), currency, 'down'), currency);

/** What a payer of a request's fixed `amount` (`btc` in bitcoin) is credited, in the request's `currency`. */
export function creditFor(world: World, amount: Money, btc: Money, currency: string): Money {
  return amount.currency === currency ? amount : receivedAs(world, btc, currency);
}
