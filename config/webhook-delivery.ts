/**
 * How Kestrel delivers webhooks, as /api/introduction draws it: written at build time by
 * plugins/api-reference (api/webhook-delivery.json, from the definition's `x-webhook-delivery`)
 * and drawn by src/components/WebhookDelivery.
 */

export interface WebhookDeliveryAttempt {
  /** 1 for the first attempt. */
  attempt: number;
  /** When it is made after the first attempt, in words: `immediately`, `1 minute`, `72 hours`. */
  after: string;
}

export interface WebhookDeliveryData {
  timeoutSeconds: number;
  /** The status class that acknowledges a delivery, such as `2xx`. */
  acknowledgedBy: string;
  attempts: WebhookDeliveryAttempt[];
  secretRotationOverlapHours: number;
}
