/**
 * Create LNURL or Lightning address payment quote: POST /payment-quotes/lnurl.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY, IDEMPOTENCY_KEY (optional) from the environment. The client times out, and retries
 * a timeout or a network error with the same Idempotency-Key,
 * which it prints: rerun with IDEMPOTENCY_KEY set to it after a timeout.
 */
import {KestrelClient, idempotencyKeyFromEnv} from '../kestrel-client.js';
import {print} from './print.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
// #region request
const quote = kestrel.request('POST', '/payment-quotes/lnurl', {
  body: {
    destination: 'northwind-roasters@kestrel.example',
    amount: {amount: '25.00', currency: 'USD'},
    comment: 'Thanks for the beans',
  },
  idempotencyKey: idempotencyKeyFromEnv(),
});
// #endregion request
print(quote);
