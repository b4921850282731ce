/**
 * The webhook delivery log, outside the API's base path like the clock control:
 *
 *   GET /_sandbox/deliveries?subscriptionId=...&eventId=...&limit=50
 *     -> {"items": [attempt, ...], "total": N}
 *
 * Every attempt of every account (sandbox/delivery-log.ts says what an attempt holds), newest
 * first, each with the account it belongs to; `total` counts the matches before `limit` (1 to
 * MAX_LIMIT, default DEFAULT_LIMIT).
 */
import type {AccountWorlds} from './account-worlds.ts';
import type {DeliveryAttempt} from './delivery-log.ts';
import {ProblemError} from './problems.ts';
import {methodNotAllowed} from './control-body.ts';

export const DELIVERIES_PATH = '/_sandbox/deliveries';
export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 500;
const PARAMETERS = ['subscriptionId', 'eventId', 'limit'];

export interface DeliveryLogPage {
  items: (DeliveryAttempt & {account: string})[];
  total: number;
}

export function deliveriesRoute(
  accounts: AccountWorlds,
  method: string,
  url: URL,
): {status: number; body: DeliveryLogPage} {
  if (method !== 'GET') throw methodNotAllowed(DELIVERIES_PATH, ['GET']);
  const params = url.searchParams;
  const unknown = [...params.keys()].filter((name) => !PARAMETERS.includes(name));
  if (unknown.length > 0)
    throw new ProblemError(
      'INVALID_QUERY_OPTION',
      `${DELIVERIES_PATH} takes ${PARAMETERS.join(', ')}; not ${unknown.join(', ')}.`,
    );
  const limitText = params.get('limit');
  const limit = limitText === null ? DEFAULT_LIMIT : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
    throw new ProblemError('VALIDATION_FAILED', `limit must be a whole number from 1 to ${MAX_LIMIT}.`, {
      validationErrors: {limit: [`Must be a whole number from 1 to ${MAX_LIMIT}.`]},
    });
  const filter = {
    ...(params.has('subscriptionId') && {subscriptionId: params.get('subscriptionId')!}),
    ...(params.has('eventId') && {eventId: params.get('eventId')!}),
  };
  const all = accounts
    .entries()
    .flatMap(([account, world]) => world.webhooks.log.list(filter).map((entry) => ({account, ...entry})))
    .sort((a, b) => b.sequence - a.sequence);
  return {status: 200, body: {items: all.slice(0, limit), total: all.length}};
}
