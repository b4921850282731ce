/**
 * What the sandbox receives, keeps and answers: request bodies (checked by Ajv against the
 * definition's schemas before a handler reads them), stored objects (made from the definition's
 * examples) and answers (checked against the definition by the sandbox tests). They are JSON; a
 * handler reads the fields it needs through the accessors below, which fail naming the field when
 * a value is not the type the definition gives it.
 */
import {isObject} from '../definition/index.ts';
import type {Json, JsonObject} from '../definition/index.ts';
import type {Money} from './money.ts';

export type {Json, JsonObject};
export {isObject};

function wrongType(field: string, want: string, value: Json | undefined): TypeError {
  return new TypeError(`sandbox: field ${field} is ${JSON.stringify(value)}, not ${want}`);
}

/** Field `field` of `object`, an object. */
export function objectAt(object: JsonObject, field: string): JsonObject {
  const value = object[field];
  if (!isObject(value)) throw wrongType(field, 'an object', value);
  return value;
}

/** Field `field` of `object`, an object, or undefined when it is absent or null. */
export function optionalObjectAt(object: JsonObject, field: string): JsonObject | undefined {
  const value = object[field];
  return value === undefined || value === null ? undefined : objectAt(object, field);
}

/** Field `field` of `object`, a string. */
export function stringAt(object: JsonObject, field: string): string {
  const value = object[field];
  if (typeof value !== 'string') throw wrongType(field, 'a string', value);
  return value;
}

/** Field `field` of `object`, a string, or undefined when it is absent or null. */
export function optionalStringAt(object: JsonObject, field: string): string | undefined {
  const value = object[field];
  return value === undefined || value === null ? undefined : stringAt(object, field);
}

/** Field `field` of `object`, a number. */
export function numberAt(object: JsonObject, field: string): number {
  const value = object[field];
  if (typeof value !== 'number') throw wrongType(field, 'a number', value);
  return value;
}

/** Field `field` of `object`, a list of objects. */
export function objectsAt(object: JsonObject, field: string): JsonObject[] {
  const value = object[field];
  if (!Array.isArray(value) || !value.every(isObject)) throw wrongType(field, 'a list of objects', value);
  return value;
}

/** Field `field` of `object`, an amount with its currency. */
export function moneyAt(object: JsonObject, field: string): Money {
  const value = objectAt(object, field);
  return {amount: stringAt(value, 'amount'), currency: stringAt(value, 'currency')};
}

/** Field `field` of `object`, an amount with its currency, or undefined when absent or null. */
export function optionalMoneyAt(object: JsonObject, field: string): Money | undefined {
  const value = object[field];
  return value === undefined || value === null ? undefined : moneyAt(object, field);
}
