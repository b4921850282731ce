/**
 * Issue invoice: POST /invoices.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY, IDEMPOTENCY_KEY (optional) from the environment. The client times out, and retries
 * a timeout or a network error with the same Idempotency-Key,
 * which it prints: rerun with IDEMPOTENCY_KEY set to it after a timeout.
 */
import {KestrelClient, idempotencyKeyFromEnv} from '../kestrel-client.js';
import {print} from './print.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
// #region request
const invoice = kestrel.request('POST', '/invoices', {
  body: {
    amount: {amount: '150.00', currency: 'USD'},
    description: 'Order 1042: two bags of coffee',
    reference: 'order-1042',
  },
  idempotencyKey: idempotencyKeyFromEnv(),
});
// #endregion request
print(invoice);
