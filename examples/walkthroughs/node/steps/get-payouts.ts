/**
 * Get payouts: GET /payouts.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY from the environment. The client times out, and retries
 * a timeout or a network error (a read is safe to repeat).
 */
import {KestrelClient} from '../kestrel-client.js';
import {print} from './print.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
// #region request
const payouts = kestrel.request('GET', '/payouts', {
  query: {$filter: "status eq 'FAILED' and created ge 2026-11-01T00:00:00Z", $orderby: 'created desc', $top: '20'},
});
// #endregion request
print(payouts);
