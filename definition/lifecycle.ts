/**
 * The lifecycle rules, as the definition states them once in the root extension `x-api-lifecycle`:
 * the least notice between deprecating something and its sunset, and how long a webhook payload
 * version is still sent once a newer one exists. A deprecated operation, parameter or field says
 * when it was deprecated and when it goes in `x-deprecation` (`since`, `sunset`: dates), which the
 * `Deprecation` and `Sunset` headers and the API-changes check read. A missing or malformed member
 * fails, naming it.
 */
import {isObject} from './refs.ts';
import type {Deprecation, JsonObject} from './types.ts';

const AT = '#/x-api-lifecycle';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface ApiLifecycle {
  /** At least this many days pass between a deprecation and its sunset. */
  deprecationNoticeDays: number;
  /** A webhook payload version (`WebhookVersion`) is still sent this many days after a newer one is released. */
  webhookVersionSupportDays: number;
}

function days(value: unknown, name: string): number {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  throw new Error(`definition: ${AT}/${name} is ${JSON.stringify(value)}, not a whole number of days`);
}

/** The lifecycle rules of the bundled definition `doc`; undefined in a definition without them (release 1.0.0). */
export function lifecycleOf(doc: JsonObject): ApiLifecycle | undefined {
  const rules = doc['x-api-lifecycle'];
  if (rules === undefined) return undefined;
  if (!isObject(rules)) throw new Error(`definition: ${AT} is not an object`);
  return {
    deprecationNoticeDays: days(rules.deprecationNoticeDays, 'deprecationNoticeDays'),
    webhookVersionSupportDays: days(rules.webhookVersionSupportDays, 'webhookVersionSupportDays'),
  };
}

/** An item's `x-deprecation`, or undefined when it has none; `at` names the item in the error. */
export function deprecationOf(item: unknown, at: string): Deprecation | undefined {
  if (!isObject(item) || item['x-deprecation'] === undefined) return undefined;
  const data = item['x-deprecation'];
  if (!isObject(data)) throw new Error(`definition: ${at}/x-deprecation is not an object`);
  for (const name of ['since', 'sunset'] as const) {
    if (typeof data[name] !== 'string' || !DATE.test(data[name]))
      throw new Error(
        `definition: ${at}/x-deprecation/${name} is ${JSON.stringify(data[name])}, not a date (YYYY-MM-DD)`,
      );
  }
  return {since: data.since as string, sunset: data.sunset as string};
}

/** Whole days from one date (YYYY-MM-DD) to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
