/**
 * The cases an endpoint must survive, in the order they run. Each sends deliveries as Kestrel
 * would and says what it saw. Without the API stand-in a case checks the answers only; with it,
 * it also checks what the endpoint's worker read: an event is processed by reading the invoice it
 * names, so "processed once" is "its invoice read once", and a rejected delivery's is never read.
 */
import {randomBytes} from 'node:crypto';
import type {DeliveryAnswer} from '../sandbox/delivery-request.ts';
import type {CheckEvent} from './events.ts';
import {nowSeconds} from './events.ts';
import {INVOICE_STATUS, type Probe, type Signing} from './probe.ts';

export interface CaseOutcome {
  ok: boolean;
  detail: string;
}

interface Case {
  name: string;
  /** What it requires, for the help text and the MCP tool's description. */
  requires: string;
  run: (probe: Probe) => Promise<CaseOutcome>;
}

/**
 * How far past the tolerance the stale and future timestamps are: well past a second's tick between
 * signing and checking, and far short of what a lax endpoint might allow.
 */
export const TIMESTAMP_MARGIN_SECONDS = 60;

const pass = (detail: string): CaseOutcome => ({ok: true, detail});
const fail = (detail: string): CaseOutcome => ({ok: false, detail});
const times = (n: number) => (n === 1 ? 'once' : `${n} times`);

/** After acknowledged deliveries of `event`: its invoice read once. Null when so, or without the stand-in. */
async function processedOnce(probe: Probe, event: CheckEvent): Promise<string | null> {
  if (!probe.api) return null;
  const unread = await probe.awaitRead(event.invoiceId, 'its invoice');
  if (unread) return unread;
  const late = await probe.caughtUp();
  if (late) return late;
  const reads = probe.api.reads(event.invoiceId);
  return reads === 1 ? null : `its invoice was read ${times(reads)}: the event was processed more than once`;
}

/** What the stand-in saw, for a passing line: `; invoice read once`, or that it did not look. */
const readNote = (probe: Probe, event: CheckEvent) =>
  probe.api ? `; invoice read ${times(probe.api.reads(event.invoiceId))}` : '';

/** A delivery that must be refused: a 4xx, and, with the stand-in, its invoice never read. */
async function rejected(probe: Probe, signing: Signing, why: string): Promise<CaseOutcome> {
  const event = probe.event();
  const answer = await probe.deliver(event, signing);
  const seen = probe.describe(answer);
  if (answer.status === null || answer.status < 400 || answer.status > 499)
    return fail(`${seen}; ${why} must be refused with a 4xx`);
  if (probe.api) {
    const late = await probe.caughtUp();
    if (late) return fail(`${seen}; ${late}`);
    const reads = probe.api.reads(event.invoiceId);
    if (reads > 0) return fail(`${seen}, but its invoice was read ${times(reads)}: ${why} was processed`);
  }
  return pass(`${seen}${probe.api ? '; invoice not read' : ''}`);
}

/** Fails unless the answer acknowledges the delivery. */
const unacknowledged = (probe: Probe, answer: DeliveryAnswer, what: string): CaseOutcome | null =>
  probe.acknowledged(answer) ? null : fail(`${what} got ${probe.describe(answer)}; it must be acknowledged with a 2xx`);

