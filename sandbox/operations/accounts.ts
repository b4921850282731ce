/**
 * Accounts: the local sandbox knows your own account and every account the definition's examples
 * name (a `handle` or `payeeHandle` with its id), so the handles the guides use resolve and a typo
 * answers 404 ACCOUNT_NOT_FOUND. Profiles are the documented public profile with the account's
 * handle and id.
 */
import type {Operation} from '../definition.ts';
import {objectsAt, stringAt, type Json, type JsonObject} from '../api-data.ts';
import type {Handler, World} from '../world.ts';

const known = new WeakMap<World, Map<string, string>>();

/** handle -> account id, for every account the examples name. */
function accounts(world: World): Map<string, string> {
  let map = known.get(world);
  if (map) return map;
  map = new Map([[world.account.handle, world.account.id]]);
  const visit = (node: Json): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    if (typeof node.handle === 'string' && typeof node.id === 'string') map!.set(node.handle, node.id);
    if (typeof node.payeeHandle === 'string' && typeof node.payeeAccountId === 'string')
      map!.set(node.payeeHandle, node.payeeAccountId);
    Object.values(node).forEach(visit);
  };
  for (const example of world.definition.componentExamples()) visit(example);
  known.set(world, map);
  return map;
}

/** The account id of a handle, or the operation's 404. */
export function accountIdFor(world: World, handle: string, op: Operation): string {
  const id = accounts(world).get(handle);
  if (!id) throw world.notFound(op, handle);
  return id;
}

export function profileFor(world: World, handle: string, id: string): JsonObject {
  const profile = world.example('fetchPublicAccountProfileInfoByHandle');
  if (handle === profile.handle) return profile;
  const name = handle
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
  return {...profile, id, handle, displayName: name, avatarUrl: null, lightningAddress: `${handle}@kestrel.example`};
}

export const fetchPublicAccountProfileInfoByHandle: Handler<'fetchPublicAccountProfileInfoByHandle'> = (
  call,
  world,
) => {
  const handle = call.params.handle!;
  return {status: 200, body: profileFor(world, handle, accountIdFor(world, handle, call.op))};
};

export const fetchPublicAccountProfileInfoById: Handler<'fetchPublicAccountProfileInfoById'> = (call, world) => {
  const id = call.params.accountId!;
  const handle = [...accounts(world)].find(([, accountId]) => accountId === id)?.[0];
  if (!handle) throw world.notFound(call.op, id);
  return {status: 200, body: profileFor(world, handle, id)};
};

/** When a period that contains `now` ends: the next midnight UTC for a DAY, the next first of the month for a MONTH. */
function periodEnd(now: number, period: string): string {
  const d = new Date(now);
  const end =
    period === 'MONTH'
      ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)
      : Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
  return new Date(end).toISOString().replace('.000Z', 'Z');
}

/** The documented limit figures, with `resetsAt` the end of each period on the sandbox clock. */
export const fetchLoggedInAccountLimits: Handler<'fetchLoggedInAccountLimits'> = (_call, world) => {
  const limits = world.example('fetchLoggedInAccountLimits');
  const now = world.clock.now();
  for (const limit of objectsAt(limits, 'limits')) limit.resetsAt = periodEnd(now, stringAt(limit, 'period'));
  return {status: 200, body: {...limits, accountId: world.account.id}};
};

export const getAccountBalanceDetails: Handler<'getAccountBalanceDetails'> = (_call, world) => {
  const items = world.balanceList();
  return {status: 200, body: {items, count: items.length}};
};
