/**
 * Each example receiver (Node.js, Python, Go) stores an event before its 2xx and processes it from
 * the store: killed after the 2xx while it processes the event, then restarted on the same store,
 * it processes the event once. A redelivery of a processed event is not processed again, and a
 * chunked delivery (no Content-Length) is accepted.
 */
import {describe, expect, it} from 'vitest';
import {cleanupsAfterEach} from './cleanups-after-each';
import {waitFor} from './sandbox-process';
import {
  RECEIVERS,
  deliver,
  lineIndex,
  linesOf,
  newEvent,
  receiverWorkspace,
  startReceiver,
  stopReceiver,
} from './webhook-receivers';

const cleanups = cleanupsAfterEach();

describe.each(RECEIVERS)('the $name receiver', (kind) => {
  it('killed after its 200 and before processing, and restarted, processes the event exactly once', async () => {
    const {dir, api} = await receiverWorkspace(cleanups);

    // The first run: the fetch of the entity hangs, so processing has started and not finished.
    api.hold = true;
    const first = await startReceiver(kind, dir, api.base);
    cleanups.push(() => stopReceiver(first, 'SIGKILL'));
    const event = newEvent();
    expect(await deliver(first.url, event)).toBe(200);
    // The receiver logs each step as it takes it; its output reaches this process a little later.
    await waitFor(
      'the receiver to log its answer',
      async () => lineIndex(first.output(), `answered 200 ${event.id}`) >= 0,
    );
    expect(lineIndex(first.output(), `stored ${event.id}`), first.output()).toBeGreaterThanOrEqual(0);
    expect(lineIndex(first.output(), `stored ${event.id}`)).toBeLessThan(
      lineIndex(first.output(), `answered 200 ${event.id}`),
    );
    const entity = `/invoices/${event.data.entityId}`;
    await waitFor('the receiver to fetch the entity', async () => api.gets.includes(entity), 20_000);
    await stopReceiver(first, 'SIGKILL');
    expect(linesOf(first.output(), `processed ${event.id}`), first.output()).toBe(0);

    // The second run on the same store: it processes what the first left, without a new delivery.
    api.hold = false;
    const second = await startReceiver(kind, dir, api.base);
    cleanups.push(() => stopReceiver(second, 'SIGTERM'));
    await waitFor(
      'the restarted receiver to process the stored event',
      async () => linesOf(second.output(), `processed ${event.id}`) === 1,
      20_000,
    );

    // A redelivery finds the event stored; a new event, sent chunked, is processed after it.
    expect(await deliver(second.url, event)).toBe(200);
    await waitFor(
      'the redelivery to be logged',
      async () => linesOf(second.output(), `already stored ${event.id}`) === 1,
    );
    const next = newEvent();
    expect(await deliver(second.url, next, {chunked: true})).toBe(200);
    await waitFor(
      'the chunked event to be processed',
      async () => linesOf(second.output(), `processed ${next.id}`) === 1,
      20_000,
    );
    expect(linesOf(second.output(), `already stored ${event.id}`), second.output()).toBe(1);
    expect(linesOf(first.output() + second.output(), `processed ${event.id}`)).toBe(1);
    // Fetched twice: once by the run that was killed, once by the run that processed it.
    expect(api.gets.filter((p) => p === entity)).toHaveLength(2);
  }, 120_000);
});
