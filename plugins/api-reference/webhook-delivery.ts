/**
 * The webhook delivery rules that /api/introduction draws (config/webhook-delivery.ts), from the
 * definition's `x-webhook-delivery` through the definition model, with each attempt's offset in
 * the words the guides use for it.
 */
import type {WebhookDeliveryData} from '../../config/webhook-delivery.ts';
import {minutesInWords, type ApiDefinition} from '../../definition/index.ts';

export function webhookDeliveryData(model: ApiDefinition): WebhookDeliveryData {
  const rules = model.webhookDelivery;
  if (!rules) throw new Error('api-reference: the definition has no x-webhook-delivery, which /api/introduction draws');
  return {
    timeoutSeconds: rules.timeoutSeconds,
    acknowledgedBy: rules.acknowledgedBy,
    attempts: rules.attemptMinutes.map((minutes, i) => ({
      attempt: i + 1,
      after: minutes === 0 ? 'immediately' : minutesInWords(minutes),
    })),
    secretRotationOverlapHours: rules.secretRotationOverlapHours,
  };
}
