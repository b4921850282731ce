/**
 * Find payout by ID: GET /payouts/{payoutId}.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY, PAYOUT_ID from the environment. The client times out,
 * and retries a timeout or a network error (a read is safe to repeat).
 */
// #region request
import {KestrelClient, requireEnv} from '../kestrel-client.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
const payoutId = requireEnv('PAYOUT_ID');
kestrel
  .request('GET', `/payouts/${payoutId}`)
  .then((payout) => console.log(JSON.stringify(payout, null, 2)))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
// #endregion request
