/**
 * Create on-chain payment quote: POST /payment-quotes/onchain.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY from the environment. The client times out, and retries
 * a timeout or a network error with the same Idempotency-Key.
 */
// #region request
import {randomUUID} from 'node:crypto';
import {KestrelClient} from '../kestrel-client.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
kestrel
  .request('POST', '/payment-quotes/onchain', {
    body: {address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', amount: {amount: '0.01000000', currency: 'BTC'}, tier: 'STANDARD'},
    idempotencyKey: randomUUID(),
  })
  .then((quote) => console.log(JSON.stringify(quote, null, 2)))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
// #endregion request
