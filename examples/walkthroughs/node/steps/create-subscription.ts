/**
 * Create subscription: POST /subscriptions.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY, IDEMPOTENCY_KEY (optional), KESTREL_WEBHOOK_SECRET from the environment. The client
 * times out, and retries a timeout or a network error with the same Idempotency-Key,
 * which it prints: rerun with IDEMPOTENCY_KEY set to it after a timeout.
 */
import {KestrelClient, idempotencyKeyFromEnv, requireEnv} from '../kestrel-client.js';
import {print} from './print.js';

const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
const kestrelWebhookSecret = requireEnv('KESTREL_WEBHOOK_SECRET');
// #region request
const subscription = kestrel.request('POST', '/subscriptions', {
  body: {
    webhookUrl: 'https://merchant.example/webhooks/kestrel',
    webhookVersion: '2025-06-01',
    secret: kestrelWebhookSecret,
    enabled: true,
    eventTypes: ['invoice.created', 'invoice.updated', 'payout.updated'],
  },
  idempotencyKey: idempotencyKeyFromEnv(),
});
// #endregion request
print(subscription);
