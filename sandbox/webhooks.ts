/**
 * Webhook deliveries: each event is POSTed to every enabled subscription that lists its type,
 * signed in `Kestrel-Signature` as `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`
 * (the scheme the signature-verification guide and examples/webhooks/ verify). A delivery succeeds
 * on any 2xx within 10 seconds; otherwise it is retried on the schedule the failure-recovery guide
 * gives, counted from the first attempt, on the sandbox clock. `--retry-speedup N` divides the
 * schedule by N (60 turns each minute into a second), so retries can be watched without waiting.
 *
 * `t` is the real time of sending, not the sandbox clock, so a receiver's 5-minute check passes
 * even after the clock has been moved forward. For 24 hours of the sandbox clock after a secret
 * rotation, a delivery carries two `v1` values: the old secret's, then the new one's.
 *
 * A test event goes to one subscription once, with no retries, and its outcome is answered.
 *
 * Each subscription has at most MAX_PER_SUBSCRIPTION deliveries on the wire; the others wait their
 * turn in a bounded queue. Without it, a subscription whose host never answers held thousands of
 * 10-second requests open at once (the fuzz run's RSS grew from 117 to 376 MB, 3,785 of them in
 * flight), and one dead endpoint could slow every other delivery.
 */
import {createHmac} from 'node:crypto';
import type {Clock} from './clock.ts';
import type {Json} from './definition.ts';
import type {Store} from './store.ts';

/** Minutes after the first attempt: attempts 1 to 10 (docs/webhooks/failure-recovery.md). */
export const RETRY_SCHEDULE_MINUTES = [0, 1, 5, 30, 120, 360, 720, 1440, 2880, 4320];
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Deliveries on the wire per subscription. */
export const MAX_PER_SUBSCRIPTION = 4;
/** Deliveries waiting per subscription; past it the oldest waiting one is dropped (and logged). */
export const MAX_WAITING = 1_000;

interface Lane {
  active: number;
  waiting: (() => Promise<unknown>)[];
}

/** How long the previous secret keeps signing after a rotation. */
export const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

export function signature(secrets: string | string[], timestamp: number, rawBody: string): string {
  const v1 = [secrets]
    .flat()
    .map((secret) =>
      createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex'),
    );
  return [`t=${timestamp}`, ...v1.map((v) => `v1=${v}`)].join(',');
}

/** The secrets a subscription signs with at `now`: the previous one during a rotation's overlap, then its own. */
export function signingSecrets(sub: Json, now: number): string[] {
  return sub._previousSecret && sub._previousSecretUntil > now ? [sub._previousSecret, sub.secret] : [sub.secret];
}

/** How one delivery attempt went: the receiver's status, or why there was none. */
export interface Outcome {
  ok: boolean;
  status: number | null;
  error: string | null;
}

export interface WebhookOptions {
  speedup: number;
  log: (line: string) => void;
}

export class Webhooks {
  private readonly store: Store;
  private readonly clock: Clock;
  private readonly options: WebhookOptions;
  /** Deliveries on the wire, so that a test or shutdown can wait for them. */
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Delivery attempts started since the sandbox started (each retry counts). */
  attempts = 0;
  /** Per subscription: deliveries on the wire and waiting. */
  private readonly lanes = new Map<string, Lane>();

  constructor(store: Store, clock: Clock, options: WebhookOptions) {
    this.store = store;
    this.clock = clock;
    this.options = options;
  }

  /** Starts delivering an event to each subscription that wants it. */
  deliver(event: Json): void {
    for (const sub of this.store.all('Subscription')) {
      if (sub.enabled === false || !sub.eventTypes?.includes(event.eventType)) continue;
      this.attempt(event.id, sub.id, 1, this.clock.now());
    }
  }

