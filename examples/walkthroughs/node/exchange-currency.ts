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
