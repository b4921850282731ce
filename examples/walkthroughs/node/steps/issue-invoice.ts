/**
 * Issue invoice: POST /invoices.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY from the environment. The client times out, and retries
 * a timeout or a network error with the same Idempotency-Key.
 */
import {randomUUID} from 'node:crypto';
import {KestrelClient} from '../kestrel-client.js';
import {print} from './print.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
// #region request
const invoice = kestrel.request('POST', '/invoices', {
  body: {
    amount: {amount: '150.00', currency: 'USD'},
    description: 'Order 1042: two bags of coffee',
    reference: 'order-1042',
  },
  idempotencyKey: randomUUID(),
});
// #endregion request
print(invoice);