  /** POSTs one signed delivery of `rawBody` to a subscription. */
  private post(sub: Json, rawBody: string): Promise<Outcome> {
    this.attempts++;
    const t = Math.floor(Date.now() / 1000);
    const sending = (async (): Promise<Outcome> => {
      try {
        const res = await fetch(sub.webhookUrl, {
          method: 'POST',
          redirect: 'manual',
          signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
          headers: {
            'Content-Type': 'application/json',
            'Kestrel-Signature': signature(signingSecrets(sub, this.clock.now()), t, rawBody),
            'User-Agent': 'Kestrel-Webhooks/1.0',
          },
          body: rawBody,
        });
        await res.arrayBuffer().catch(() => undefined);
        return {ok: res.status >= 200 && res.status < 300, status: res.status, error: null};
      } catch (error) {
        const e = error as Error;
        return {ok: false, status: null, error: e.name === 'TimeoutError' ? 'no answer within 10 s' : e.message};
      }
    })();
    this.inFlight.add(sending);
    void sending.finally(() => this.inFlight.delete(sending));
    return sending;
  }

  /** Sends an event to one subscription once, without retries or a stored event, and answers how it went. */
  sendTest(sub: Json, event: Json): Promise<Outcome> {
    return this.post(sub, JSON.stringify(event));
  }

  private attempt(eventId: string, subscriptionId: string, attempt: number, firstAt: number): void {
    let lane = this.lanes.get(subscriptionId);
    if (!lane) this.lanes.set(subscriptionId, (lane = {active: 0, waiting: []}));
    if (lane.waiting.length >= MAX_WAITING) {
      lane.waiting.shift();
      this.options.log(
        `webhook: over ${MAX_WAITING} deliveries wait for subscription ${subscriptionId}; the oldest is dropped`,
      );
    }
    lane.waiting.push(() => this.sendAttempt(eventId, subscriptionId, attempt, firstAt));
    this.drain(subscriptionId, lane);
  }

  private drain(subscriptionId: string, lane: Lane): void {
    while (lane.active < MAX_PER_SUBSCRIPTION && lane.waiting.length > 0) {
      const send = lane.waiting.shift()!;
      lane.active++;
      void send().finally(() => {
        lane.active--;
        if (lane.active === 0 && lane.waiting.length === 0) this.lanes.delete(subscriptionId);
        else this.drain(subscriptionId, lane);
      });
    }
  }

  private async sendAttempt(eventId: string, subscriptionId: string, attempt: number, firstAt: number): Promise<void> {
    const event = this.store.get('Event', eventId);
    const sub = this.store.get('Subscription', subscriptionId);
    // Retries stop when the event is gone (over the cap or past retention), or the subscription is disabled or deleted.
    if (!event || !sub || sub.enabled === false) return;
    const {eventType} = event;
    const url = sub.webhookUrl;
    const {ok, status, error} = await this.post(sub, JSON.stringify({...event, deliverySuccess: false}));
    const outcome = status === null ? error : String(status);
    if (ok) {
      const stored = this.store.get('Event', eventId);
      if (stored && !stored.deliverySuccess) this.store.put('Event', {...stored, deliverySuccess: true});
      this.options.log(`webhook ${eventType} ${eventId} -> ${url}: ${outcome} (attempt ${attempt})`);
      return;
    }
    const next = RETRY_SCHEDULE_MINUTES[attempt];
    if (next === undefined) {
      this.options.log(`webhook ${eventId} -> ${url}: ${outcome}; attempt ${attempt} was the last`);
      return;
    }
    const due = firstAt + (next * 60_000) / this.options.speedup;
    this.options.log(`webhook ${eventId} -> ${url}: ${outcome}; attempt ${attempt + 1} at ${this.clock.iso(due)}`);
    this.clock.at(due, () => this.attempt(eventId, subscriptionId, attempt + 1, firstAt));
  }

  /** Deliveries on the wire. */
  get pending(): number {
    return this.inFlight.size;
  }

  /** Deliveries waiting for their subscription's turn. */
  get waiting(): number {
    let n = 0;
    for (const lane of this.lanes.values()) n += lane.waiting.length;
    return n;
  }

  /** Resolves when no delivery is on the wire. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0 || this.lanes.size > 0) {
      if (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
      else await new Promise((resolve) => setImmediate(resolve));
    }
  }
}
