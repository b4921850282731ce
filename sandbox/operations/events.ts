/**
 * Events, kept 30 days as the guides say: an older one answers 404 EVENT_NOT_FOUND and leaves the
 * list, also when the clock was moved forward past it.
 */
import type {Handler} from '../world.ts';
import {getHandler, listHandler} from './generic.ts';

const list = listHandler('Event');
const find = getHandler('Event');

export const getEvents: Handler = (call, world) => {
  world.expireEvents();
  return list(call, world);
};

export const findEventById: Handler = (call, world) => {
  world.expireEvents();
  return find(call, world);
};
