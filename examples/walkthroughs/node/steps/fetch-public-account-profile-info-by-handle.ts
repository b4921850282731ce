/**
 * Fetch public account profile info by handle: GET /accounts/handle/{handle}.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY, RECEIVER_HANDLE from the environment. The client times
 * out, and retries a timeout or a network error (a read is safe to repeat).
 */
// #region request
import {KestrelClient, requireEnv} from '../kestrel-client.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
const receiverHandle = requireEnv('RECEIVER_HANDLE');
kestrel
  .request('GET', `/accounts/handle/${receiverHandle}`)
  .then((profile) => console.log(JSON.stringify(profile, null, 2)))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
// #endregion request
