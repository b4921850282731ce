/**
 * Get on-chain tiers: GET /payment-quotes/onchain/tiers.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY from the environment. The client times out, and retries
 * a timeout or a network error (a read is safe to repeat).
 */
// #region request
import {KestrelClient} from '../kestrel-client.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
kestrel
  .request('GET', '/payment-quotes/onchain/tiers', {
    query: {address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', amount: '0.01000000'},
  })
  .then((tiers) => console.log(JSON.stringify(tiers, null, 2)))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
// #endregion request
