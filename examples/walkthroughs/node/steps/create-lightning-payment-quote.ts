/**
 * Create Lightning payment quote: POST /payment-quotes/lightning.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY, IDEMPOTENCY_KEY (optional), LN_INVOICE from the environment. The client times out,
 * and retries a timeout or a network error with the same Idempotency-Key,
 * which it prints: rerun with IDEMPOTENCY_KEY set to it after a timeout.
 */
import {KestrelClient, idempotencyKeyFromEnv, requireEnv} from '../kestrel-client.js';
import {print} from './print.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
const lnInvoice = requireEnv('LN_INVOICE');
// #region request
const quote = kestrel.request('POST', '/payment-quotes/lightning', {
  body: {lnInvoice, sourceCurrency: 'USD'},
  idempotencyKey: idempotencyKeyFromEnv(),
});
// #endregion request
print(quote);
