/**
 * Get LNURL details: GET /lnurl/details.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY from the environment. The client times out, and retries
 * a timeout or a network error (a read is safe to repeat).
 */
// #region request
import {KestrelClient} from '../kestrel-client.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
kestrel
  .request('GET', '/lnurl/details', {
    query: {destination: 'northwind-roasters@kestrel.example'},
  })
  .then((details) => console.log(JSON.stringify(details, null, 2)))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
// #endregion request
