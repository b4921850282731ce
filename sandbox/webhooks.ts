/**
 * Webhook deliveries: each event is POSTed to every enabled subscription that lists its type,
 * signed by the definition's `x-webhook-signature` (definition/webhook-signature.ts: in
 * `Kestrel-Signature`, `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`, the
 * scheme the signature-verification guide and examples/webhooks/ verify). The delivery rules are the
 * definition's `x-webhook-delivery` (definition/webhook-delivery.ts): an attempt succeeds on an
 * answer in its status class (2xx) within its timeout; otherwise the next attempt is made at its
 * offset after the first, on the sandbox clock. `--retry-speedup N` divides the offsets by N (60
 * turns each minute into a second), so retries can be watched without waiting.
 *
 * Each stored event keeps one delivery per subscription it was sent to (`deliveries`: status,
 * attempts, last and next attempt), and its `deliverySuccess` is true only once every one of them
 * succeeded: one endpoint's 200 must not hide another's outage from the recovery query
 * (`deliverySuccess eq false`). A delivery body is the event without `deliveries`.
 *
 * `t` is the real time of sending, not the sandbox clock, so a receiver's 5-minute check passes
 * even after the clock has been moved forward. For the rotation overlap of the sandbox clock after
 * a secret rotation, a delivery carries two `v1` values: the old secret's, then the new one's.
 *
 * A subscription that lists the type but is disabled when the event is created gets a delivery
 * that is FAILED from the start, with no attempt (`attempts: 0`, `lastAttempt: null`): the event
 * stays `deliverySuccess: false`, so the recovery query finds what the pause missed once the
 * subscription is enabled again, and its delivery says why (nothing was sent).
 *
 * A test event goes to one subscription once, with no retries, and its outcome is answered; the
 * event is stored for find event by id, but get events does not list it (test-event.ts).
 * A redelivery (`redeliver`, POST /_sandbox/subscriptions/{id}/redeliver) sends stored events to
 * one subscription again, one after another in the order asked, each an extra attempt.
 *
 * Each subscription has at most MAX_PER_SUBSCRIPTION deliveries on the wire; the others wait their
 * turn in a bounded queue. Without it, a subscription whose host never answers held thousands of
 * 10-second requests open at once (the fuzz run's RSS grew from 117 to 376 MB, 3,785 of them in
 * flight), and one dead endpoint could slow every other delivery. An attempt pushed out of a full
 * queue counts as failed and the next one is scheduled, so no event loses its retries.
 */
import {webhookPayload} from './versions/webhook-payload.ts';
import {
  acknowledges,
  readDefinition,
  signWebhook,
  webhookSignatureOf,
  type WebhookDelivery,
  type WebhookSignature,
} from '../definition/index.ts';
import type {Clock} from './clock.ts';
import {optionalStringAt, stringAt, type JsonObject} from './api-data.ts';
import {DeliveryLog, deliverySummary, type DeliveryAttempt, type DeliverySummary} from './delivery-log.ts';
import {postDelivery} from './delivery-request.ts';
import {loopbackRefusal} from './loopback.ts';
import type {Store} from './store.ts';

/** Deliveries on the wire per subscription. */
export const MAX_PER_SUBSCRIPTION = 4;
/** Deliveries waiting per subscription; past it the oldest waiting one fails (and is logged). */
export const MAX_WAITING = 1_000;

/** One attempt at delivering an event to a subscription. */
interface Attempt {
  eventId: string;
  subscriptionId: string;
  /** 1 for the first attempt. */
  number: number;
  /** When the first attempt was due (sandbox clock, ms): the offsets count from it. */
  firstAt: number;
}

interface Lane {
  active: number;
  waiting: Attempt[];
}

/** An event's delivery to one subscription, as `Event.deliveries` lists it. */
export type Delivery = DeliverySummary;

let bundledScheme: WebhookSignature | undefined;

/** The `Kestrel-Signature` value of a delivery; `scheme` defaults to the bundled definition's. */
export function signature(
  secrets: string | string[],
  timestamp: number,
  rawBody: string,
  scheme: WebhookSignature = (bundledScheme ??= webhookSignatureOf(readDefinition())),
): string {
  return signWebhook(scheme, secrets, timestamp, rawBody);
}

/** The secrets a subscription signs with at `now`: the previous one during a rotation's overlap, then its own. */
export function signingSecrets(sub: JsonObject, now: number): string[] {
  const previous = optionalStringAt(sub, '_previousSecret');
  const until = sub._previousSecretUntil;
  const secret = stringAt(sub, 'secret');
  return previous && typeof until === 'number' && until > now ? [previous, secret] : [secret];
}

