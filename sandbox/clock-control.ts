/**
 * The clock control, outside the API's base path so it can never clash with an operation:
 *
 *   GET  /_sandbox/clock                          -> {"now": "...", "offsetSeconds": 0}
 *   POST /_sandbox/clock  {"advanceSeconds": 300} -> the same, after moving time forward
 *
 * Moving forward runs everything that falls due in between (expirations, simulated payments,
 * status steps, webhook retries), in order, for every account. Time never moves back. Under
 * `--manual-clock` this is the only way the clock moves.
 */
import {isObject} from '../definition/refs.ts';
import type {AccountWorlds} from './account-worlds.ts';
import type {Clock} from './clock.ts';
import type {Json} from '../definition/index.ts';
import {ProblemError} from './problems.ts';

export const CLOCK_PATH = '/_sandbox/clock';
const MAX_ADVANCE_SECONDS = 366 * 24 * 3600;

const state = (clock: Clock) => ({now: clock.iso(), offsetSeconds: Math.round(clock.offset / 1000)});

export function clockRoute(
  accounts: AccountWorlds,
  _tokens: unknown,
  method: string,
  raw: Buffer,
): {status: number; body: unknown} {
  const {clock} = accounts;
  if (method === 'GET') return {status: 200, body: state(clock)};
  if (method !== 'POST')
    throw new ProblemError(405, 'METHOD_NOT_ALLOWED', `${CLOCK_PATH} takes GET or POST.`, {
      headers: {Allow: 'GET, POST'},
    });
  let body: Json;
  try {
    body = JSON.parse(raw.toString('utf8') || '{}');
  } catch (error) {
    throw new ProblemError(400, 'MALFORMED_REQUEST', `The body is not valid JSON: ${(error as Error).message}.`);
  }
  const seconds = isObject(body) ? body.advanceSeconds : undefined;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0 || seconds > MAX_ADVANCE_SECONDS) {
    throw new ProblemError(422, 'VALIDATION_FAILED', 'advanceSeconds must be a number of seconds from 0 to one year.', {
      validationErrors: {advanceSeconds: [`Must be a number from 0 to ${MAX_ADVANCE_SECONDS}.`]},
    });
  }
  clock.advance(seconds * 1000);
  return {status: 200, body: state(clock)};
}
