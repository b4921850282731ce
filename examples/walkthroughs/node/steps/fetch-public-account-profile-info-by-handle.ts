/**
 * Fetch public account profile info by handle: GET /accounts/handle/{handle}.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY, RECEIVER_HANDLE from the environment. The client times
 * out, and retries a timeout or a network error (a read is safe to repeat).
 */
import {KestrelClient, requireEnv} from '../kestrel-client.js';
import {print} from './print.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
const receiverHandle = requireEnv('RECEIVER_HANDLE');
// #region request
const profile = kestrel.request('GET', `/accounts/handle/${receiverHandle}`);
// #endregion request
print(profile);
