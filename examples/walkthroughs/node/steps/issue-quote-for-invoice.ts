/**
 * Issue quote for invoice: POST /invoices/{invoiceId}/quote.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY, INVOICE_ID from the environment. The client times out,
 * and retries a timeout or a network error with the same Idempotency-Key.
 */
// #region request
import {randomUUID} from 'node:crypto';
import {KestrelClient, requireEnv} from '../kestrel-client.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
const invoiceId = requireEnv('INVOICE_ID');
kestrel
  .request('POST', `/invoices/${invoiceId}/quote`, {
    idempotencyKey: randomUUID(),
  })
  .then((quote) => console.log(JSON.stringify(quote, null, 2)))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
// #endregion request
