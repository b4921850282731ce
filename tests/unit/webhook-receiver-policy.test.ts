/**
 * The one processing policy of the example receivers (Node.js, Python, Go), each run as a reader
 * runs it: an event of a type the receiver does not know is acknowledged and marked processed
 * without a fetch; an event whose processing keeps failing (its entity answers 404) is tried
 * MAX_PROCESSING_ATTEMPTS times, the same constant in all three, then dead-lettered and logged,
 * and not fetched again.
 */
import {afterEach, describe, expect, it} from 'vitest';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {MAX_PROCESSING_ATTEMPTS} from '../../examples/webhooks/node/server';
import {ROOT} from './guide-http';
import {waitFor} from './sandbox-process';
import {
  RECEIVERS,
  deliver,
  fakeKestrelApi,
  linesOf,
  linesStartingWith,
  newEvent,
  startReceiver,
  tempDir,
  type RunningReceiver,
} from './webhook-receivers';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function stop(receiver: RunningReceiver) {
  if (receiver.child.exitCode === null && receiver.child.signalCode === null) receiver.child.kill('SIGTERM');
  await receiver.exited;
}

describe('the processing attempts before a dead letter', () => {
  it('are one constant, the same in the three receivers', () => {
    const constant = (file: string, pattern: RegExp) =>
      Number(pattern.exec(readFileSync(path.join(ROOT, file), 'utf8'))?.[1]);
    expect(MAX_PROCESSING_ATTEMPTS).toBeGreaterThan(1);
    expect(constant('examples/webhooks/python/receiver.py', /^MAX_PROCESSING_ATTEMPTS = (\d+)$/m)).toBe(
      MAX_PROCESSING_ATTEMPTS,
    );
    expect(constant('examples/webhooks/go/worker.go', /^const MaxProcessingAttempts = (\d+)$/m)).toBe(
      MAX_PROCESSING_ATTEMPTS,
    );
  });
});

describe('the policy on /webhooks/setting-up-webhooks', () => {
  const section = readFileSync(path.join(ROOT, 'docs/webhooks/setting-up-webhooks.md'), 'utf8').split(
    '### Events your worker cannot process',
  )[1]!;

  it('states the number of tries the receivers make before a dead letter', () => {
    const counts = [...section.matchAll(/\bafter (\d+) (?:failed tries|attempts)\b/gi)].map((m) => Number(m[1]));
    expect(counts.length).toBeGreaterThanOrEqual(2);
    expect(new Set(counts)).toEqual(new Set([MAX_PROCESSING_ATTEMPTS]));
  });

  it('names the log lines the receivers write', () => {
    expect(section).toContain('`skipped <event id>: unknown event type <type>`');
    expect(section).toContain(`\`dead-lettered <event id> after ${MAX_PROCESSING_ATTEMPTS} attempts: <error>\``);
  });
});

describe.each(RECEIVERS)('the $name receiver', (kind) => {
  it('acknowledges an unknown event type without a fetch, and dead-letters an event whose entity answers 404', async () => {
    const {dir, remove} = tempDir();
    cleanups.push(remove);
    const api = await fakeKestrelApi();
    cleanups.push(() => api.close());
    const receiver = await startReceiver(kind, dir, api.base, {KESTREL_RETRY_SECONDS: '0.05'});
    cleanups.push(() => stop(receiver));

    const unknown = {...newEvent(), eventType: 'invoice.exploded'};
    expect(await deliver(receiver.url, unknown)).toBe(200);
    await waitFor(
      'the unknown event to be skipped',
      async () => linesOf(receiver.output(), `skipped ${unknown.id}: unknown event type invoice.exploded`) === 1,
      20_000,
    );
    expect(api.gets.some((p) => p.includes(unknown.data.entityId))).toBe(false);

    const gone = newEvent();
    api.missing.add(gone.data.entityId);
    expect(await deliver(receiver.url, gone)).toBe(200);
    const dead = await waitFor(
      'the event to be dead-lettered',
      async () =>
        linesStartingWith(receiver.output(), `dead-lettered ${gone.id} after ${MAX_PROCESSING_ATTEMPTS} attempts: `)[0],
      20_000,
    );
    expect(dead, receiver.output()).toMatch(/404/);
    const fetches = () => api.gets.filter((p) => p === `/invoices/${gone.data.entityId}`).length;
    expect(fetches()).toBe(MAX_PROCESSING_ATTEMPTS);

    // The worker goes on: a later event is processed, and the dead letter is not fetched again.
    const later = newEvent();
    expect(await deliver(receiver.url, later)).toBe(200);
    await waitFor('the later event', async () => linesOf(receiver.output(), `processed ${later.id}`) === 1, 20_000);
    expect(fetches(), receiver.output()).toBe(MAX_PROCESSING_ATTEMPTS);
    expect(linesStartingWith(receiver.output(), `dead-lettered ${gone.id}`)).toHaveLength(1);
  }, 120_000);
});
