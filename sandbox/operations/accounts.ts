/**
 * Accounts: in the local sandbox every well-formed handle names an account (its id derived from the
 * handle, so it is stable across restarts), built from the documented public profile. Your own
 * account is the one the documented examples issue invoices from.
 */
import {createHash} from 'node:crypto';
import type {Json} from '../definition.ts';
import type {Handler, World} from '../world.ts';

/** A stable UUID-shaped id for a handle. */
export function accountIdFor(world: World, handle: string): string {
  if (handle === world.account.handle) return world.account.id;
  const example = world.example('fetchPublicAccountProfileInfoByHandle');
  if (handle === example.handle) return example.id;
  const h = createHash('sha256').update(`kestrel-account:${handle}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function profileFor(world: World, handle: string): Json {
  const profile = world.example('fetchPublicAccountProfileInfoByHandle');
  const name = handle.split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
  const result = {...profile, id: accountIdFor(world, handle), handle, displayName: handle === profile.handle ? profile.displayName : name,
    avatarUrl: handle === profile.handle ? profile.avatarUrl : null, lightningAddress: `${handle}@kestrel.example`};
  // Remembered, so that the account can also be found by its id.
  if (!world.store.get('AccountPublicProfile', result.id)) world.store.put('AccountPublicProfile', result);
  return result;
}

export const fetchPublicAccountProfileInfoByHandle: Handler = (call, world) => ({status: 200, body: profileFor(world, call.params.handle!)});

export const fetchPublicAccountProfileInfoById: Handler = (call, world) => {
  const id = call.params.accountId!;
  if (id === world.account.id) return {status: 200, body: profileFor(world, world.account.handle)};
  const example = world.example('fetchPublicAccountProfileInfoByHandle');
  if (id === example.id) return {status: 200, body: profileFor(world, example.handle)};
  return {status: 200, body: world.find('AccountPublicProfile', id, call.op)};
};

export const fetchLoggedInAccountLimits: Handler = (_call, world) => {
  const limits = world.example('fetchLoggedInAccountLimits');
  return {status: 200, body: {...limits, accountId: world.account.id}};
};

export const getAccountBalanceDetails: Handler = (_call, world) => {
  const items = world.balanceList();
  return {status: 200, body: {items, count: items.length}};
};
