/**
 * Fetch public account profile info by handle: GET /accounts/handle/{handle}.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY, RECEIVER_HANDLE from the environment. The client times
 * out, and retries a timeout or a network error (a read is safe to repeat).
 */
import {KestrelClient, requireEnv} from '../kestrel-client.js';

async function main(): Promise<void> {
  // #region request
  const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
  const receiverHandle = requireEnv('RECEIVER_HANDLE');
  const profile = await kestrel.request('GET', `/accounts/handle/${receiverHandle}`);
  console.log(JSON.stringify(profile, null, 2));
  // #endregion request
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
