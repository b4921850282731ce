/**
 * Execute payment quote: POST /payment-quotes/{quoteId}/execute.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY, QUOTE_ID from the environment. The client times out,
 * and retries a timeout or a network error with the same Idempotency-Key.
 */
// #region request
import {randomUUID} from 'node:crypto';
import {KestrelClient, requireEnv} from '../kestrel-client.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
const quoteId = requireEnv('QUOTE_ID');
kestrel
  .request('POST', `/payment-quotes/${quoteId}/execute`, {
    idempotencyKey: randomUUID(),
  })
  .then((payment) => console.log(JSON.stringify(payment, null, 2)))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
// #endregion request
