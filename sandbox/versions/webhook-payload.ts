/**
 * A webhook's body, in the payload version its subscription asked for (`webhookVersion`). Payload
 * versions are dated and separate from API releases: a subscription keeps its version whichever
 * release created it. Releases 1.0.0 and 2.0.0 both define one version, `2025-06-01`, with the same
 * body: the thin event (what changed and when) with `deliverySuccess` false, since this delivery is
 * under way, and without `deliveries` (1.0.0 has no such field; 2.0.0 leaves it out of payloads).
 * So a subscription made at 1.0.0 receives what one made at 2.0.0 does, valid against both.
 */
import type {JsonObject} from '../api-data.ts';

export function webhookPayload(subscription: JsonObject, event: JsonObject): JsonObject {
  // Without `deliveries` and the sandbox's own bookkeeping (`_` fields, such as an expiry's mark).
  const payload = Object.fromEntries(
    Object.entries(event).filter(([field]) => field !== 'deliveries' && !field.startsWith('_')),
  ) as JsonObject;
  // The event is recorded in the current version; the subscription's own is the one it receives.
  return {
    ...payload,
    webhookVersion: subscription.webhookVersion ?? payload.webhookVersion ?? null,
    deliverySuccess: false,
  };
}
