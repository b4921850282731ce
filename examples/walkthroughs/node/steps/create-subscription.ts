/**
 * Create subscription: POST /subscriptions.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY, KESTREL_WEBHOOK_SECRET from the environment. The client
 * times out, and retries a timeout or a network error with the same Idempotency-Key.
 */
// #region request
import {randomUUID} from 'node:crypto';
import {KestrelClient, requireEnv} from '../kestrel-client.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
const kestrelWebhookSecret = requireEnv('KESTREL_WEBHOOK_SECRET');
kestrel
  .request('POST', '/subscriptions', {
    body: {webhookUrl: 'https://merchant.example/webhooks/kestrel', webhookVersion: '2025-06-01', secret: kestrelWebhookSecret, enabled: true, eventTypes: ['invoice.created', 'invoice.updated', 'payout.updated']},
    idempotencyKey: randomUUID(),
  })
  .then((subscription) => console.log(JSON.stringify(subscription, null, 2)))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
// #endregion request
