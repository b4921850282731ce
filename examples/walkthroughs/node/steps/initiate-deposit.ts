/**
 * Initiate deposit: POST /deposits.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY, FUNDING_PAYMENT_METHOD_ID from the environment. The
 * client times out, and retries a timeout or a network error with the same Idempotency-Key.
 */
// #region request
import {randomUUID} from 'node:crypto';
import {KestrelClient, requireEnv} from '../kestrel-client.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
const fundingPaymentMethodId = requireEnv('FUNDING_PAYMENT_METHOD_ID');
kestrel
  .request('POST', '/deposits', {
    body: {paymentMethodId: fundingPaymentMethodId, amount: {amount: '5000.00', currency: 'EUR'}, reference: 'KESTREL TOP UP NOV'},
    idempotencyKey: randomUUID(),
  })
  .then((deposit) => console.log(JSON.stringify(deposit, null, 2)))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
// #endregion request
