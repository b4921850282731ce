/**
 * Account limits as fetch-logged-in-account-limits documents them: an operation whose amount,
 * converted to the limit's currency at mid prices, is above what `remaining` shows answers 422
 * LIMIT_EXCEEDED. The local sandbox's limits are the documented example's and stay as it shows
 * them: spending does not lower `remaining`, so a test input above it always fails and one below
 * never does.
 */
import {moneyAt, objectsAt} from './api-data.ts';
import {fromUnits, toUnits, type Money} from './money.ts';
import {ProblemError} from './problems.ts';
import type {World} from './world.ts';

export type LimitedOperation = 'PAYMENT' | 'PAYOUT' | 'DEPOSIT' | 'CURRENCY_EXCHANGE';

const NAMES: Record<LimitedOperation, string> = {
  PAYMENT: 'payment',
  PAYOUT: 'payout',
  DEPOSIT: 'deposit',
  CURRENCY_EXCHANGE: 'currency exchange',
};

export function checkLimit(world: World, operation: LimitedOperation, amount: Money): void {
  const limit = objectsAt(world.example('fetchLoggedInAccountLimits'), 'limits').find((l) => l.operation === operation);
  if (!limit) return;
  const remaining: Money = moneyAt(limit, 'remaining');
  const units =
    amount.currency === remaining.currency
      ? toUnits(amount.amount)
      : world.rates.convert(toUnits(amount.amount), amount.currency, remaining.currency);
  if (units <= toUnits(remaining.amount)) return;
  const total = toUnits(moneyAt(limit, 'used').amount) + units;
  throw new ProblemError(
    'LIMIT_EXCEEDED',
    `The ${NAMES[operation]} would take your ${operation} total for the ${limit.period} period to ${fromUnits(total, remaining.currency)} ${remaining.currency}, over the limit of ${moneyAt(limit, 'limit').amount} ${remaining.currency}.`,
  );
}
