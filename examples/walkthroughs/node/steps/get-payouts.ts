/**
 * Get payouts: GET /payouts.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY from the environment. The client times out, and retries
 * a timeout or a network error (a read is safe to repeat).
 */
// #region request
import {KestrelClient} from '../kestrel-client.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
kestrel
  .request('GET', '/payouts', {
    query: {'$filter': "status eq 'FAILED' and created ge 2026-11-01T00:00:00Z", '$orderby': 'created desc', '$top': '20'},
  })
  .then((payouts) => console.log(JSON.stringify(payouts, null, 2)))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
// #endregion request
