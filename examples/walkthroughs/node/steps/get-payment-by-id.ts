/**
 * Get payment by ID: GET /payments/{paymentId}.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY, PAYMENT_ID from the environment. The client times out,
 * and retries a timeout or a network error (a read is safe to repeat).
 */
import {KestrelClient, requireEnv} from '../kestrel-client.js';
import {print} from './print.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
const paymentId = requireEnv('PAYMENT_ID');
// #region request
const payment = kestrel.request('GET', `/payments/${paymentId}`);
// #endregion request
print(payment);
