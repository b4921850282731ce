/**
 * Events, kept 30 days as the guides say: an older one answers 404 EVENT_NOT_FOUND and leaves the
 * list, also when the clock was moved forward past it. Test events are found by id but not listed.
 * A release that did not record some events (1.0.0: an expiry's) neither lists nor finds them.
 */
import {eventServedAt} from '../versions/lapse-events.ts';
import {servedItems} from '../versions/release-shapes.ts';
import type {Handler} from '../world.ts';
import {TEST_EVENT} from '../test-event.ts';
import {getHandler, page} from './generic.ts';

const find = getHandler('Event');

export const getEvents: Handler<'getEvents'> = (call, world) => {
  world.expireEvents();
  // A test event changed nothing: find event by id answers it, the list of changes does not.
  const changes = world.store
    .all('Event')
    .filter((event) => event[TEST_EVENT] !== true && eventServedAt(call.apiVersion, event));
  // Filtered as the served release means its fields (1.0.0's `deliverySuccess`).
  return {
    status: 200,
    body: page(world, call.op, servedItems(call.apiVersion, 'Event', changes, world), call.query, 'Event'),
  };
};

export const findEventById: Handler<'findEventById'> = (call, world) => {
  world.expireEvents();
  const id = Object.values(call.params)[0]!;
  if (!eventServedAt(call.apiVersion, world.find('Event', id, call.op))) throw world.notFound(call.op, id);
  return find(call, world);
};
