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

/** What a payer of a request's fixed `amount` (`btc` in bitcoin) is credited, in the request's `currency`. */
export function creditFor(world: World, amount: Money, btc: Money, currency: string): Money {
  if (amount.currency === currency) return amount;
  if (currency === 'BTC') return btc;
  const rate = rateText(world.rates.rate('BTC', currency));
  return money(convertAt(toUnits(btc.amount), rate, currency, 'down'), currency);
}
