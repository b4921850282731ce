/**
 * Webhook deliveries: each event is POSTed to every enabled subscription that lists its type,
 * signed in `Kestrel-Signature` as `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`
 * (the scheme the signature-verification guide and examples/webhooks/ verify). A delivery succeeds
 * on any 2xx within 10 seconds; otherwise it is retried on the schedule the failure-recovery guide
 * gives, counted from the first attempt, on the sandbox clock. `--retry-speedup N` divides the
 * schedule by N (60 turns each minute into a second), so retries can be watched without waiting.
 *
 * `t` is the real time of sending, not the sandbox clock, so a receiver's 5-minute check passes
 * even after the clock has been moved forward.
 */
import {createHmac} from 'node:crypto';
import type {Clock} from './clock.ts';
import type {Json} from './definition.ts';
import type {Store} from './store.ts';

/** Minutes after the first attempt: attempts 1 to 10 (docs/webhooks/failure-recovery.md). */
export const RETRY_SCHEDULE_MINUTES = [0, 1, 5, 30, 120, 360, 720, 1440, 2880, 4320];
export const DELIVERY_TIMEOUT_MS = 10_000;

export function signature(secret: string, timestamp: number, rawBody: string): string {
  const v1 = createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
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
  private readonly inFlight = new Set<Promise<void>>();

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

  private attempt(eventId: string, subscriptionId: string, attempt: number, firstAt: number): void {
    const event = this.store.get('Event', eventId);
    const sub = this.store.get('Subscription', subscriptionId);
    // Retries stop when the event is gone (over the cap), or the subscription is disabled or deleted.
    if (!event || !sub || sub.enabled === false) return;
    const rawBody = JSON.stringify({...event, deliverySuccess: false});
    const t = Math.floor(Date.now() / 1000);
    const sending = (async () => {
      let outcome: string;
      let ok = false;
      try {
        const res = await fetch(sub.webhookUrl, {
          method: 'POST',
          redirect: 'manual',
          signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
          headers: {
            'Content-Type': 'application/json',
            'Kestrel-Signature': signature(sub.secret, t, rawBody),
            'User-Agent': 'Kestrel-Webhooks/1.0',
          },
          body: rawBody,
        });
        await res.arrayBuffer().catch(() => undefined);
        ok = res.status >= 200 && res.status < 300;
        outcome = String(res.status);
      } catch (error) {
        outcome = (error as Error).name === 'TimeoutError' ? 'no answer within 10 s' : `${(error as Error).message}`;
      }
      const stored = this.store.get('Event', eventId);
      if (ok) {
        if (stored && !stored.deliverySuccess) this.store.put('Event', {...stored, deliverySuccess: true});
        this.options.log(`webhook ${event.eventType} ${eventId} -> ${sub.webhookUrl}: ${outcome} (attempt ${attempt})`);
        return;
      }
      const next = RETRY_SCHEDULE_MINUTES[attempt];
      if (next === undefined) {
        this.options.log(`webhook ${eventId} -> ${sub.webhookUrl}: ${outcome}; attempt ${attempt} was the last`);
        return;
      }
      const due = firstAt + (next * 60_000) / this.options.speedup;
      this.options.log(
        `webhook ${eventId} -> ${sub.webhookUrl}: ${outcome}; attempt ${attempt + 1} at ${this.clock.iso(due)}`,
      );
      this.clock.at(due, () => this.attempt(eventId, subscriptionId, attempt + 1, firstAt));
    })();
    this.inFlight.add(sending);
    void sending.finally(() => this.inFlight.delete(sending));
  }

  /** Resolves when no delivery is on the wire. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }
}