/** How one delivery attempt went: the receiver's status, or why there was none. */
export interface Outcome {
  ok: boolean;
  status: number | null;
  error: string | null;
}

/** One POST as it went: its outcome, the signature header it carried, how long it took. */
interface Sent {
  outcome: Outcome;
  signature: string | null;
  latencyMs: number;
}

export interface WebhookOptions {
  speedup: number;
  /**
   * Deliver only to loopback URLs (a sandbox an assistant drives, started by the MCP server): an
   * attempt to any other host fails with a reason naming the opt-in, and nothing is sent.
   */
  loopbackOnly?: {optIn: string};
  log: (line: string) => void;
  /** The definition's `x-webhook-delivery`. */
  delivery: WebhookDelivery;
  /** The definition's `x-webhook-signature`. */
  signature: WebhookSignature;
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
  /** Every attempt, for `GET /_sandbox/deliveries` and the events' `deliveries`. */
  readonly log = new DeliveryLog();

  constructor(store: Store, clock: Clock, options: WebhookOptions) {
    this.store = store;
    this.clock = clock;
    this.options = options;
  }

  /** How long the previous secret keeps signing after a rotation, in ms of the sandbox clock. */
  get rotationOverlapMs(): number {
    return this.options.delivery.secretRotationOverlapHours * 3600_000;
  }

  private get timeoutMs(): number {
    return this.options.delivery.timeoutSeconds * 1000;
  }

  /**
   * The deliveries a new event starts with, one per subscription that lists its type: due now when
   * it is enabled, FAILED without an attempt when it is disabled (nothing is sent while paused).
   */
  deliveriesFor(eventType: string): Delivery[] {
    return this.store
      .all('Subscription')
      .filter((sub) => Array.isArray(sub.eventTypes) && sub.eventTypes.includes(eventType))
      .map((sub) => ({
        subscriptionId: stringAt(sub, 'id'),
        status: sub.enabled === false ? ('FAILED' as const) : ('PENDING' as const),
        attempts: 0,
        lastAttempt: null,
        lastResponseStatus: null,
        nextAttempt: sub.enabled === false ? null : this.clock.iso(),
      }));
  }

  /** Starts the first attempt of each of a stored event's deliveries that is due. */
  deliver(event: JsonObject): void {
    // The offsets count from the event's `created`, so `nextAttempt - created` is the schedule's offset.
    const firstAt = Date.parse(stringAt(event, 'created'));
    for (const {subscriptionId, status} of event.deliveries as Delivery[]) {
      if (status !== 'PENDING') {
        this.options.log(`webhook ${String(event.id)} -> subscription ${subscriptionId}: disabled; not sent, FAILED`);
        continue;
      }
      this.enqueue({eventId: stringAt(event, 'id'), subscriptionId, number: 1, firstAt});
    }
  }

  /**
   * Sends stored events to one subscription again, one at a time in the order given, each an extra
   * attempt in the log. One that succeeds makes the event's delivery to it SUCCEEDED; one that
   * fails changes only its attempts and last answer, so a delivery's own retries go on as
   * scheduled. Resolves when the last has been answered.
   */
  redeliver(sub: JsonObject, eventIds: string[]): Promise<void> {
    return this.track(
      (async () => {
        for (const eventId of eventIds) {
          const event = this.store.get('Event', eventId);
          if (event) await this.redeliverOne(sub, event);
        }
      })(),
    );
  }

  /** Counts `sending` as on the wire until it settles, for `pending` and `settled()`. */
  private track<T>(sending: Promise<T>): Promise<T> {
    this.inFlight.add(sending);
    void sending.finally(() => this.inFlight.delete(sending));
    return sending;
  }

  private async redeliverOne(sub: JsonObject, event: JsonObject): Promise<void> {
    const subscriptionId = stringAt(sub, 'id');
    const current = ((event.deliveries ?? []) as Delivery[]).find((d) => d.subscriptionId === subscriptionId);
    const number = (current?.attempts ?? 0) + 1;
    const attemptedAt = this.clock.iso();
    const sent = await this.post(sub, JSON.stringify(this.bodyFor(sub, event)));
    const entry = this.logAttempt(event, sub, number, attemptedAt, sent, false);
    this.log.scheduleAfter(entry, sent.outcome.ok ? null : (current?.nextAttempt ?? null));
    this.options.log(
      `webhook ${String(event.eventType)} ${String(event.id)} -> ${String(sub.webhookUrl)}: ${sent.outcome.status ?? sent.outcome.error} (redelivery, attempt ${number})`,
    );
    if (!current) return;
    const {status, nextAttempt} = current;
    this.record(
      stringAt(event, 'id'),
      subscriptionId,
      sent.outcome.ok ? deliverySummary(entry) : {...deliverySummary(entry), status, nextAttempt},
    );
  }

