/**
 * Get account balance details: GET /account/balances.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY from the environment. The client times out, and retries
 * a timeout or a network error (a read is safe to repeat).
 */
import {KestrelClient} from '../kestrel-client.js';

async function main(): Promise<void> {
  // #region request
  const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
  const balances = await kestrel.request('GET', '/account/balances');
  console.log(JSON.stringify(balances, null, 2));
  // #endregion request
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
