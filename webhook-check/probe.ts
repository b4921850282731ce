/**
 * What each case works with: deliveries to the endpoint as Kestrel sends them, new events, and,
 * when the check stands in for the API, what the endpoint's worker read.
 */
import {acknowledges} from '../definition/index.ts';
import {postDelivery, type DeliveryAnswer} from '../sandbox/delivery-request.ts';
import type {ApiStandIn} from './api-stand-in.ts';
import {newEvent, nowSeconds, sign, type CheckEvent, type EventOptions} from './events.ts';
import type {KestrelRules} from './rules.ts';

/** The status the stand-in answers for every invoice an event of the check names. */
export const INVOICE_STATUS = 'PAID';

export interface Signing {
  /** Sign with this secret instead of the endpoint's. */
  secret?: string;
  /** Sign at this unix time instead of now. */
  timestamp?: number;
  /** Send no signature header. */
  unsigned?: boolean;
}

export class Probe {
  readonly rules: KestrelRules;
  readonly timeoutMs: number;
  readonly api: ApiStandIn | undefined;
  private readonly url: string;
  private readonly secret: string;
  /**
   * Set once a wait for a read ended with no request at the stand-in at all: the endpoint's API
   * base is elsewhere, so every later wait would end the same way, a timeout each.
   */
  private unreached = false;

  constructor(options: {rules: KestrelRules; url: string; secret: string; timeoutMs: number; api?: ApiStandIn}) {
    this.rules = options.rules;
    this.url = options.url;
    this.secret = options.secret;
    this.timeoutMs = options.timeoutMs;
    this.api = options.api;
  }

  /** A new event; the stand-in answers its invoice from now on. */
  event(options?: EventOptions): CheckEvent {
    const event = newEvent(this.rules, options);
    this.api?.setInvoice(event.invoiceId, INVOICE_STATUS);
    return event;
  }

  /** Sends the event signed as Kestrel signs each attempt: now, with the endpoint's secret. */
  deliver(event: CheckEvent, signing: Signing = {}): Promise<DeliveryAnswer> {
    const timestamp = signing.timestamp ?? nowSeconds();
    return postDelivery({
      url: this.url,
      rawBody: event.raw,
      signatureHeader: this.rules.signature.header,
      signature: signing.unsigned ? null : sign(this.rules, signing.secret ?? this.secret, timestamp, event.raw),
      timeoutMs: this.timeoutMs,
    });
  }

  /**
   * Delivers the event as Kestrel does until it is acknowledged: after a 5xx, again, newly signed,
   * up to the schedule's number of attempts (without its waits). Stops at any other answer.
   */
  async deliverUntilAcknowledged(event: CheckEvent): Promise<DeliveryAnswer[]> {
    const answers: DeliveryAnswer[] = [];
    for (let attempt = 1; attempt <= this.rules.delivery.attemptMinutes.length; attempt++) {
      const answer = await this.deliver(event);
      answers.push(answer);
      // Kestrel retries after any other answer too; here only a 5xx, the answer of an endpoint that failed.
      if (answer.status === null || answer.status < 500) break;
    }
    return answers;
  }

  /** Whether Kestrel counts the answer as delivered (a 2xx in time). */
  acknowledged(answer: DeliveryAnswer): boolean {
    return answer.status !== null && acknowledges(this.rules.delivery, answer.status);
  }

  /** An answer as the case lines print it: `200 in 4 ms`, `no answer within 10000 ms`. */
  describe(answer: DeliveryAnswer): string {
    if (answer.status !== null) return `${answer.status} in ${answer.latencyMs} ms`;
    return answer.timedOut ? `no answer within ${this.timeoutMs} ms` : `no answer (${answer.error})`;
  }

  /**
   * Waits until the endpoint's worker has read the invoice. Null when it did; otherwise why not,
   * naming the API base once nothing reached the stand-in, and at once for every later wait.
   */
  async awaitRead(invoiceId: string, what: string): Promise<string | null> {
    if (!this.api) return null;
    const base = this.api.base;
    if (this.unreached)
      return `not counted: no request has reached the API stand-in at ${base} since the check began; start the endpoint with its API base there`;
    if (await this.api.waitForRead(invoiceId, this.timeoutMs)) return null;
    if (this.api.requests() > 0) return `${what} was not read within ${this.timeoutMs} ms`;
    this.unreached = true;
    return `${what} was not read within ${this.timeoutMs} ms, and no request reached the API stand-in; is the endpoint's API base ${base}?`;
  }

  /**
   * Waits until the endpoint's worker has caught up: a new event is delivered and its invoice read.
   * Reads counted after it include every read the events sent before it caused, for a worker that
   * takes events in the order they arrived. Null when caught up; otherwise why not.
   */
  async caughtUp(): Promise<string | null> {
    if (!this.api) return null;
    const marker = this.event();
    const answer = (await this.deliverUntilAcknowledged(marker)).at(-1)!;
    if (!this.acknowledged(answer))
      return `a later event, sent to see the worker catch up, got ${this.describe(answer)}`;
    return this.awaitRead(marker.invoiceId, "a later event's invoice");
  }
}
