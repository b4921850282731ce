/**
 * How long Kestrel keeps an event, as the definition states it once in the root extension
 * `x-events`: for `retentionDays` after it was created, get events lists it, find event by id
 * answers it and a redelivery can send it; after that it answers `404 EVENT_NOT_FOUND`. The
 * sandbox forgets events by it and the guides state it from it. A missing or malformed member
 * fails, naming it.
 */
import {isObject} from './refs.ts';
import type {JsonObject} from './types.ts';

const AT = '#/x-events';

/** The days an event is kept, from the bundled definition `doc`. */
export function eventRetentionDaysOf(doc: JsonObject): number {
  const rules = doc['x-events'];
  if (!isObject(rules)) throw new Error(`definition: ${AT} is missing or not an object`);
  const days = rules.retentionDays;
  if (Number.isInteger(days) && (days as number) > 0) return days as number;
  throw new Error(`definition: ${AT}/retentionDays is ${JSON.stringify(days)}, not a positive whole number`);
}
