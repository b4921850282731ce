/**
 * The fees and minimum amounts that are part of the API contract, as the definition states them
 * once: `x-minimum-amounts` on a request schema (the smallest amount of each currency it takes)
 * and `x-fee` on the currency exchange quote's `fee` (Kestrel's percentage of `source`, rounded
 * up). An integrator budgets for them, so the sandbox charges and checks by them and the guides
 * state them from them. A missing or malformed member fails, naming it.
 */
import {isObject} from './refs.ts';
import type {JsonObject} from './types.ts';

const DECIMAL = /^\d+(\.\d+)?$/;

function schema(doc: JsonObject, name: string): JsonObject {
  const found = (doc.components as JsonObject | undefined)?.schemas as JsonObject | undefined;
  const value = found?.[name];
  if (!isObject(value)) throw new Error(`definition: #/components/schemas/${name} is missing`);
  return value;
}

/** The smallest amount of each currency the request schema `name` takes: its `x-minimum-amounts`. */
export function minimumAmountsOf(doc: JsonObject, name: string): Record<string, string> {
  const at = `#/components/schemas/${name}/x-minimum-amounts`;
  const minimums = schema(doc, name)['x-minimum-amounts'];
  if (!isObject(minimums)) throw new Error(`definition: ${at} is missing or not an object`);
  return Object.fromEntries(
    Object.entries(minimums).map(([currency, amount]) => {
      if (typeof amount !== 'string' || !DECIMAL.test(amount)) {
        throw new Error(`definition: ${at}/${currency} is ${JSON.stringify(amount)}, not a decimal string`);
      }
      return [currency, amount];
    }),
  );
}

/** Kestrel's fee on a currency exchange, as a percentage of `source` (a decimal string such as `0.5`). */
export function exchangeFeePercentOf(doc: JsonObject): string {
  const at = '#/components/schemas/CurrencyExchangeQuote/properties/fee/x-fee';
  const fee = (schema(doc, 'CurrencyExchangeQuote').properties as JsonObject | undefined)?.fee;
  const rule = isObject(fee) ? fee['x-fee'] : undefined;
  if (!isObject(rule)) throw new Error(`definition: ${at} is missing or not an object`);
  const percent = rule.percentOfSource;
  if (typeof percent !== 'string' || !DECIMAL.test(percent)) {
    throw new Error(`definition: ${at}/percentOfSource is ${JSON.stringify(percent)}, not a decimal string`);
  }
  return percent;
}
