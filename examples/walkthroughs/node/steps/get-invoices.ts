/**
 * Get invoices: GET /invoices.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY from the environment. The client times out, and retries
 * a timeout or a network error (a read is safe to repeat).
 */
import {KestrelClient} from '../kestrel-client.js';
import {print} from './print.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
// #region request
const invoices = kestrel.request('GET', '/invoices', {
  query: {
    $filter: "payeeHandle eq 'northwind-roasters' and status eq 'PAID' and updated ge 2026-11-01T00:00:00Z",
    $orderby: 'updated desc',
    $top: '50',
  },
});
// #endregion request
print(invoices);
