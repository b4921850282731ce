/**
 * The webhook delivery log: one entry per delivery attempt (stored events' attempts and test
 * events), with where it went, what came back or why nothing did, how long it took, which attempt
 * it was, when the next one is due and the `Kestrel-Signature` header it carried. It is the one
 * record of attempts: an event's `deliveries` summary is made from its latest entry
 * (`deliverySummary`), and `GET /_sandbox/deliveries` lists the entries themselves, so the two
 * cannot disagree.
 *
 * Bounded: past MAX_ENTRIES the oldest entries are forgotten (a dead endpoint retried for days must
 * not grow memory without end). Kept in memory only; `--state` does not keep it.
 */

/** One attempt at delivering an event to one subscription. */
export interface DeliveryAttempt {
  /** Increasing per sandbox: the order attempts were made in. */
  sequence: number;
  eventId: string;
  eventType: string;
  subscriptionId: string;
  /** The subscription's webhookUrl at the time of the attempt. */
  url: string;
  /** 1 for the first attempt of an event to a subscription. */
  attempt: number;
  /** A test event (`POST /_sandbox/subscriptions/{id}/test-event`): sent once, never retried, not stored. */
  test: boolean;
  /** When it was made, on the sandbox clock. */
  attemptedAt: string;
  /** Whether the receiver acknowledged it (an answer in the definition's status class, in time). */
  succeeded: boolean;
  /** The receiver's HTTP status; null when there was no answer. */
  responseStatus: number | null;
  /** Why there was no acknowledgement without a status (timeout, refused, not a loopback URL); else null. */
  error: string | null;
  latencyMs: number;
  /** The `Kestrel-Signature` header sent; null when nothing was sent. */
  signature: string | null;
  /** When the next attempt is due (sandbox clock); null after a success or the last attempt. */
  nextAttempt: string | null;
}

/** An event's delivery to one subscription, as `Event.deliveries` lists it. */
export type DeliverySummary = {
  subscriptionId: string;
  status: 'PENDING' | 'SUCCEEDED' | 'FAILED';
  attempts: number;
  lastAttempt: string | null;
  lastResponseStatus: number | null;
  nextAttempt: string | null;
};

/** The `Event.deliveries` entry an attempt leaves: the summary is read from the log, never kept apart. */
export function deliverySummary(entry: DeliveryAttempt): DeliverySummary {
  return {
    subscriptionId: entry.subscriptionId,
    status: entry.succeeded ? 'SUCCEEDED' : entry.nextAttempt === null ? 'FAILED' : 'PENDING',
    attempts: entry.attempt,
    lastAttempt: entry.attemptedAt,
    lastResponseStatus: entry.responseStatus,
    nextAttempt: entry.nextAttempt,
  };
}

export const MAX_ENTRIES = 10_000;

export interface DeliveryFilter {
  subscriptionId?: string;
  eventId?: string;
}

let sequence = 0;

export class DeliveryLog {
  private readonly entries: DeliveryAttempt[] = [];
  private readonly max: number;

  constructor(max = MAX_ENTRIES) {
    this.max = max;
  }

  /** Records an attempt and returns it as stored. */
  add(entry: Omit<DeliveryAttempt, 'sequence'>): DeliveryAttempt {
    const stored = {sequence: ++sequence, ...entry};
    this.entries.push(stored);
    if (this.entries.length > this.max) this.entries.splice(0, this.entries.length - this.max);
    return stored;
  }

  /** Sets when the next attempt after this one is due, once the schedule has decided it. */
  scheduleAfter(entry: DeliveryAttempt, nextAttempt: string | null): void {
    entry.nextAttempt = nextAttempt;
  }

  /** The entries that match, newest first. */
  list(filter: DeliveryFilter = {}): DeliveryAttempt[] {
    return this.entries
      .filter(
        (e) =>
          (filter.subscriptionId === undefined || e.subscriptionId === filter.subscriptionId) &&
          (filter.eventId === undefined || e.eventId === filter.eventId),
      )
      .reverse();
  }

  get size(): number {
    return this.entries.length;
  }
}
