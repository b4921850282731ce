/**
 * Find payout by ID: GET /payouts/{payoutId}.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY, PAYOUT_ID from the environment. The client times out,
 * and retries a timeout or a network error (a read is safe to repeat).
 */
import {KestrelClient, requireEnv} from '../kestrel-client.js';

async function main(): Promise<void> {
  // #region request
  const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
  const payoutId = requireEnv('PAYOUT_ID');
  const payout = await kestrel.request('GET', `/payouts/${payoutId}`);
  console.log(JSON.stringify(payout, null, 2));
  // #endregion request
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
