/**
 * Fetch logged-in account limits: GET /account/limits.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY from the environment. The client times out, and retries
 * a timeout or a network error (a read is safe to repeat).
 */
import {KestrelClient} from '../kestrel-client.js';

async function main(): Promise<void> {
  // #region request
  const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
  const limits = await kestrel.request('GET', '/account/limits');
  console.log(JSON.stringify(limits, null, 2));
  // #endregion request
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
