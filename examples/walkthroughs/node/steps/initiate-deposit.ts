/**
 * Initiate deposit: POST /deposits.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY, IDEMPOTENCY_KEY (optional), FUNDING_PAYMENT_METHOD_ID from the environment. The
 * client times out, and retries a timeout or a network error with the same Idempotency-Key,
 * which it prints: rerun with IDEMPOTENCY_KEY set to it after a timeout.
 */
import {KestrelClient, idempotencyKeyFromEnv, requireEnv} from '../kestrel-client.js';
import {print} from './print.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
const fundingPaymentMethodId = requireEnv('FUNDING_PAYMENT_METHOD_ID');
// #region request
const deposit = kestrel.request('POST', '/deposits', {
  body: {
    paymentMethodId: fundingPaymentMethodId,
    amount: {amount: '5000.00', currency: 'EUR'},
    reference: 'KESTREL TOP UP NOV',
  },
  idempotencyKey: idempotencyKeyFromEnv(),
});
// #endregion request
print(deposit);