  /** A delivery's body: the event in the payload version the subscription asked for. */
  private bodyFor(sub: JsonObject, event: JsonObject) {
    return webhookPayload(sub, event);
  }

  /**
   * Schedules again the deliveries a restart found PENDING (`--state`): each at its `nextAttempt`,
   * or at once when that has passed, so an event stored while its endpoint was down is not left
   * waiting for an attempt no process will make.
   */
  resumePending(): void {
    for (const event of this.store.all('Event')) {
      for (const d of (event.deliveries ?? []) as Delivery[]) {
        if (d.status !== 'PENDING') continue;
        const attempt = {eventId: stringAt(event, 'id'), subscriptionId: d.subscriptionId, number: d.attempts + 1};
        const due = d.nextAttempt ? Date.parse(d.nextAttempt) : this.clock.now();
        this.clock.at(due, () => this.enqueue({...attempt, firstAt: Date.parse(stringAt(event, 'created'))}));
      }
    }
  }

  /** POSTs one signed delivery of `rawBody` to a subscription. */
  private post(sub: JsonObject, rawBody: string): Promise<Sent> {
    this.attempts++;
    const url = String(sub.webhookUrl);
    const refusal = this.options.loopbackOnly ? loopbackRefusal(url) : null;
    if (refusal) {
      const error = `not sent: ${refusal}; this sandbox delivers webhooks to loopback URLs only (${this.options.loopbackOnly!.optIn})`;
      return Promise.resolve({outcome: {ok: false, status: null, error}, signature: null, latencyMs: 0});
    }
    const t = Math.floor(Date.now() / 1000);
    const signatureHeader = signature(signingSecrets(sub, this.clock.now()), t, rawBody, this.options.signature);
    const {timeoutSeconds} = this.options.delivery;
    const sending = (async (): Promise<Sent> => {
      const answer = await postDelivery({
        url,
        rawBody,
        signatureHeader: this.options.signature.header,
        signature: signatureHeader,
        timeoutMs: this.timeoutMs,
      });
      const outcome: Outcome =
        answer.status === null
          ? {ok: false, status: null, error: answer.timedOut ? `no answer within ${timeoutSeconds} s` : answer.error}
          : {ok: acknowledges(this.options.delivery, answer.status), status: answer.status, error: null};
      return {outcome, signature: signatureHeader, latencyMs: answer.latencyMs};
    })();
    return this.track(sending);
  }

  /** Writes an attempt to the log. */
  private logAttempt(
    event: JsonObject,
    sub: JsonObject,
    attempt: number,
    attemptedAt: string,
    sent: Sent,
    test: boolean,
  ): DeliveryAttempt {
    return this.log.add({
      eventId: String(event.id),
      eventType: String(event.eventType),
      subscriptionId: String(sub.id),
      url: String(sub.webhookUrl),
      attempt,
      test,
      attemptedAt,
      succeeded: sent.outcome.ok,
      responseStatus: sent.outcome.status,
      error: sent.outcome.error,
      latencyMs: sent.latencyMs,
      signature: sent.signature,
      nextAttempt: null,
    });
  }

  /**
   * Sends an event to one subscription once, without retries, and answers how it went. The stored
   * copy of the event, if any (test-event.ts keeps one for find event by id), gets the attempt as its delivery.
   */
  async sendTest(sub: JsonObject, event: JsonObject): Promise<Outcome> {
    const attemptedAt = this.clock.iso();
    const sent = await this.post(sub, JSON.stringify(event));
    const entry = this.logAttempt(event, sub, 1, attemptedAt, sent, true);
    this.record(String(event.id), String(sub.id), deliverySummary(entry));
    return sent.outcome;
  }

  /** Changes one delivery of a stored event, and the event's `deliverySuccess` with it. */
  private record(eventId: string, subscriptionId: string, patch: Partial<Delivery>): void {
    const event = this.store.get('Event', eventId);
    if (!event) return;
    const deliveries = ((event.deliveries ?? []) as Delivery[]).map((d) =>
      d.subscriptionId === subscriptionId ? {...d, ...patch} : d,
    );
    // True only once every subscription acknowledged it; an event no subscription received stays false.
    const deliverySuccess = deliveries.length > 0 && deliveries.every((d) => d.status === 'SUCCEEDED');
    this.store.put('Event', {...event, deliveries, deliverySuccess});
  }

