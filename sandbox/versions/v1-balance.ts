/**
 * A balance as 1.0.0 answers it: its amounts are 1.0.0's `Money`, never below zero. When a reversed
 * deposit took back money already spent, 1.0.0 shows `0` where 2.0.0 shows the negative figure;
 * what is owed is still taken from the next credits, so `available` stays `0` until they cover it.
 */
import {isObject, type JsonObject} from '../api-data.ts';
import {money, toUnits} from '../money.ts';

const FIGURES = ['available', 'pending', 'total'] as const;

export function balanceAtV1(answered: JsonObject): JsonObject {
  const out = {...answered};
  for (const figure of FIGURES) {
    const m = answered[figure];
    if (isObject(m) && typeof m.amount === 'string' && typeof m.currency === 'string' && toUnits(m.amount) < 0n)
      out[figure] = money(0n, m.currency);
  }
  return out;
}
