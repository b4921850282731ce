/**
 * Get currency exchange quote: GET /currency-exchange-quotes/{quoteId}.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY, QUOTE_ID from the environment. The client times out,
 * and retries a timeout or a network error (a read is safe to repeat).
 */
import {KestrelClient, requireEnv} from '../kestrel-client.js';
import {print} from './print.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
const quoteId = requireEnv('QUOTE_ID');
// #region request
const quote = kestrel.request('GET', `/currency-exchange-quotes/${quoteId}`);
// #endregion request
print(quote);
