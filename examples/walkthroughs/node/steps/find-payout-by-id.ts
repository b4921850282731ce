/**
 * Find payout by ID: GET /payouts/{payoutId}.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY, PAYOUT_ID from the environment. The client times out,
 * and retries a timeout or a network error (a read is safe to repeat).
 */
import {KestrelClient, requireEnv} from '../kestrel-client.js';
import {print} from './print.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
const payoutId = requireEnv('PAYOUT_ID');
// #region request
const payout = kestrel.request('GET', `/payouts/${payoutId}`);
// #endregion request
print(payout);
