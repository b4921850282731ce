/**
 * Quotes and payouts carry an `expiration`: a scheduled step expires each at that moment, and what
 * reads or acts on one expires it first in case that step was lost (a world read back from a state
 * file).
 */
import {stringAt, type JsonObject} from '../api-data.ts';
import {LAPSE_EVENT} from '../versions/lapse-events.ts';
import type {Call, World} from '../world.ts';

/** A `NEW` object of `kind` past its `expiration` becomes `EXPIRED`, with `eventType`, marked an expiry's. */
export function expireIfLapsed(world: World, kind: string, id: string, eventType: string): void {
  const object = world.store.get(kind, id);
  if (object?.status === 'NEW' && Date.parse(stringAt(object, 'expiration')) < world.clock.now())
    world.update(kind, id, {status: 'EXPIRED'}, eventType, {[LAPSE_EVENT]: true});
}

/** The object of `kind` the call names by `id` (404 when there is none), expired first if it has lapsed. */
export function findLapsing(
  world: World,
  call: Pick<Call, 'op'>,
  kind: string,
  id: string,
  eventType: string,
): JsonObject {
  expireIfLapsed(world, kind, stringAt(world.find(kind, id, call.op), 'id'), eventType);
  return world.find(kind, id, call.op);
}
