/**
 * Create a payout originator: POST /payout-originators.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY from the environment. The client times out, and retries
 * a timeout or a network error with the same Idempotency-Key.
 */
// #region request
import {randomUUID} from 'node:crypto';
import {KestrelClient} from '../kestrel-client.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
kestrel
  .request('POST', '/payout-originators', {
    body: {type: 'BUSINESS', name: 'Brightwater Studio Ltd', registrationNumber: '09876543', address: {line1: '12 Harbour Street', city: 'Bristol', postalCode: 'BS1 4QA', country: 'GB'}},
    idempotencyKey: randomUUID(),
  })
  .then((originator) => console.log(JSON.stringify(originator, null, 2)))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
// #endregion request
