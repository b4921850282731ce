/**
 * The event an expiry records (`payout.updated` or `currency-exchange-quote.updated`, the object
 * now `EXPIRED`), which 1.0.0 does not have: there a payout or quote past its `expiration` stays
 * `NEW`, and "quotes that expire unexecuted send no event". So at 1.0.0 the events API neither lists
 * such an event nor finds it by id.
 *
 * Deliveries are not the API version's: a subscription's `webhookVersion` governs what it receives,
 * and an expiry is a scheduled step that no request, so no API version, makes. Both releases define
 * the one payload version, so every subscription that lists the type receives the event.
 */
import type {JsonObject} from '../api-data.ts';

/** The bookkeeping field (never answered, never sent) that marks an expiry's event. */
export const LAPSE_EVENT = '_lapse';

/** The releases whose events API has no expiry events. */
const WITHOUT_LAPSE_EVENTS = new Set(['1.0.0']);

/** Whether the events API at `apiVersion` has `event`. */
export const eventServedAt = (apiVersion: string, event: JsonObject): boolean =>
  !(WITHOUT_LAPSE_EVENTS.has(apiVersion) && event[LAPSE_EVENT] === true);
