/**
 * Get deposit fee estimate: GET /deposits/fee-estimate.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY, FUNDING_PAYMENT_METHOD_ID from the environment. The
 * client times out, and retries a timeout or a network error (a read is safe to repeat).
 */
// #region request
import {KestrelClient, requireEnv} from '../kestrel-client.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
const fundingPaymentMethodId = requireEnv('FUNDING_PAYMENT_METHOD_ID');
kestrel
  .request('GET', '/deposits/fee-estimate', {
    query: {paymentMethodId: fundingPaymentMethodId, amount: '5000.00', currency: 'EUR'},
  })
  .then((estimate) => console.log(JSON.stringify(estimate, null, 2)))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
// #endregion request
