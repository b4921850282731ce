/**
 * Get currency exchange rate tickers: GET /rates/ticker.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY from the environment. The client times out, and retries
 * a timeout or a network error (a read is safe to repeat).
 */
import {KestrelClient} from '../kestrel-client.js';
import {print} from './print.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
// #region request
const tickers = kestrel.request('GET', '/rates/ticker');
// #endregion request
print(tickers);
