/**
 * Create currency exchange quote: POST /currency-exchange-quotes.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY, IDEMPOTENCY_KEY (optional) from the environment. The client times out, and retries
 * a timeout or a network error with the same Idempotency-Key,
 * which it prints: rerun with IDEMPOTENCY_KEY set to it after a timeout.
 */
import {KestrelClient, idempotencyKeyFromEnv} from '../kestrel-client.js';
import {print} from './print.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
// #region request
const quote = kestrel.request('POST', '/currency-exchange-quotes', {
  body: {sourceCurrency: 'USD', targetCurrency: 'BTC', amount: {amount: '500.00', currency: 'USD'}},
  idempotencyKey: idempotencyKeyFromEnv(),
});
// #endregion request
print(quote);
