/**
 * Create a payout: POST /payouts.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY, IDEMPOTENCY_KEY (optional), PAYMENT_METHOD_ID, ORIGINATOR_ID from the environment.
 * The client times out, and retries a timeout or a network error with the same Idempotency-Key,
 * which it prints: rerun with IDEMPOTENCY_KEY set to it after a timeout.
 */
import {KestrelClient, idempotencyKeyFromEnv, requireEnv} from '../kestrel-client.js';
import {print} from './print.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
const paymentMethodId = requireEnv('PAYMENT_METHOD_ID');
const originatorId = requireEnv('ORIGINATOR_ID');
// #region request
const payout = kestrel.request('POST', '/payouts', {
  body: {
    paymentMethodId,
    originatorId,
    amount: {amount: '2500.00', currency: 'EUR'},
    sourceCurrency: 'EUR',
    reference: 'BRIGHTWATER INV 2291',
  },
  idempotencyKey: idempotencyKeyFromEnv(),
});
// #endregion request
print(payout);
