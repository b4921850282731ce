/**
 * Create bank payment method: POST /payment-methods/bank.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY from the environment. The client times out, and retries
 * a timeout or a network error with the same Idempotency-Key.
 */
// #region request
import {randomUUID} from 'node:crypto';
import {KestrelClient} from '../kestrel-client.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
kestrel
  .request('POST', '/payment-methods/bank', {
    body: {currency: 'EUR', country: 'DE', accountHolderName: 'Alster Coffee Trading GmbH', accountHolderType: 'BUSINESS', bankCode: 'COBADEFFXXX', accountNumber: 'DE89370400440532013000'},
    idempotencyKey: randomUUID(),
  })
  .then((paymentMethod) => console.log(JSON.stringify(paymentMethod, null, 2)))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
// #endregion request
