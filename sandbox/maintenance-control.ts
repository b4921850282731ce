/**
 * Maintenance windows on demand, per account (the bearer token's, as for API requests), on the
 * sandbox clock, outside the API's base path like the clock control:
 *
 *   POST   /_sandbox/maintenance  {"startsInSeconds": 0, "durationSeconds": 1800}
 *     -> 201 {"startsAt": "2026-...Z", "endsAt": "2026-...Z"}
 *   GET    /_sandbox/maintenance  -> 200 {"windows": [{"startsAt": ..., "endsAt": ...}]} (those not ended)
 *   DELETE /_sandbox/maintenance  -> 204, every window ended
 *
 * During a window every request under the API base path that is not a GET answers 503
 * SERVICE_UNAVAILABLE with `Retry-After` the whole seconds until `endsAt`: nothing runs and an
 * Idempotency-Key stays free. GETs answer as usual, as reads do during Kestrel's maintenance.
 * `POST /_sandbox/clock` moves into and out of a window. Windows start on a whole second (the time
 * `startsAt` shows) and are records in the account's store, so `--state` keeps them.
 */
import {controlBody, methodNotAllowed, wholeNumber} from './control-body.ts';
import {ProblemError} from './problems.ts';
import type {World} from './world.ts';

export const MAINTENANCE_PATH = '/_sandbox/maintenance';
/** The store kind of a window. */
export const WINDOW_KIND = '_MaintenanceWindow';
export const MAX_WINDOW_SECONDS = 366 * 24 * 3600;
const FIELDS = ['startsInSeconds', 'durationSeconds'];

/** The account's windows not ended yet, forgetting the ended ones. */
function windows(world: World) {
  const now = world.clock.now();
  const open = [];
  for (const w of world.store.all(WINDOW_KIND)) {
    if (Number(w.endsAt) <= now) world.store.delete(WINDOW_KIND, String(w.id));
    else open.push({startsAt: Number(w.startsAt), endsAt: Number(w.endsAt)});
  }
  return open;
}

const view = (world: World, w: {startsAt: number; endsAt: number}) => ({
  startsAt: world.clock.iso(w.startsAt),
  endsAt: world.clock.iso(w.endsAt),
});

export function maintenanceRoute(world: World, method: string, raw: Buffer): {status: number; body?: unknown} {
  if (method === 'GET') return {status: 200, body: {windows: windows(world).map((w) => view(world, w))}};
  if (method === 'DELETE') {
    for (const w of world.store.all(WINDOW_KIND)) world.store.delete(WINDOW_KIND, String(w.id));
    return {status: 204};
  }
  if (method !== 'POST') throw methodNotAllowed(MAINTENANCE_PATH, ['GET', 'POST', 'DELETE']);
  const body = controlBody(raw, MAINTENANCE_PATH, FIELDS);
  const startsIn = wholeNumber(body, 'startsInSeconds', 0, MAX_WINDOW_SECONDS, 0);
  const duration = wholeNumber(body, 'durationSeconds', 1, MAX_WINDOW_SECONDS);
  const startsAt = Math.floor(world.clock.now() / 1000) * 1000 + startsIn * 1000;
  const window = {startsAt, endsAt: startsAt + duration * 1000};
  world.store.put(WINDOW_KIND, {id: world.uuid(), ...window});
  return {status: 201, body: view(world, window)};
}

/** The 503 a request answers when a window of its account is open and it is not a GET. */
export function inMaintenance(world: World, method: string): ProblemError | undefined {
  if (method === 'GET') return undefined;
  const now = world.clock.now();
  const open = windows(world).find((w) => w.startsAt <= now);
  if (!open) return undefined;
  const retryAfter = String(Math.max(1, Math.ceil((open.endsAt - now) / 1000)));
  return new ProblemError(
    'SERVICE_UNAVAILABLE',
    `Kestrel is in a maintenance window until ${world.clock.iso(open.endsAt)} (set by POST ${MAINTENANCE_PATH}); reads answer, changes do not. Retry after ${retryAfter} seconds.`,
    {headers: {'Retry-After': retryAfter}},
  );
}
