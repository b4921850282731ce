/**
 * Cancel unpaid invoice: PATCH /invoices/{invoiceId}/cancel.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY, INVOICE_ID from the environment. The client times out,
 * and retries a timeout or a network error only where a repeat is harmless.
 */
// #region request
import {KestrelClient, requireEnv} from '../kestrel-client.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
const invoiceId = requireEnv('INVOICE_ID');
kestrel
  .request('PATCH', `/invoices/${invoiceId}/cancel`)
  .then((invoice) => console.log(JSON.stringify(invoice, null, 2)))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
// #endregion request
