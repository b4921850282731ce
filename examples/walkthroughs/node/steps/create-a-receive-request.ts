/**
 * Create a receive request: POST /receive-requests.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY, IDEMPOTENCY_KEY (optional) from the environment. The client times out, and retries
 * a timeout or a network error with the same Idempotency-Key,
 * which it prints: rerun with IDEMPOTENCY_KEY set to it after a timeout.
 */
import {KestrelClient, idempotencyKeyFromEnv} from '../kestrel-client.js';
import {print} from './print.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
// #region request
const receiveRequest = kestrel.request('POST', '/receive-requests', {
  body: {
    currency: 'USD',
    description: 'Tip jar, Saturday stream',
    reference: 'tips-2026-11-07',
    expiresInSeconds: 604800,
  },
  idempotencyKey: idempotencyKeyFromEnv(),
});
// #endregion request
print(receiveRequest);
