/**
 * Replays Kestrel events that were never acknowledged: lists them with get-events
 * (GET /events?$filter=deliverySuccess eq false: the events at least one of your subscriptions has
 * not acknowledged, including those created while it was disabled) and hands each to your event
 * handler. Given your endpoint's subscription ID, it lists only the events that subscription was
 * sent, or missed while paused, and has not acknowledged, whatever your other endpoints did
 * (`deliveries/any(d: d/subscriptionId eq '...' and d/status ne 'SUCCEEDED')`).
 *
 *   KESTREL_API_KEY=... npx tsx examples/webhooks/node/replay-missed-events.ts 2025-03-14T00:00:00Z [subscriptionId]
 *
 * Node.js 22.13 or later, no dependencies. Run as a command, it stores each event it finds in the
 * receiver's store (server.ts, KESTREL_EVENTS_DB), whose worker processes it, and skips those the
 * store has processed. Kestrel does not learn of a replay: the events stay `deliverySuccess: false`,
 * and your processed-events store is what says they are done. The handler must be idempotent: an
 * event listed here may also still arrive as a retry.
 */
import {pathToFileURL} from 'node:url';
import {withBackoff, type BackoffOptions} from '../../core/backoff.js';
import type {Answer} from '../../kestrel-api-types.js';
import {sqliteEventStore, type KestrelEvent} from './server';

export interface ReplayOptions {
  apiBase: string;
  apiKey: string;
  /** Replay events created at or after this time (RFC 3339). */
  since: string;
  /**
   * The subscription of the endpoint you recover for: only events whose delivery to it has not
   * SUCCEEDED are listed. Without it, every event some subscription has not acknowledged is, and
   * the events no subscription lists (`deliveries: []`) are skipped.
   */
  subscriptionId?: string;
  /** Skips the event when it returns true: your processed-events store has it done. */
  isHandled: (eventId: string) => Promise<boolean>;
  /** Handles one event: fetch its entity and update your records. */
  handle: (event: KestrelEvent) => Promise<void>;
  /** The most pages to read in one run; default 50 (5000 events). The next run picks up the rest. */
  maxPages?: number;
  /** How long one page request may take; default 10 000 ms. */
  timeoutMs?: number;
  /** How each page request is retried after a 429, a 5xx or no answer; waits default to real time. */
  backoff?: BackoffOptions;
  /** For tests. Defaults to the global fetch. */
  fetchImpl?: typeof fetch;
}

// #region replay
const PAGE_SIZE = 100; // the largest $top the API accepts

export async function replayMissedEvents(
  opts: ReplayOptions,
): Promise<{listed: number; replayed: number; complete: boolean; stoppedBy?: string}> {
  const fetchImpl = opts.fetchImpl ?? fetch;
  const {maxPages = 50, timeoutMs = 10_000} = opts;
  let listed = 0;
  let replayed = 0;
  for (let page = 0, skip = 0; page < maxPages; page++, skip += PAGE_SIZE) {
    const missed = opts.subscriptionId
      ? `deliveries/any(d: d/subscriptionId eq '${opts.subscriptionId.replaceAll("'", "''")}' and d/status ne 'SUCCEEDED')`
      : 'deliverySuccess eq false';
    const query = new URLSearchParams({
      $filter: `${missed} and created ge ${opts.since}`,
      $orderby: 'created asc',
      $top: String(PAGE_SIZE),
      $skip: String(skip),
    });
    // A 429, a 5xx or a timeout is retried with backoff (a read is safe to repeat).
    const response = await withBackoff(
      () =>
        fetchImpl(`${opts.apiBase}/events?${query}`, {
          headers: {Authorization: `Bearer ${opts.apiKey}`, Accept: 'application/json'},
          signal: AbortSignal.timeout(timeoutMs),
        }),
      opts.backoff,
    ).catch((error: unknown) => error as Error);
    if (response instanceof Error || !response.ok) {
      // Still failing: stop without losing anything. The next run lists from `since` again and
      // skips the events this one handled.
      const stoppedBy = response instanceof Error ? response.message : `GET /events answered ${response.status}`;
      if (!(response instanceof Error)) await response.body?.cancel();
      return {listed, replayed, complete: false, stoppedBy};
    }
    const body = (await response.json()) as Answer<'getEvents'>;

    for (const event of body.items) {
      listed += 1;
      // No delivery at all: no subscription of yours lists its type, so no endpoint asked for it
      // (and your key may not read its entity). deliverySuccess stays false for these.
      if (!opts.subscriptionId && event.deliveries?.length === 0) continue;
      if (await opts.isHandled(event.id)) continue;
      await opts.handle(event);
      replayed += 1;
    }
    // A short page is the last one; count can change while you page, so it does not decide.
    if (body.items.length < PAGE_SIZE) return {listed, replayed, complete: true};
  }
  // The page limit stopped this run: the next run (or a later $filter on created) reads on.
  return {listed, replayed, complete: false};
}
// #endregion replay

async function main(): Promise<void> {
  const apiKey = process.env.KESTREL_API_KEY;
  const since = process.argv[2];
  if (!apiKey || !since) {
    console.error('Usage: KESTREL_API_KEY=... replay-missed-events.ts <since, RFC 3339> [subscription ID]');
    process.exit(1);
  }
  // The receiver's store: its worker processes what this stores, and marks it processed.
  const store = sqliteEventStore(process.env.KESTREL_EVENTS_DB ?? `kestrel-events-${process.env.PORT ?? 3000}.sqlite3`);
  const result = await replayMissedEvents({
    apiBase: process.env.KESTREL_API_BASE ?? 'https://api.sandbox.kestrel.example/v1',
    apiKey,
    since,
    subscriptionId: process.argv[3],
    isHandled: (id) => store.isProcessed(id),
    handle: async (event) => {
      const isNew = await store.save(event);
      console.log(
        `${isNew ? 'stored' : 'already stored, not processed yet:'} ${event.id} ${event.eventType} ${event.data.entityId}`,
      );
    },
  });
  store.close();
  console.log(
    `${result.listed} unacknowledged events: ${result.replayed} replayed, ${result.listed - result.replayed} already processed${result.complete ? '' : `; more remain, run again${result.stoppedBy ? ` (${result.stoppedBy})` : ''}`}`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
