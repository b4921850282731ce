/**
 * Create a payout originator: POST /payout-originators.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY, IDEMPOTENCY_KEY (optional) from the environment. The client times out, and retries
 * a timeout or a network error with the same Idempotency-Key,
 * which it prints: rerun with IDEMPOTENCY_KEY set to it after a timeout.
 */
import {KestrelClient, idempotencyKeyFromEnv} from '../kestrel-client.js';
import {print} from './print.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
// #region request
const originator = kestrel.request('POST', '/payout-originators', {
  body: {
    type: 'BUSINESS',
    name: 'Brightwater Studio Ltd',
    registrationNumber: '09876543',
    address: {line1: '12 Harbour Street', city: 'Bristol', postalCode: 'BS1 4QA', country: 'GB'},
  },
  idempotencyKey: idempotencyKeyFromEnv(),
});
// #endregion request
print(originator);
