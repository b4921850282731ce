/**
 * Cancel unpaid invoice: PATCH /invoices/{invoiceId}/cancel.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY, INVOICE_ID from the environment. The client times out,
 * and retries a timeout or a network error only where a repeat is harmless.
 */
import {KestrelClient, requireEnv} from '../kestrel-client.js';

async function main(): Promise<void> {
  // #region request
  const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
  const invoiceId = requireEnv('INVOICE_ID');
  const invoice = await kestrel.request('PATCH', `/invoices/${invoiceId}/cancel`);
  console.log(JSON.stringify(invoice, null, 2));
  // #endregion request
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
