/**
 * Money as Kestrel writes it (`{"amount": "150.00", "currency": "USD"}`), computed in integer units
 * of 10^-8 so that sums and balances never drift, and converted between currencies at the prices
 * of the documented rate tickers. A figure Kestrel works out for you is exact for the rate it
 * shows: what you receive is rounded down and what you pay is rounded up to the currency's
 * decimals (`convertAt`), so rounding never creates or destroys money in your favour or the payee's.
 */
import {isObject, type Json} from './api-data.ts';

export type Money = {
  amount: string;
  currency: string;
};

const SCALE = 100_000_000n;

export const decimalsOf = (currency: string) => (currency === 'BTC' ? 8 : 2);

/** "150.00" -> 15000000000n (units of 10^-8). */
export function toUnits(amount: string): bigint {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = amount.replace(/^[-+]/, '').split('.');
  const units = BigInt(whole || '0') * SCALE + BigInt((fraction + '00000000').slice(0, 8));
  return negative ? -units : units;
}

/** Units -> the currency's decimal string, rounded half up to its decimals. */
export function fromUnits(units: bigint, currency: string): string {
  const step = 10n ** BigInt(8 - decimalsOf(currency));
  const negative = units < 0n;
  let abs = negative ? -units : units;
  abs = ((abs + step / 2n) / step) * step;
  const whole = abs / SCALE;
  const fraction = (abs % SCALE).toString().padStart(8, '0').slice(0, decimalsOf(currency));
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

export const money = (units: bigint, currency: string): Money => ({amount: fromUnits(units, currency), currency});

/** An amount as the sandbox keeps it: its two fields, copied from a request body that holds it. */
export const moneyOf = (m: Money): Money => ({amount: m.amount, currency: m.currency});

/** Rounds an amount to its currency's decimals. */
export const normalise = (m: Money): Money => money(toUnits(m.amount), m.currency);

/** Multiplies units by a decimal factor given as a number (rates, fee percentages). */
export const scale = (units: bigint, factor: number): bigint => BigInt(Math.round(Number(units) * factor));

/**
 * Which way a computed amount is rounded: down for what you receive, up for what you pay; half up
 * (to the nearest, a half upwards) is how release 1.0.0 priced quotes.
 */
export type Rounding = 'down' | 'up' | 'half-up';

/** A decimal string as an exact fraction: "0.000010277637" -> 10277637 / 10^12. */
function fraction(decimal: string): {n: bigint; d: bigint} {
  const [whole = '0', part = ''] = decimal.split('.');
  return {n: BigInt(whole + part), d: 10n ** BigInt(part.length)};
}

/** n / d in units, rounded to the currency's decimals in the given direction. */
export function roundUnits(n: bigint, d: bigint, currency: string, rounding: Rounding): bigint {
  const step = 10n ** BigInt(8 - decimalsOf(currency)) * d;
  const q = rounding === 'half-up' ? (2n * n + step) / (2n * step) : n / step;
  return (rounding === 'up' && q * step < n ? q + 1n : q) * 10n ** BigInt(8 - decimalsOf(currency));
}

/**
 * `units` times a decimal `rate` (a DecimalRate as the answer shows it), or divided by it, rounded
 * to `currency`'s decimals: exact, so a client that redoes the sum with the shown rate gets the
 * same figure.
 */
export function convertAt(units: bigint, rate: string, currency: string, rounding: Rounding, divide = false): bigint {
  const {n, d} = fraction(rate);
  return divide ? roundUnits(units * d, n, currency, rounding) : roundUnits(units * n, d, currency, rounding);
}

/** `units` rounded to the currency's decimals in the given direction. */
export const roundTo = (units: bigint, currency: string, rounding: Rounding) =>
  roundUnits(units, 1n, currency, rounding);

/** Prices of one BTC in each currency, from the documented rate tickers. */
export class Rates {
  private readonly btcPrice = new Map<string, number>([['BTC', 1]]);
  private readonly bid = new Map<string, number>([['BTC', 1]]);
  private readonly ask = new Map<string, number>([['BTC', 1]]);

  constructor(tickers: {baseCurrency: string; quoteCurrency: string; mid: string; bid: string; ask: string}[]) {
    for (const t of tickers)
      if (t.baseCurrency === 'BTC') {
        this.btcPrice.set(t.quoteCurrency, Number(t.mid));
        this.bid.set(t.quoteCurrency, Number(t.bid));
        this.ask.set(t.quoteCurrency, Number(t.ask));
      }
  }

  /**
   * How much of `to` one unit of `from` buys when Kestrel exchanges it for you: `from` buys
   * bitcoin at its `ask`, and the bitcoin sells for `to` at its `bid`. Between BTC and another
   * currency that is the ticker's `ask` or `bid`; between two other currencies, the spread of both.
   */
  dealRate(from: string, to: string): number {
    const a = this.ask.get(from);
    const b = this.bid.get(to);
    if (a === undefined || b === undefined) throw new Error(`no rate between ${from} and ${to}`);
    return b / a;
  }

  supports(currency: string): boolean {
    return this.btcPrice.has(currency);
  }

  /** How much of `to` one unit of `from` buys, at mid prices. */
  rate(from: string, to: string): number {
    const a = this.btcPrice.get(from);
    const b = this.btcPrice.get(to);
    if (a === undefined || b === undefined) throw new Error(`no rate between ${from} and ${to}`);
    return b / a;
  }

  convert(units: bigint, from: string, to: string): bigint {
    return scale(units, this.rate(from, to));
  }
}

/** A rate as a decimal string of 12 significant digits, as the definition's DecimalRate writes it. */
export function rateText(rate: number): string {
  if (rate < 1) return rate.toFixed(Math.max(2, Math.min(12, 12 - Math.floor(Math.log10(rate)) - 1)));
  // 12 significant digits, at least 2 decimals, without trailing zeros: 97201.37 for bitcoin in
  // dollars, 1.08550544338 from euros to dollars (two decimals there would move 1,000 EUR by 4 USD).
  const decimals = Math.max(2, 12 - (Math.floor(Math.log10(rate)) + 1));
  return rate.toFixed(decimals).replace(/(\.\d\d\d*?)0+$/, '$1');
}

/** A 422 naming `field` when an amount has more decimals than its currency allows, or is not positive. */
export function amountErrors(value: Json | undefined, field: string): Record<string, string[]> {
  if (!isObject(value) || typeof value.amount !== 'string' || typeof value.currency !== 'string') return {};
  const m = {amount: value.amount, currency: value.currency};
  const decimals = m.amount.split('.')[1]?.length ?? 0;
  if (decimals > decimalsOf(m.currency))
    return {[`${field}.amount`]: [`Must have at most ${decimalsOf(m.currency)} decimal places for ${m.currency}.`]};
  if (toUnits(m.amount) <= 0n) return {[`${field}.amount`]: ['Must be greater than zero.']};
  return {};
}
