/**
 * When a deprecated operation or parameter was deprecated and when it goes away, read from its
 * `x-deprecation` (`{date: 'YYYY-MM-DD', sunset: 'YYYY-MM-DD'}`; without a sunset, the date plus
 * the policy's notice period). The sandbox sends them as the `Deprecation` and `Sunset` headers.
 * Something marked `deprecated: true` without a date fails here, naming its pointer: those headers
 * cannot be sent without one.
 */
import {lifecycle} from './lifecycle.ts';
import {isObject} from './refs.ts';
import type {Deprecation, JsonObject} from './types.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

export function deprecationOf(node: JsonObject, at: string): Deprecation | undefined {
  if (node.deprecated !== true) return undefined;
  const data = node['x-deprecation'];
  const date = isObject(data) ? data.date : undefined;
  if (typeof date !== 'string' || !DATE.test(date) || Number.isNaN(Date.parse(date))) {
    throw new Error(
      `definition: ${at} is deprecated: true and needs x-deprecation.date (YYYY-MM-DD), the day it was deprecated`,
    );
  }
  const sunset = isObject(data) ? data.sunset : undefined;
  if (sunset !== undefined && (typeof sunset !== 'string' || !DATE.test(sunset) || Number.isNaN(Date.parse(sunset)))) {
    throw new Error(
      `definition: ${at}/x-deprecation/sunset must be a date (YYYY-MM-DD), got ${JSON.stringify(sunset)}`,
    );
  }
  const notice = new Date(Date.parse(date) + lifecycle().deprecationNoticeDays * DAY_MS).toISOString().slice(0, 10);
  return {date, sunset: sunset ?? notice};
}
