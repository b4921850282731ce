/**
 * Webhook subscriptions: stored with their secret, which signs deliveries and is never answered.
 * The local sandbox also accepts `http` URLs on a loopback host (see validation.ts). A new `secret`
 * keeps the previous one signing beside it for the definition's rotation overlap (webhooks.ts).
 */
import {stringAt, type JsonObject} from '../api-data.ts';
import type {Handler} from '../world.ts';
import {fromExample} from './templates.ts';

export const createSubscription: Handler<'createSubscription'> = (call, world) => {
  // The secret is kept, never answered, so it is no field of the answer's type.
  const subscription = {
    ...fromExample(world, 'createSubscription', call.body, {enabled: call.body.enabled ?? true}),
    secret: call.body.secret,
  };
  world.store.put('Subscription', subscription);
  return {status: 201, body: world.publicView('Subscription', subscription)};
};

export const updateSubscription: Handler<'updateSubscription'> = (call, world) => {
  const current = world.find('Subscription', call.params.subscriptionId!, call.op);
  const patch: JsonObject = {...call.body};
  if (patch.secret !== undefined && patch.secret !== current.secret) {
    patch._previousSecret = stringAt(current, 'secret');
    patch._previousSecretUntil = world.clock.now() + world.webhooks.rotationOverlapMs;
  }
  const next = world.update('Subscription', stringAt(current, 'id'), patch);
  return {status: 200, body: next && world.publicView('Subscription', next)};
};
