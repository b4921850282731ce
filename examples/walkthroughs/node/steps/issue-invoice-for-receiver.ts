/**
 * Issue invoice for receiver: POST /accounts/handle/{handle}/invoices.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY, IDEMPOTENCY_KEY (optional), RECEIVER_HANDLE from the environment. The client times
 * out, and retries a timeout or a network error with the same Idempotency-Key,
 * which it prints: rerun with IDEMPOTENCY_KEY set to it after a timeout.
 */
import {KestrelClient, idempotencyKeyFromEnv, requireEnv} from '../kestrel-client.js';
import {print} from './print.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
const receiverHandle = requireEnv('RECEIVER_HANDLE');
// #region request
const invoice = kestrel.request('POST', `/accounts/handle/${receiverHandle}/invoices`, {
  body: {
    amount: {amount: '80.00', currency: 'GBP'},
    description: 'Wholesale beans, November delivery',
    reference: 'po-7781',
    expiresInSeconds: 604800,
  },
  idempotencyKey: idempotencyKeyFromEnv(),
});
// #endregion request
print(invoice);
