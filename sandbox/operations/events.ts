/**
 * Events, kept 30 days as the guides say: an older one answers 404 EVENT_NOT_FOUND and leaves the
 * list, also when the clock was moved forward past it. Test events are found by id but not listed.
 */
import {shapeAt} from '../versions/release-shapes.ts';
import type {Handler} from '../world.ts';
import {TEST_EVENT} from '../test-event.ts';
import {getHandler, page} from './generic.ts';

const find = getHandler('Event');

export const getEvents: Handler<'getEvents'> = (call, world) => {
  world.expireEvents();
  // A test event changed nothing: find event by id answers it, the list of changes does not.
  const changes = world.store.all('Event').filter((event) => event[TEST_EVENT] !== true);
  // Filtered as the served release means its fields (1.0.0's `deliverySuccess`).
  const shape = shapeAt(call.apiVersion, 'Event');
  const served = shape ? changes.map((event) => shape(event, world)) : changes;
  return {status: 200, body: page(world, call.op, served, call.query, 'Event')};
};

export const findEventById: Handler<'findEventById'> = (call, world) => {
  world.expireEvents();
  return find(call, world);
};