  private enqueue(attempt: Attempt): void {
    let lane = this.lanes.get(attempt.subscriptionId);
    if (!lane) this.lanes.set(attempt.subscriptionId, (lane = {active: 0, waiting: []}));
    if (lane.waiting.length >= MAX_WAITING) {
      const dropped = lane.waiting.shift()!;
      this.options.log(
        `webhook: over ${MAX_WAITING} deliveries wait for subscription ${attempt.subscriptionId}; attempt ${dropped.number} of event ${dropped.eventId} counts as failed`,
      );
      this.scheduleNext(dropped);
    }
    lane.waiting.push(attempt);
    this.drain(attempt.subscriptionId, lane);
  }

  private drain(subscriptionId: string, lane: Lane): void {
    while (lane.active < MAX_PER_SUBSCRIPTION && lane.waiting.length > 0) {
      const attempt = lane.waiting.shift()!;
      lane.active++;
      void this.send(attempt).finally(() => {
        lane.active--;
        if (lane.active === 0 && lane.waiting.length === 0) this.lanes.delete(subscriptionId);
        else this.drain(subscriptionId, lane);
      });
    }
  }

  private async send(attempt: Attempt): Promise<void> {
    const {eventId, subscriptionId, number} = attempt;
    const event = this.store.get('Event', eventId);
    // Retries stop when the event is gone (over the cap or past retention).
    if (!event) return;
    const sub = this.store.get('Subscription', subscriptionId);
    if (!sub || sub.enabled === false) {
      // A disabled or deleted subscription gets no more attempts: its delivery ends FAILED.
      this.record(eventId, subscriptionId, {status: 'FAILED', nextAttempt: null});
      this.options.log(`webhook ${eventId} -> subscription ${subscriptionId}: disabled or deleted; no more attempts`);
      return;
    }
    // A redelivery that was acknowledged ends the delivery's own retries.
    const delivery = ((event.deliveries ?? []) as Delivery[]).find((d) => d.subscriptionId === subscriptionId);
    if (delivery?.status === 'SUCCEEDED') return;
    const url = sub.webhookUrl;
    // Stamped at the attempt's own time on the schedule: after a clock jump, a retry scheduled once
    // the jump had passed its time still happened then, not at the end of the jump.
    const lastAttempt = this.clock.iso(Math.min(this.dueAt(attempt), this.clock.now()));
    // Each subscription gets the payload version it asked for (webhookVersion), as the overview says.
    const sent = await this.post(sub, JSON.stringify(this.bodyFor(sub, event)));
    const {ok, status, error} = sent.outcome;
    const entry = this.logAttempt(event, sub, number, lastAttempt, sent, false);
    this.options.log(`webhook ${event.eventType} ${eventId} -> ${url}: ${status ?? error} (attempt ${number})`);
    if (ok) this.record(eventId, subscriptionId, deliverySummary(entry));
    else this.scheduleNext(attempt, entry);
  }

  /** When an attempt falls due: its offset on the retry schedule after the first. */
  private dueAt({number, firstAt}: Attempt): number {
    return firstAt + ((this.options.delivery.attemptMinutes[number - 1] ?? 0) * 60_000) / this.options.speedup;
  }

  /**
   * After a failed attempt: the next one at its offset after the first, or FAILED after the last.
   * `entry` is the attempt's log entry; without one (an attempt pushed out of a full queue) only
   * the event's summary changes.
   */
  private scheduleNext({eventId, subscriptionId, number, firstAt}: Attempt, entry?: DeliveryAttempt): void {
    const due =
      this.options.delivery.attemptMinutes[number] === undefined
        ? null
        : this.dueAt({eventId, subscriptionId, number: number + 1, firstAt});
    const next = due === null ? null : this.clock.iso(due);
    if (entry) {
      this.log.scheduleAfter(entry, next);
      this.record(eventId, subscriptionId, deliverySummary(entry));
    }
    if (due === null) {
      if (!entry) this.record(eventId, subscriptionId, {status: 'FAILED', nextAttempt: null});
      this.options.log(`webhook ${eventId} -> subscription ${subscriptionId}: attempt ${number} was the last`);
      return;
    }
    if (!entry) this.record(eventId, subscriptionId, {status: 'PENDING', nextAttempt: next});
    this.options.log(`webhook ${eventId}: attempt ${number + 1} at ${this.clock.iso(due)}`);
    this.clock.at(due, () => this.enqueue({eventId, subscriptionId, number: number + 1, firstAt}));
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
