/**
 * Get receives for receive request: GET /receive-requests/{receiveRequestId}/receives.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY, RECEIVE_REQUEST_ID from the environment. The client
 * times out, and retries a timeout or a network error (a read is safe to repeat).
 */
import {KestrelClient, requireEnv} from '../kestrel-client.js';
import {print} from './print.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
const receiveRequestId = requireEnv('RECEIVE_REQUEST_ID');
// #region request
const receives = kestrel.request('GET', `/receive-requests/${receiveRequestId}/receives`);
// #endregion request
print(receives);
