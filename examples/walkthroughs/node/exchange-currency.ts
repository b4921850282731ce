/**
 * Exchange currencies: read the indicative price, lock a quote, execute it and read the new balances.
 *
 *   KESTREL_API_KEY=... npx tsx examples/walkthroughs/node/exchange-currency.ts USD BTC 500.00
 */
import {KestrelClient, pollUntil, type Balance, type CurrencyExchangeQuote, type RateTicker} from './kestrel-client.js';
import {runMain} from './cli.js';

export interface ExchangeOptions {
  sourceCurrency: string;
  targetCurrency: string;
  /** The amount to sell, in the source currency. */
  amount: string;
  /**
   * How far what the quote gives per unit sold (`target` / `source`, so the fee counts) may fall
   * from the tickers' mid before the quote is refused; default 0.01 (1 %).
   */
  maxRateGap?: number;
  pollIntervalMs?: number;
  /** The most status checks before giving up with a PollLimitError; default 120 (2 minutes at 1 s). */
  maxPolls?: number;
  sleep?: (ms: number) => Promise<void>;
}

export interface ExchangeResult {
  /** The mid price of one unit of the source currency in the target currency, from the tickers. */
  mid: number;
  quote: CurrencyExchangeQuote;
  balances: Balance[];
}

export async function exchangeCurrency(client: KestrelClient, options: ExchangeOptions): Promise<ExchangeResult> {
  const {sourceCurrency, targetCurrency, pollIntervalMs = 1_000, maxPolls = 120, sleep} = options;
  const pair = new Set([sourceCurrency, targetCurrency]);
  const tickers = await client.getCurrencyExchangeRateTickers();
  // Before anything is quoted: a pair the tickers cannot price would otherwise go unchecked.
  const mid = midPrice(tickers.items, sourceCurrency, targetCurrency);

  const created = await client.createCurrencyExchangeQuote({
    sourceCurrency,
    targetCurrency,
    amount: {amount: options.amount, currency: sourceCurrency},
  });
  const gap = priceGap(created, mid);
  if (!(gap <= (options.maxRateGap ?? 0.01)))
    // a quote that does not parse (NaN), or gives nothing, is refused too
    throw new Error(
      `Quote ${created.id}: it gives ${(gap * 100).toFixed(2)} % less than the tickers' mid, fee included, more than you allow: not executed. Ask for a new quote.`,
    );
  let quote = await client.executeCurrencyExchangeQuote(created.id);
  const final = (q: CurrencyExchangeQuote) => q.status === 'COMPLETED' || q.status === 'FAILED';
  if (!final(quote)) {
    quote = await pollUntil(() => client.getCurrencyExchangeQuote(created.id), final, {
      intervalMs: pollIntervalMs,
      maxPolls,
      sleep,
      what: `currency exchange quote ${created.id}`,
    });
  }
  const balances = await client.getAccountBalanceDetails();
  return {mid, quote, balances: balances.items.filter((b) => pair.has(b.currency))};
}

// #region rate-check
/**
 * The mid price of one `from` in `to`. Every ticker prices BTC (baseCurrency) in another currency
 * (quoteCurrency, per BTC), so a pair without BTC, such as USD to EUR, is priced through BTC.
 * Throws when the tickers do not price one of the two currencies.
 */
export function midPrice(tickers: RateTicker[], from: string, to: string): number {
  const perBtc = (currency: string): number => {
    if (currency === 'BTC') return 1;
    const ticker = tickers.find((t) => t.baseCurrency === 'BTC' && t.quoteCurrency === currency);
    const mid = Number(ticker?.mid);
    if (!(mid > 0)) throw new Error(`No ticker prices ${currency}: the quote cannot be checked, so it is not made.`);
    return mid;
  };
  return perBtc(to) / perBtc(from);
}

/**
 * How far below the mid the quote pays, as a fraction: what you get per unit you give
 * (`target` / `source`, the fee included), against the mid price of the pair. A quote that gives
 * nothing for something is a gap of 1 (100 %); one that does not parse is NaN.
 */
export function priceGap(quote: CurrencyExchangeQuote, mid: number): number {
  const source = Number(quote.source.amount);
  const target = Number(quote.target.amount);
  if (!(source > 0)) return Number.NaN; // nothing sold: not a price to trust
  return (mid - target / source) / mid;
}
// #endregion rate-check

runMain('exchange-currency', async () => {
  const [sourceCurrency = 'USD', targetCurrency = 'BTC', amount = '100.00'] = process.argv.slice(2);
  const {mid, quote, balances} = await exchangeCurrency(new KestrelClient(), {
    sourceCurrency,
    targetCurrency,
    amount,
  });
  // Quoted the way prices are read: the dearer currency in units of the other (1 BTC = 97250.00 USD).
  const [dear, cheap, price] =
    mid < 1 ? [targetCurrency, sourceCurrency, 1 / mid] : [sourceCurrency, targetCurrency, mid];
  console.log(`Indicative price: 1 ${dear} = ${price.toFixed(2)} ${cheap}`);
  console.log(
    `Quote ${quote.id} is ${quote.status}: ${quote.source.amount} ${sourceCurrency} -> ${quote.target.amount} ${targetCurrency}`,
  );
  for (const b of balances) console.log(`${b.currency}: ${b.available.amount} available`);
  // A FAILED exchange returned the source: the run did not do what was asked.
  if (quote.status === 'FAILED') process.exitCode = 1;
});
