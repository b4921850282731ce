/**
 * Get deposit fee estimate: GET /deposits/fee-estimate.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY, FUNDING_PAYMENT_METHOD_ID from the environment. The
 * client times out, and retries a timeout or a network error (a read is safe to repeat).
 */
import {KestrelClient, requireEnv} from '../kestrel-client.js';
import {print} from './print.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
const fundingPaymentMethodId = requireEnv('FUNDING_PAYMENT_METHOD_ID');
// #region request
const estimate = kestrel.request('GET', '/deposits/fee-estimate', {
  query: {paymentMethodId: fundingPaymentMethodId, amount: '5000.00', currency: 'EUR'},
});
// #endregion request
print(estimate);
