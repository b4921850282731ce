/**
 * STAND-IN, only so the changelog and the policy can be built on this branch: the releases work
 * provides this module from an `x-` extension at the definition's root. Same exports; these values
 * are the ones the policy states.
 *
 * How long Kestrel announces a change before it takes effect, and how a `webhookVersion` lives.
 */

export interface WebhookVersionLifecycle {
  /** The version a new subscription gets when it names none, and the newest one. */
  current: string;
  /** Days a version keeps being delivered after its successor is released. */
  supportedDaysAfterSuccessor: number;
}

export interface Lifecycle {
  /** The fewest days between a deprecation's announcement and its sunset. */
  deprecationNoticeDays: number;
  webhookVersion: WebhookVersionLifecycle;
}

export function lifecycle(): Lifecycle {
  return {
    deprecationNoticeDays: 180,
    webhookVersion: {current: '2025-06-01', supportedDaysAfterSuccessor: 365},
  };
}
