/**
 * What the per-account controls (`/_sandbox/faults`, `/_sandbox/maintenance`) share: whose account
 * a control request acts for (its bearer token's, as an API request's; the default account without
 * one), and their JSON body read as an object whose every field is known, or an RFC 9457 problem
 * naming what is wrong.
 */
import {isObject, type Json, type JsonObject} from './api-data.ts';
import {bearerToken} from './auth.ts';
import {ProblemError} from './problems.ts';
import {DEFAULT_ACCOUNT, type Tokens} from './tokens.ts';
import type {World} from './world.ts';

/** The account a control request acts for: its token's, or the default account's when it sends none. */
export function controlAccount(tokens: Tokens, authorization: string | undefined, now: number): string {
  if (authorization === undefined) return DEFAULT_ACCOUNT;
  return tokens.grant(bearerToken(authorization), now).account;
}

/** A 422 VALIDATION_FAILED naming `field`. */
export const invalidField = (field: string, message: string) =>
  new ProblemError('VALIDATION_FAILED', `${field} is invalid: ${message}`, {
    validationErrors: {[field]: [message]},
  });

/** The body as a JSON object with only `fields` (an empty body is `{}`). */
export function controlBody(raw: Buffer, path: string, fields: string[]): JsonObject {
  let body: Json;
  try {
    body = JSON.parse(raw.toString('utf8') || '{}');
  } catch (error) {
    throw new ProblemError('MALFORMED_REQUEST', `The body is not valid JSON: ${(error as Error).message}.`);
  }
  if (!isObject(body)) throw new ProblemError('MALFORMED_REQUEST', `The body of ${path} must be a JSON object.`);
  const unknown = Object.keys(body).find((k) => !fields.includes(k));
  if (unknown) throw invalidField(unknown, `Is not a field of ${path}; the fields are ${fields.join(', ')}.`);
  return body;
}

/** A whole number from `min` to `max`, `fallback` when absent, or a 422 naming `field`. */
export function wholeNumber(body: JsonObject, field: string, min: number, max: number, fallback?: number): number {
  const value = body[field] ?? fallback;
  if (value === undefined) throw invalidField(field, `Is required: a whole number from ${min} to ${max}.`);
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    throw invalidField(field, `Must be a whole number from ${min} to ${max}.`);
  return value;
}

/** 405 for a method a control does not take. */
export const methodNotAllowed = (path: string, allow: string[]) =>
  new ProblemError('METHOD_NOT_ALLOWED', `${path} takes ${allow.join(', ')}.`, {
    headers: {Allow: allow.join(', ')},
  });

/** The subscription a control under `/_sandbox/subscriptions/{id}/` acts on, or 404 as the API answers it. */
export function controlSubscription(world: World, subscriptionId: string): JsonObject {
  const sub = world.store.get('Subscription', subscriptionId);
  if (!sub)
    throw new ProblemError(
      'SUBSCRIPTION_NOT_FOUND',
      `No webhook subscription with ID ${subscriptionId} exists on your account.`,
    );
  return sub;
}
