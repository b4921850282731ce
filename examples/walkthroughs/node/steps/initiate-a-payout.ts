/**
 * Initiate a payout: PATCH /payouts/{payoutId}/initiate.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY, IDEMPOTENCY_KEY (optional), PAYOUT_ID from the environment. The client times out,
 * and retries a timeout or a network error with the same Idempotency-Key,
 * which it prints: rerun with IDEMPOTENCY_KEY set to it after a timeout.
 */
import {KestrelClient, idempotencyKeyFromEnv, requireEnv} from '../kestrel-client.js';
import {print} from './print.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
const payoutId = requireEnv('PAYOUT_ID');
// #region request
const payout = kestrel.request('PATCH', `/payouts/${payoutId}/initiate`, {idempotencyKey: idempotencyKeyFromEnv()});
// #endregion request
print(payout);