export const CASES: readonly Case[] = [
  {
    name: 'valid-event',
    requires: 'a signed invoice.updated is acknowledged with a 2xx and processed once',
    run: async (probe) => {
      const event = probe.event();
      const answer = await probe.deliver(event);
      const refused = unacknowledged(probe, answer, 'a valid delivery');
      if (refused) return refused;
      const once = await processedOnce(probe, event);
      return once
        ? fail(`${probe.describe(answer)}; ${once}`)
        : pass(`${probe.describe(answer)}${readNote(probe, event)}`);
    },
  },
  {
    name: 'bad-signature',
    requires: 'a delivery signed with another secret is refused with a 4xx',
    run: (probe) => rejected(probe, {secret: randomBytes(32).toString('hex')}, 'a delivery signed with another secret'),
  },
  {
    name: 'missing-signature',
    requires: 'a delivery without the signature header is refused with a 4xx',
    run: (probe) => rejected(probe, {unsigned: true}, `a delivery without a ${probe.rules.signature.header} header`),
  },
  {
    name: 'stale-timestamp',
    requires: 'a delivery signed longer ago than the tolerance is refused with a 4xx',
    run: (probe) => {
      const seconds = probe.rules.signature.toleranceSeconds + TIMESTAMP_MARGIN_SECONDS;
      return rejected(probe, {timestamp: nowSeconds() - seconds}, `a delivery signed ${seconds} s ago`);
    },
  },
  {
    name: 'future-timestamp',
    requires: 'a delivery signed further ahead than the tolerance is refused with a 4xx',
    run: (probe) => {
      const seconds = probe.rules.signature.toleranceSeconds + TIMESTAMP_MARGIN_SECONDS;
      return rejected(probe, {timestamp: nowSeconds() + seconds}, `a delivery signed ${seconds} s ahead`);
    },
  },
  {
    name: 'duplicate',
    requires: 'the same event delivered twice is acknowledged both times and processed once',
    run: async (probe) => {
      const event = probe.event();
      const first = await probe.deliver(event);
      const second = await probe.deliver(event);
      const refused = unacknowledged(probe, first, 'the first delivery') ?? unacknowledged(probe, second, 'the repeat');
      if (refused) return refused;
      const seen = `${probe.describe(first)}, then ${probe.describe(second)}`;
      const once = await processedOnce(probe, event);
      return once ? fail(`${seen}; ${once}`) : pass(`${seen}${readNote(probe, event)}`);
    },
  },
  {
    name: 'out-of-order',
    requires:
      'an older invoice.updated after a newer one is acknowledged, and the endpoint reads the invoice instead of trusting the order',
    run: async (probe) => {
      const newer = probe.event();
      // One second earlier, the least `created` can tell apart: it counts whole seconds.
      const older = probe.event({createdMs: Date.now() - 1000, invoiceId: newer.invoiceId});
      const first = await probe.deliver(newer);
      const second = await probe.deliver(older);
      const refused =
        unacknowledged(probe, first, 'the newer event') ?? unacknowledged(probe, second, 'the older event');
      if (refused) return refused;
      const seen = `newer ${probe.describe(first)}, older ${probe.describe(second)}`;
      if (!probe.api) return pass(seen);
      const unread = await probe.awaitRead(newer.invoiceId, 'the invoice');
      if (unread) return fail(`${seen}; ${unread}: act on the status you read, not on the order events arrive in`);
      const late = await probe.caughtUp();
      if (late) return fail(`${seen}; ${late}`);
      return pass(
        `${seen}; invoice read ${times(probe.api.reads(newer.invoiceId))}, answered ${INVOICE_STATUS} each time`,
      );
    },
  },
  {
    name: 'unknown-event-type',
    requires: 'an event of a type Kestrel may add later is acknowledged with a 2xx, not refused',
    run: async (probe) => {
      const eventType = unknownEventType(probe.rules.eventTypes);
      const answer = await probe.deliver(probe.event({eventType}));
      return (
        unacknowledged(probe, answer, `an event of type ${eventType}`) ??
        pass(`${eventType}: ${probe.describe(answer)}`)
      );
    },
  },
  {
    name: 'retry-after-5xx',
    requires:
      'after a 5xx the same event is delivered again, newly signed, as Kestrel retries it; it is then acknowledged and processed once',
    run: async (probe) => {
      const event = probe.event();
      const answers = await probe.deliverUntilAcknowledged(event);
      const last = answers.at(-1)!;
      const seen = answers.map((answer, i) => `attempt ${i + 1}: ${probe.describe(answer)}`).join(', ');
      if (!probe.acknowledged(last)) {
        if (last.status !== null && last.status >= 500)
          return fail(`${seen}; every one of Kestrel's ${answers.length} attempts got a 5xx`);
        return fail(`${seen}; a valid delivery must be acknowledged with a 2xx`);
      }
      const retried = answers.length > 1 ? seen : `${seen}, no retry needed`;
      const once = await processedOnce(probe, event);
      return once ? fail(`${retried}; ${once}`) : pass(`${retried}${readNote(probe, event)}`);
    },
  },
  {
    name: 'answer-time',
    requires: "a valid delivery is acknowledged within Kestrel's delivery timeout",
    run: async (probe) => {
      const answer = await probe.deliver(probe.event());
      const limit = `Kestrel waits ${probe.timeoutMs} ms`;
      if (answer.timedOut) return fail(`no answer within ${probe.timeoutMs} ms; answer before you do slow work`);
      return unacknowledged(probe, answer, 'a valid delivery') ?? pass(`${probe.describe(answer)} (${limit})`);
    },
  },
];

export const CASE_NAMES = CASES.map((c) => c.name);

/** The check's own event type, under a prefix no Kestrel type has; refused if the definition ever lists it. */
function unknownEventType(known: string[]): string {
  const type = 'webhook-check.unknown-type';
  if (known.includes(type))
    throw new Error(`the definition lists ${type}: the check needs a type Kestrel does not send`);
  return type;
}
