/**
 * The clock control, outside the API's base path so it can never clash with an operation:
 *
 *   GET  /_sandbox/clock                          -> {"now": "...", "offsetSeconds": 0}
 *   POST /_sandbox/clock  {"advanceSeconds": 300} -> the same after moving time forward, with what ran:
 *        "statusChanges": [{"account", "object", "id", "from", "to", "at"}] in the order they happened,
 *        "deliveries": the webhook delivery attempts that ended meanwhile (delivery-log entries), oldest
 *        first, one already on the wire when the move began included,
 *        "deliveriesInFlight": attempts still waiting for their receiver when the answer was sent.
 *
 * Moving forward runs everything that falls due in between (expirations, simulated payments,
 * status steps, webhook retries), in order, for every account. Time never moves back. Under
 * `--manual-clock` this is the only way the clock moves. The answer waits up to DELIVERY_WAIT_MS
 * for the deliveries the move started, so that a receiver on this machine has answered; a slower
 * one is counted in `deliveriesInFlight`, and its attempt shows in the delivery log once it ends.
 */
import {isObject} from '../definition/index.ts';
import type {AccountWorlds} from './account-worlds.ts';
import type {Clock} from './clock.ts';
import type {Json} from '../definition/index.ts';
import {ProblemError} from './problems.ts';
import type {StatusChange} from './store.ts';

export const CLOCK_PATH = '/_sandbox/clock';
const MAX_ADVANCE_SECONDS = 366 * 24 * 3600;
/** How long a clock move waits for the deliveries it started before it answers. */
export const DELIVERY_WAIT_MS = 1_000;

/** One object's status as the move changed it; `from` is null for an object the move made. */
export interface ClockStatusChange {
  account: string;
  object: string;
  id: string;
  from: string | null;
  to: string;
  at: string;
}

const state = (clock: Clock) => ({now: clock.iso(), offsetSeconds: Math.round(clock.offset / 1000)});

/** The newest delivery-log sequence of any account: attempts after it were made later. */
const newestAttempt = (accounts: AccountWorlds) =>
  Math.max(0, ...accounts.entries().map(([, w]) => w.webhooks.log.list()[0]?.sequence ?? 0));

/** Waits until no delivery is on the wire or waiting, or DELIVERY_WAIT_MS has passed. */
async function deliveriesSettled(accounts: AccountWorlds): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(accounts.entries().map(([, w]) => w.webhooks.settled())),
    new Promise((resolve) => (timer = setTimeout(resolve, DELIVERY_WAIT_MS))),
  ]);
  clearTimeout(timer);
}

export async function clockRoute(
  accounts: AccountWorlds,
  _tokens: unknown,
  method: string,
  raw: Buffer,
): Promise<{status: number; body: unknown}> {
  const {clock} = accounts;
  if (method === 'GET') return {status: 200, body: state(clock)};
  if (method !== 'POST')
    throw new ProblemError('METHOD_NOT_ALLOWED', `${CLOCK_PATH} takes GET or POST.`, {
      headers: {Allow: 'GET, POST'},
    });
  let body: Json;
  try {
    body = JSON.parse(raw.toString('utf8') || '{}');
  } catch (error) {
    throw new ProblemError('MALFORMED_REQUEST', `The body is not valid JSON: ${(error as Error).message}.`);
  }
  const seconds = isObject(body) ? body.advanceSeconds : undefined;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0 || seconds > MAX_ADVANCE_SECONDS) {
    throw new ProblemError('VALIDATION_FAILED', 'advanceSeconds must be a number of seconds from 0 to one year.', {
      validationErrors: {advanceSeconds: [`Must be a number from 0 to ${MAX_ADVANCE_SECONDS}.`]},
    });
  }
  const statusChanges: ClockStatusChange[] = [];
  const before = newestAttempt(accounts);
  const unwatch = accounts.entries().map(([account, world]) => {
    const watch = ({kind, id, from, to}: StatusChange) =>
      statusChanges.push({account, object: kind, id, from, to, at: clock.iso()});
    world.store.statusWatchers.add(watch);
    return () => world.store.statusWatchers.delete(watch);
  });
  try {
    clock.advance(seconds * 1000);
  } finally {
    for (const stop of unwatch) stop();
  }
  await deliveriesSettled(accounts);
  const worlds = accounts.entries().map(([, w]) => w.webhooks);
  const deliveries = worlds
    .flatMap((webhooks) => webhooks.log.list().filter((e) => e.sequence > before && !e.test))
    .sort((a, b) => a.sequence - b.sequence);
  const deliveriesInFlight = worlds.reduce((n, webhooks) => n + webhooks.pending + webhooks.waiting, 0);
  return {status: 200, body: {...state(clock), statusChanges, deliveries, deliveriesInFlight}};
}
