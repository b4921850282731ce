/**
 * How exchange and payment quotes are priced at each release. Since 2.0.0: at the ticker's `ask`
 * when you buy bitcoin and its `bid` when you sell, what anyone receives rounded down and what you
 * pay rounded up, and an exchange refused under `x-minimum-amounts`. Release 1.0.0 priced them at
 * the mid, rounded half up, and stated no minimum (an exchange one side of which rounds to nothing
 * is still refused, as `422 VALIDATION_FAILED`, a code 1.0.0 documents for it). An exchange's
 * `target` is rounded down at every release: 1.0.0's `rate` says so too.
 */
import type {Rates, Rounding} from '../money.ts';

export interface QuoteRules {
  /** How much of `to` one unit of `from` buys in a quote. */
  rate: (rates: Rates, from: string, to: string) => number;
  /** The rounding of what you (or the payee) receive, but for an exchange's `target`. */
  receive: Rounding;
  /** The rounding of what you pay. */
  pay: Rounding;
  /** Whether an exchange is refused below `x-minimum-amounts` (`AMOUNT_OUT_OF_RANGE`). */
  exchangeMinimums: boolean;
}

/** The rounding of an exchange quote's `target`, (`source` − `fee`) × `rate`, at every release. */
export const EXCHANGE_TARGET_ROUNDING: Rounding = 'down';

const BID_ASK: QuoteRules = {
  rate: (rates, from, to) => rates.dealRate(from, to),
  receive: 'down',
  pay: 'up',
  exchangeMinimums: true,
};

const EARLIER: Record<string, QuoteRules> = {
  '1.0.0': {
    rate: (rates, from, to) => rates.rate(from, to),
    receive: 'half-up',
    pay: 'half-up',
    exchangeMinimums: false,
  },
};

export const quoteRulesAt = (apiVersion: string): QuoteRules => EARLIER[apiVersion] ?? BID_ASK;
