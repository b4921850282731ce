/**
 * How long an object the API creates holds what it fixed (a quote's rate and fee, a payout's fee and
 * rate): the operation's documented success example writes it once, as its `expiration` minus its
 * `created`. The sandbox gives what it creates that lifetime (sandbox/operations/templates.ts), and
 * the guides and the definition's descriptions state it from here (plugins/prose-facts).
 */
import type {ApiDefinition, Json} from './types.ts';
import {isObject} from './refs.ts';

/** Seconds from `created` to `expiration` of an example object; an object without both is an error naming `at`. */
export function lifetimeOf(example: Json, at: string): number {
  const created = isObject(example) ? Date.parse(String(example.created)) : NaN;
  const expiration = isObject(example) ? Date.parse(String(example.expiration)) : NaN;
  if (Number.isNaN(created) || Number.isNaN(expiration) || expiration <= created)
    throw new Error(`definition: ${at} has no \`created\` before its \`expiration\` to read a lifetime from`);
  return Math.round((expiration - created) / 1000);
}

/** The lifetime, in seconds, of the first example of the operation's first 2xx answer. */
export function exampleLifetimeOf(model: ApiDefinition, operationId: string): number {
  const op = model.operations.find((o) => o.operationId === operationId);
  if (!op) throw new Error(`definition: there is no operation ${operationId} to read a lifetime from`);
  const success = op.responses.find((r) => /^2\d\d$/.test(r.status));
  return lifetimeOf(success?.body?.examples[0]?.value ?? null, `the success example of ${operationId}`);
}
