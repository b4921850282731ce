/**
 * Get receives for receive request: GET /receive-requests/{receiveRequestId}/receives.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY, RECEIVE_REQUEST_ID from the environment. The client
 * times out, and retries a timeout or a network error (a read is safe to repeat).
 */
// #region request
import {KestrelClient, requireEnv} from '../kestrel-client.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
const receiveRequestId = requireEnv('RECEIVE_REQUEST_ID');
kestrel
  .request('GET', `/receive-requests/${receiveRequestId}/receives`)
  .then((receives) => console.log(JSON.stringify(receives, null, 2)))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
// #endregion request
