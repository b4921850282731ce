/**
 * Issue quote for invoice: POST /invoices/{invoiceId}/quote.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY, IDEMPOTENCY_KEY (optional), INVOICE_ID from the environment. The client times out,
 * and retries a timeout or a network error with the same Idempotency-Key,
 * which it prints: rerun with IDEMPOTENCY_KEY set to it after a timeout.
 */
import {KestrelClient, idempotencyKeyFromEnv, requireEnv} from '../kestrel-client.js';
import {print} from './print.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
const invoiceId = requireEnv('INVOICE_ID');
// #region request
const quote = kestrel.request('POST', `/invoices/${invoiceId}/quote`, {idempotencyKey: idempotencyKeyFromEnv()});
// #endregion request
print(quote);
