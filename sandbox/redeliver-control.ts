/**
 * Redelivers stored events to one subscription, outside the API's base path like the test event:
 *
 *   POST /_sandbox/subscriptions/{subscriptionId}/redeliver  {"eventIds": ["...", "..."]}
 *     -> 202 {"subscriptionId": "...", "eventIds": [...]}
 *
 * The events go out one after another in the order given, so a receiver can be shown a duplicate
 * (an id twice) or an older event after a newer one on demand. Each is signed like every delivery,
 * sent to the subscription whether or not it is enabled, and recorded as an extra attempt in
 * `GET /_sandbox/deliveries` (webhooks.ts `redeliver` says how it changes the event's delivery).
 * The answer comes before the deliveries are made: watch the log, or the receiver, for them.
 */
import {isObject, type Json} from './api-data.ts';
import {controlSubscription} from './control-body.ts';
import {ProblemError, validationFailed} from './problems.ts';
import type {World} from './world.ts';

export const REDELIVER_PATH = /^\/_sandbox\/subscriptions\/([^/]+)\/redeliver$/;
/** The most events one request redelivers. */
export const MAX_REDELIVER = 100;

function parse(raw: Buffer): Json {
  try {
    return JSON.parse(raw.toString('utf8') || '{}');
  } catch (error) {
    throw new ProblemError('MALFORMED_REQUEST', `The body is not valid JSON: ${(error as Error).message}.`);
  }
}

/** The event ids of the body, each a stored event of this account; a 422 naming `eventIds` otherwise. */
function eventIdsOf(world: World, body: Json): string[] {
  const ids = isObject(body) ? body.eventIds : undefined;
  if (
    !Array.isArray(ids) ||
    ids.length === 0 ||
    ids.length > MAX_REDELIVER ||
    !ids.every((id) => typeof id === 'string')
  )
    throw validationFailed({eventIds: [`Must be an array of 1 to ${MAX_REDELIVER} event IDs.`]});
  world.expireEvents();
  const unknown = [...new Set(ids)].filter((id) => !world.store.get('Event', id));
  if (unknown.length > 0)
    throw validationFailed({
      eventIds: unknown.map((id) => `No event with ID ${id} exists on your account.`),
    });
  return ids;
}

export function redeliverRoute(
  world: World,
  method: string,
  subscriptionId: string,
  raw: Buffer,
): {status: number; body: unknown} {
  if (method !== 'POST')
    throw new ProblemError('METHOD_NOT_ALLOWED', 'A redelivery is asked for with POST.', {
      headers: {Allow: 'POST'},
    });
  const sub = controlSubscription(world, subscriptionId);
  const eventIds = eventIdsOf(world, parse(raw));
  void world.webhooks.redeliver(sub, eventIds);
  world.options.log(`redelivering ${eventIds.length} event(s) to ${String(sub.webhookUrl)}`);
  return {status: 202, body: {subscriptionId, eventIds}};
}
