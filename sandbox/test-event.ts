/**
 * Sends a test event to one subscription, outside the API's base path like the clock control:
 *
 *   POST /_sandbox/subscriptions/{subscriptionId}/test-event  {"eventType": "invoice.updated"}
 *
 * The event is signed like every delivery and sent once, without retries. It is stored before it is
 * sent, so find event by id answers it (a receiver may fetch the event a delivery names), with its one
 * delivery; it changed nothing, so get events, the record of changes that replays read, does not list it
 * (TEST_EVENT marks it), and it expires after the retention (`x-events`) like every event. `eventType` defaults to the subscription's first. `data.entityId` names
 * the newest object of the event's type, so a receiver that fetches it finds it, or the documented
 * example's ID when there is none yet. The answer is the event and how the delivery went.
 */
import {isObject, objectAt, objectsAt, type Json} from './api-data.ts';
import {controlSubscription} from './control-body.ts';
import {ProblemError} from './problems.ts';
import type {World} from './world.ts';

export const TEST_EVENT_PATH = /^\/_sandbox\/subscriptions\/([^/]+)\/test-event$/;
/** The bookkeeping field (never answered: `_` fields are the sandbox's own) that marks a stored test event. */
export const TEST_EVENT = '_test';

/** The stored type an event type's entity is (`invoice.updated` -> Invoice). */
const KINDS: Record<string, string> = {
  invoice: 'Invoice',
  payment: 'Payment',
  payout: 'Payout',
  deposit: 'Deposit',
  'currency-exchange-quote': 'CurrencyExchangeQuote',
  'receive-request': 'ReceiveRequest',
};

function parse(raw: Buffer): Json {
  try {
    return JSON.parse(raw.toString('utf8') || '{}');
  } catch (error) {
    throw new ProblemError('MALFORMED_REQUEST', `The body is not valid JSON: ${(error as Error).message}.`);
  }
}

export async function testEventRoute(
  world: World,
  method: string,
  subscriptionId: string,
  raw: Buffer,
): Promise<{status: number; body: unknown}> {
  if (method !== 'POST')
    throw new ProblemError('METHOD_NOT_ALLOWED', 'A test event is sent with POST.', {headers: {Allow: 'POST'}});
  const sub = controlSubscription(world, subscriptionId);
  const body = parse(raw);
  const known = world.definition.schemaEnum('EventType').map(String);
  const eventType =
    (isObject(body) ? body.eventType : undefined) ?? (Array.isArray(sub.eventTypes) ? sub.eventTypes[0] : undefined);
  if (typeof eventType !== 'string' || !known.includes(eventType)) {
    throw new ProblemError('VALIDATION_FAILED', 'eventType must be one of the event types.', {
      validationErrors: {eventType: [`Must be one of ${known.join(', ')}.`]},
    });
  }
  const kind = KINDS[eventType.split('.')[0]!]!;
  const newest = world.store.all(kind).at(-1);
  const example = objectsAt(world.example('getEvents'), 'items')[0];
  const event = {
    id: world.uuid(),
    eventType,
    webhookVersion: sub.webhookVersion ?? world.webhookVersion,
    data: {entityId: newest?.id ?? (example && objectAt(example, 'data').entityId) ?? null, changes: []},
    created: world.now(),
    deliverySuccess: false,
  };
  const pending = {
    subscriptionId: String(sub.id),
    status: 'PENDING',
    attempts: 0,
    lastAttempt: null,
    lastResponseStatus: null,
    nextAttempt: null,
  };
  world.expireEvents();
  world.store.put('Event', {...event, deliveries: [pending], [TEST_EVENT]: true});
  const delivery = await world.webhooks.sendTest(sub, event);
  world.options.log(`test event ${eventType} -> ${sub.webhookUrl}: ${delivery.status ?? delivery.error}`);
  return {status: 200, body: {event, delivery}};
}
