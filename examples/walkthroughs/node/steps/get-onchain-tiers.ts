/**
 * Get on-chain tiers: GET /payment-quotes/onchain/tiers.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY from the environment. The client times out, and retries
 * a timeout or a network error (a read is safe to repeat).
 */
import {KestrelClient} from '../kestrel-client.js';
import {print} from './print.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
// #region request
const tiers = kestrel.request('GET', '/payment-quotes/onchain/tiers', {
  query: {address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', amount: '0.01000000'},
});
// #endregion request
print(tiers);
