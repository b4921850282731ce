/**
 * Find invoice by ID: GET /invoices/{invoiceId}.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY, INVOICE_ID from the environment. The client times out,
 * and retries a timeout or a network error (a read is safe to repeat).
 */
import {KestrelClient, requireEnv} from '../kestrel-client.js';
import {print} from './print.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
const invoiceId = requireEnv('INVOICE_ID');
// #region request
const invoice = kestrel.request('GET', `/invoices/${invoiceId}`);
// #endregion request
print(invoice);
