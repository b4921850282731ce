/**
 * Execute payment quote: POST /payment-quotes/{quoteId}/execute.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY, IDEMPOTENCY_KEY (optional), QUOTE_ID from the environment. The client times out,
 * and retries a timeout or a network error with the same Idempotency-Key,
 * which it prints: rerun with IDEMPOTENCY_KEY set to it after a timeout.
 */
import {KestrelClient, idempotencyKeyFromEnv, requireEnv} from '../kestrel-client.js';
import {print} from './print.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
const quoteId = requireEnv('QUOTE_ID');
// #region request
const payment = kestrel.request('POST', `/payment-quotes/${quoteId}/execute`, {
  idempotencyKey: idempotencyKeyFromEnv(),
});
// #endregion request
print(payment);
