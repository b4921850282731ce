/**
 * Faults on demand, per account (the bearer token's, as for API requests), outside the API's base
 * path like the clock control:
 *
 *   POST   /_sandbox/faults  {"code": "RATE_LIMITED", "count": 3, "retryAfterSeconds": 5}
 *     -> 201 {"code": "RATE_LIMITED", "count": 3, "retryAfterSeconds": 5}
 *   GET    /_sandbox/faults  -> 200 {"remaining": 3, "faults": [{"code": ..., "remaining": 3, "retryAfterSeconds": 5}]}
 *   DELETE /_sandbox/faults  -> 204, no fault left
 *
 * The account's next `count` API requests (default 1) answer that problem, whatever they ask:
 * 429 RATE_LIMITED and 503 SERVICE_UNAVAILABLE with `Retry-After: retryAfterSeconds` (default
 * RETRY_AFTER_SECONDS), 500 INTERNAL_ERROR without it. Nothing runs and an Idempotency-Key stays
 * free, so a client's retry loop can be tried against failures that stop after a while. Faults
 * posted one after another are used in that order. They are records in the account's store, so
 * `--state` keeps the ones not used yet.
 */
import type {JsonObject} from './api-data.ts';
import {controlBody, invalidField, methodNotAllowed, wholeNumber} from './control-body.ts';
import {ProblemError} from './problems.ts';
import {RETRY_AFTER_SECONDS} from './test-inputs.ts';
import type {World} from './world.ts';

export const FAULTS_PATH = '/_sandbox/faults';
/** The store kind of a fault not used up yet. */
export const FAULT_KIND = '_Fault';
/** The codes a fault can answer; each one's status is the error catalogue's. */
export const FAULT_CODES = ['RATE_LIMITED', 'SERVICE_UNAVAILABLE', 'INTERNAL_ERROR'] as const;
export type FaultCode = (typeof FAULT_CODES)[number];
export const MAX_FAULT_COUNT = 1000;
export const MAX_RETRY_AFTER_SECONDS = 24 * 3600;
const FIELDS = ['code', 'count', 'retryAfterSeconds'];

const view = (f: JsonObject) => ({code: f.code, remaining: f.remaining, retryAfterSeconds: f.retryAfterSeconds});

function listing(world: World) {
  const faults = world.store.all(FAULT_KIND).map(view);
  return {remaining: faults.reduce((n, f) => n + Number(f.remaining), 0), faults};
}

export function faultsRoute(world: World, method: string, raw: Buffer): {status: number; body?: unknown} {
  if (method === 'GET') return {status: 200, body: listing(world)};
  if (method === 'DELETE') {
    for (const fault of world.store.all(FAULT_KIND)) world.store.delete(FAULT_KIND, String(fault.id));
    return {status: 204};
  }
  if (method !== 'POST') throw methodNotAllowed(FAULTS_PATH, ['GET', 'POST', 'DELETE']);
  const body = controlBody(raw, FAULTS_PATH, FIELDS);
  if (typeof body.code !== 'string' || !(FAULT_CODES as readonly string[]).includes(body.code))
    throw invalidField('code', `Must be one of ${FAULT_CODES.join(', ')}.`);
  const count = wholeNumber(body, 'count', 1, MAX_FAULT_COUNT, 1);
  const retryAfterSeconds = wholeNumber(body, 'retryAfterSeconds', 0, MAX_RETRY_AFTER_SECONDS, RETRY_AFTER_SECONDS);
  world.store.put(FAULT_KIND, {id: world.uuid(), code: body.code, remaining: count, retryAfterSeconds});
  return {status: 201, body: {code: body.code, count, retryAfterSeconds}};
}

/** Uses one fault of the account, if it has one left: the problem its next API request answers. */
export function takeFault(world: World): ProblemError | undefined {
  const fault = world.store.all(FAULT_KIND)[0];
  if (!fault) return undefined;
  const remaining = Number(fault.remaining) - 1;
  if (remaining > 0) world.store.put(FAULT_KIND, {...fault, remaining});
  else world.store.delete(FAULT_KIND, String(fault.id));
  const code = fault.code as FaultCode;
  const retryAfter = String(fault.retryAfterSeconds);
  const detail = {
    RATE_LIMITED: `Injected by POST ${FAULTS_PATH}: too many requests. Retry after ${retryAfter} seconds.`,
    SERVICE_UNAVAILABLE: `Injected by POST ${FAULTS_PATH}: Kestrel is temporarily unavailable. Retry after ${retryAfter} seconds.`,
    INTERNAL_ERROR: `Injected by POST ${FAULTS_PATH}: Kestrel failed unexpectedly; nothing ran. Retry with the same Idempotency-Key.`,
  }[code];
  return new ProblemError(code, detail, {headers: code === 'INTERNAL_ERROR' ? {} : {'Retry-After': retryAfter}});
}
