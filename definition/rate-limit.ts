/**
 * How many requests an API key may send in production, as the definition states it once in the
 * root extension `x-rate-limit`: `requestsPerWindow` per fixed window of `windowSeconds`. The
 * pages render their figures from it (plugins/prose-facts). The sandbox's lower figure is the
 * sandbox's own (sandbox/rate-limit-figures.ts). A missing or malformed member fails, naming it.
 */
import {isObject} from './refs.ts';
import type {JsonObject, RateLimit} from './types.ts';

export type {RateLimit};

const AT = '#/x-rate-limit';

function wholePositive(rules: JsonObject, name: keyof RateLimit): number {
  const value = rules[name];
  if (Number.isInteger(value) && (value as number) > 0) return value as number;
  throw new Error(`definition: ${AT}/${name} is ${JSON.stringify(value)}, not a positive whole number`);
}

/** The production rate limit of the bundled definition `doc`. */
export function rateLimitOf(doc: JsonObject): RateLimit {
  const rules = doc['x-rate-limit'];
  if (!isObject(rules)) throw new Error(`definition: ${AT} is missing or not an object`);
  return {
    requestsPerWindow: wholePositive(rules, 'requestsPerWindow'),
    windowSeconds: wholePositive(rules, 'windowSeconds'),
  };
}
