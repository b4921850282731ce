/**
 * New objects are made from the operation's documented example: the example gives every field the
 * schema requires a realistic value; the request's own fields, a fresh id and the current time
 * replace the example's. So an answer has the documented shape by construction.
 */
import type {Answer, OperationId} from '../../definition/index.ts';
import {isObject, lifetimeOf} from '../../definition/index.ts';
import {randomBytes} from 'node:crypto';
import type {Json, JsonObject} from '../api-data.ts';
import type {World} from '../world.ts';
import {segwitAddress} from '../bitcoin-address.ts';

/**
 * What a handler sets on an object it makes for operation `Id`: fields of the operation's answer,
 * typed from the definition (so a field the definition renames fails `tsc` where a handler sets
 * it), and the sandbox's own bookkeeping, named with a leading `_` and never answered.
 */
export type AnswerFields<Id extends OperationId> = Partial<Answer<Id>> & {[bookkeeping: `_${string}`]: Json};

export function fromExample<Id extends OperationId>(
  world: World,
  operationId: Id,
  body: JsonObject = {},
  extra: AnswerFields<Id> = {},
): JsonObject {
  const object = world.example(operationId);
  for (const [k, v] of Object.entries(body ?? {})) if (k in object) object[k] = v;
  const now = world.now();
  if ('id' in object) object.id = world.uuid();
  if ('created' in object) object.created = now;
  if ('updated' in object) object.updated = now;
  return Object.assign(object, extra);
}

/** A time `seconds` after the sandbox's now. */
export const inSeconds = (world: World, seconds: number) => world.clock.iso(world.clock.now() + seconds * 1000);

/** How long the documented example lives: its `expiration` minus its `created`, in seconds. */
export function exampleLifetime(world: World, operationId: OperationId): number {
  return lifetimeOf(world.example(operationId), `the success example of ${operationId}`);
}

/** The operation's documented success example whose `field` has `value` (e.g. a payment of type ONCHAIN). */
export function exampleWhere(world: World, operationId: OperationId, field: string, value: unknown): JsonObject {
  const op = world.definition.operation(operationId);
  for (const example of world.definition.responseExamples(op)) {
    if (isObject(example) && example[field] === value) return example;
  }
  return world.example(operationId);
}

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const bech32Chars = (n: number) => Array.from(randomBytes(n), (b) => BECH32[b % 32]).join('');

/**
 * A signet BOLT11 request for `units` (10^-8 BTC), as the sandbox issues them (`lntbs…`): the
 * amount is readable from its prefix, the rest is random and pays nothing.
 */
export const signetInvoice = (units: bigint) => `lntbs${units * 10n}n1p${bech32Chars(240)}`;

/** A signet on-chain address (`tb1q…`, with a valid checksum) that receives nothing. */
export const signetAddress = () => segwitAddress('signet', 0, randomBytes(20));

/** The `default` the request schema of an operation gives a body field, such as `expiresInSeconds`. */
export function requestDefault(world: World, operationId: OperationId, field: string): Json {
  const op = world.definition.operation(operationId);
  const value = op.model.requestBody?.schema.children.find((child) => child.name === field)?.default;
  if (value === undefined) throw new Error(`the definition gives ${operationId} no default for ${field}`);
  return value;
}
