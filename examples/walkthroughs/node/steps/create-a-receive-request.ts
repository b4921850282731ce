/**
 * Create a receive request: POST /receive-requests.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY from the environment. The client times out, and retries
 * a timeout or a network error with the same Idempotency-Key.
 */
// #region request
import {randomUUID} from 'node:crypto';
import {KestrelClient} from '../kestrel-client.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
kestrel
  .request('POST', '/receive-requests', {
    body: {currency: 'USD', description: 'Tip jar, Saturday stream', reference: 'tips-2026-11-07', expiresInSeconds: 604800},
    idempotencyKey: randomUUID(),
  })
  .then((receiveRequest) => console.log(JSON.stringify(receiveRequest, null, 2)))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
// #endregion request
