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
  /** How far the quote's rate may be from the ticker's mid before the quote is refused; default 0.01 (1 %). */
  maxRateGap?: number;
  pollIntervalMs?: number;
  /** The most status checks before giving up with a PollLimitError; default 120 (2 minutes at 1 s). */
  maxPolls?: number;
  sleep?: (ms: number) => Promise<void>;
}

export interface ExchangeResult {
  /** The ticker of the pair, whichever way round Kestrel quotes it. */
  ticker: RateTicker | undefined;
  quote: CurrencyExchangeQuote;
  balances: Balance[];
}

export async function exchangeCurrency(client: KestrelClient, options: ExchangeOptions): Promise<ExchangeResult> {
  const {sourceCurrency, targetCurrency, pollIntervalMs = 1_000, maxPolls = 120, sleep} = options;
  const pair = new Set([sourceCurrency, targetCurrency]);
  const tickers = await client.getCurrencyExchangeRateTickers();
  const ticker = tickers.items.find((t) => pair.has(t.baseCurrency) && pair.has(t.quoteCurrency));

  const created = await client.createCurrencyExchangeQuote({
    sourceCurrency,
    targetCurrency,
    amount: {amount: options.amount, currency: sourceCurrency},
  });
  const gap = ticker ? rateGap(created, ticker) : 0;
  if (!(gap <= (options.maxRateGap ?? 0.01)))
    // a rate that does not parse (NaN) is refused too
    throw new Error(
      `Quote ${created.id}: its rate is ${(gap * 100).toFixed(2)} % from the ticker's mid, more than you allow: not executed. Ask for a new quote.`,
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
  return {ticker, quote, balances: balances.items.filter((b) => pair.has(b.currency))};
}

// #region rate-check
/**
 * How far a quote's rate is from the ticker's mid, as a fraction. The quote's rate counts target
 * per source (BTC per USD when you sell USD); a ticker counts quoteCurrency per baseCurrency (USD
 * per BTC): one of them is inverted first when they count in opposite directions.
 */
export function rateGap(quote: CurrencyExchangeQuote, ticker: RateTicker): number {
  const mid = Number(ticker.mid);
  const expected = ticker.baseCurrency === quote.source.currency ? mid : 1 / mid;
  return Math.abs(Number(quote.rate) - expected) / expected;
}
// #endregion rate-check

runMain('exchange-currency', async () => {
  const [sourceCurrency = 'USD', targetCurrency = 'BTC', amount = '100.00'] = process.argv.slice(2);
  const {ticker, quote, balances} = await exchangeCurrency(new KestrelClient(), {
    sourceCurrency,
    targetCurrency,
    amount,
  });
  if (ticker) console.log(`Indicative price: 1 ${ticker.baseCurrency} = ${ticker.mid} ${ticker.quoteCurrency}`);
  console.log(
    `Quote ${quote.id} is ${quote.status}: ${quote.source.amount} ${sourceCurrency} -> ${quote.target.amount} ${targetCurrency}`,
  );
  for (const b of balances) console.log(`${b.currency}: ${b.available.amount} available`);
});
