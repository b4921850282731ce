/**
 * Get currency exchange quote: GET /currency-exchange-quotes/{quoteId}.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY, QUOTE_ID from the environment. The client times out,
 * and retries a timeout or a network error (a read is safe to repeat).
 */
// #region request
import {KestrelClient, requireEnv} from '../kestrel-client.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
const quoteId = requireEnv('QUOTE_ID');
kestrel
  .request('GET', `/currency-exchange-quotes/${quoteId}`)
  .then((quote) => console.log(JSON.stringify(quote, null, 2)))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
// #endregion request
