/**
 * The one processing policy of the example receivers (Node.js, Python, Go), each run as a reader
 * runs it against a fake Kestrel API: an event of a type the receiver does not know is acknowledged
 * and marked processed without a fetch; a fetch that answers a 429 burst or a 503 of a maintenance
 * window is tried again, never sooner than Retry-After, until the event is processed; so is a fetch
 * that answers 401 or 403 (a wrong API key, which a fix of the key ends), logged as needing that fix;
 * a fetch that answers 404 cannot succeed, so the event is dead-lettered on its first try and not
 * fetched again.
 * The retention the receivers retry for and keep processed ids for is one number, the sandbox's.
 */
import {describe, expect, it} from 'vitest';
import {cleanupsAfterEach} from './cleanups-after-each';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {
  CONFIGURATION_FIX,
  EVENT_RETENTION_DAYS,
  FIRST_RETRY_MS,
  MAX_RETRY_MS,
} from '../../examples/webhooks/node/server';
import {renderFacts} from '../../plugins/prose-facts/render.ts';
import {loadBundledDefinition} from './openapi-definition';
import {eventRetentionDaysOf} from '../../definition/index.ts';
import {ROOT} from './guide-http';
import {waitFor} from './sandbox-process';
import {
  RECEIVERS,
  deliver,
  linesOf,
  linesStartingWith,
  newEvent,
  receiverWorkspace,
  startReceiver,
  stopReceiver,
} from './webhook-receivers';

const cleanups = cleanupsAfterEach();

describe('the event retention the receivers retry for and keep processed ids for', () => {
  // The examples stand alone, so each receiver writes the retention as its own constant: each is
  // the definition's x-events, which the sandbox forgets events by and the guides state.
  it("is the definition's x-events retention, in each of the three receivers", () => {
    const constant = (file: string, pattern: RegExp) =>
      Number(pattern.exec(readFileSync(path.join(ROOT, file), 'utf8'))?.[1]);
    expect(EVENT_RETENTION_DAYS).toBe(eventRetentionDaysOf(loadBundledDefinition() as never));
    expect(constant('examples/webhooks/python/receiver.py', /^EVENT_RETENTION_DAYS = (\d+)$/m)).toBe(
      EVENT_RETENTION_DAYS,
    );
    expect(constant('examples/webhooks/go/retry.go', /^const EventRetentionDays = (\d+)$/m)).toBe(EVENT_RETENTION_DAYS);
  });

  it('the first and the longest wait are the same in the three receivers', () => {
    const python = readFileSync(path.join(ROOT, 'examples/webhooks/python/receiver.py'), 'utf8');
    expect(Number(/^FIRST_RETRY_SECONDS = ([\d.]+)$/m.exec(python)?.[1]) * 1000).toBe(FIRST_RETRY_MS);
    expect(Number(/^MAX_RETRY_SECONDS = ([\d.]+)$/m.exec(python)?.[1]) * 1000).toBe(MAX_RETRY_MS);
    const go = readFileSync(path.join(ROOT, 'examples/webhooks/go/retry.go'), 'utf8');
    expect(Number(/^const FirstRetry = (\d+) \* time\.Second$/m.exec(go)?.[1]) * 1000).toBe(FIRST_RETRY_MS);
    expect(go).toMatch(/^const MaxRetry = time\.Hour$/m);
    expect(MAX_RETRY_MS).toBe(3600_000);
  });

  it('the log line of a 401 or 403 says the same in the three receivers', () => {
    const python = readFileSync(path.join(ROOT, 'examples/webhooks/python/receiver.py'), 'utf8');
    expect(/^CONFIGURATION_FIX = "(.*)"$/m.exec(python)?.[1]).toBe(CONFIGURATION_FIX);
    const go = readFileSync(path.join(ROOT, 'examples/webhooks/go/retry.go'), 'utf8');
    expect(/^const ConfigurationFix = "(.*)"$/m.exec(go)?.[1]).toBe(CONFIGURATION_FIX);
  });
});

describe('the policy on /webhooks/setting-up-webhooks', () => {
  const page = 'docs/webhooks/setting-up-webhooks.md';
  const section = renderFacts(readFileSync(path.join(ROOT, page), 'utf8'), page).split(
    '### Events your worker cannot process',
  )[1]!;

  it('states the retention the receivers retry for, their waits, and the statuses they retry', () => {
    expect(section).toContain(`${EVENT_RETENTION_DAYS} days`);
    expect(section).toContain(`from ${FIRST_RETRY_MS / 1000} seconds`);
    expect(MAX_RETRY_MS).toBe(3600_000);
    expect(section).toContain('up to an hour');
    for (const status of [
      '`408`',
      '`429`',
      '`409` with code `IDEMPOTENCY_KEY_IN_USE`',
      '5xx',
      'Retry-After',
      '`401`',
      '`403` with code `INSUFFICIENT_SCOPE`',
    ])
      expect(section).toContain(status);
  });

  it('names the log lines the receivers write', () => {
    expect(section).toContain('`skipped <event id>: unknown event type <type>`');
    expect(section).toContain('`dead-lettered <event id> on try <n>: <error>`');
    expect(section).toContain(`\`(${CONFIGURATION_FIX})\``);
  });
});

describe.each(RECEIVERS)('the $name receiver', (kind) => {
  it('acknowledges an unknown event type without a fetch, retries a 429 burst, a 503, a 403 and a 401 until processed, and dead-letters a 404 on its first try', async () => {
    const {dir, api} = await receiverWorkspace(cleanups);
    const receiver = await startReceiver(kind, dir, api.base, {KESTREL_RETRY_SECONDS: '0.05'});
    cleanups.push(() => stopReceiver(receiver));

    const unknown = {...newEvent(), eventType: 'invoice.exploded'};
    expect(await deliver(receiver.url, unknown)).toBe(200);
    await waitFor(
      'the unknown event to be skipped',
      async () => linesOf(receiver.output(), `skipped ${unknown.id}: unknown event type invoice.exploded`) === 1,
      20_000,
    );
    expect(api.gets.some((p) => p.includes(unknown.data.entityId))).toBe(false);

    // A burst of 429s, then a maintenance window's 503: each says when to come back.
    const busy = newEvent();
    api.scripted.set(busy.data.entityId, [
      {status: 429, code: 'RATE_LIMITED', retryAfterSeconds: 1},
      {status: 429, code: 'RATE_LIMITED', retryAfterSeconds: 1},
      {status: 503, code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: 1},
    ]);
    const sent = Date.now();
    expect(await deliver(receiver.url, busy)).toBe(200);
    await waitFor(
      'the busy event to be processed',
      async () => linesOf(receiver.output(), `processed ${busy.id}`) === 1,
      30_000,
    );
    const busyFetches = api.gets.filter((p) => p === `/invoices/${busy.data.entityId}`).length;
    expect(busyFetches, receiver.output()).toBe(4);
    expect(Date.now() - sent).toBeGreaterThanOrEqual(3000); // never sooner than Retry-After
    expect(linesStartingWith(receiver.output(), `dead-lettered ${busy.id}`)).toEqual([]);

    // A key without the scope, then an expired one: the reader fixes the key, and the event passes.
    const refused = newEvent();
    api.scripted.set(refused.data.entityId, [
      {status: 403, code: 'INSUFFICIENT_SCOPE'},
      {status: 401, code: 'UNAUTHORIZED'},
    ]);
    expect(await deliver(receiver.url, refused)).toBe(200);
    await waitFor(
      'the refused event to be processed',
      async () => linesOf(receiver.output(), `processed ${refused.id}`) === 1,
      30_000,
    );
    expect(api.gets.filter((p) => p === `/invoices/${refused.data.entityId}`)).toHaveLength(3);
    const refusals = receiver
      .output()
      .split('\n')
      .filter((line) => line.includes(`event ${refused.id} failed on try `));
    expect(refusals, receiver.output()).toHaveLength(2);
    for (const line of refusals) expect(line).toContain(`(${CONFIGURATION_FIX})`);
    expect(linesStartingWith(receiver.output(), `dead-lettered ${refused.id}`)).toEqual([]);

    const gone = newEvent();
    api.missing.add(gone.data.entityId);
    expect(await deliver(receiver.url, gone)).toBe(200);
    const dead = await waitFor(
      'the event to be dead-lettered',
      async () => linesStartingWith(receiver.output(), `dead-lettered ${gone.id} on try 1: `)[0],
      20_000,
    );
    expect(dead, receiver.output()).toMatch(/404/);
    const fetches = () => api.gets.filter((p) => p === `/invoices/${gone.data.entityId}`).length;
    expect(fetches()).toBe(1);

    // The worker goes on: a later event is processed, and the dead letter is not fetched again.
    const later = newEvent();
    expect(await deliver(receiver.url, later)).toBe(200);
    await waitFor('the later event', async () => linesOf(receiver.output(), `processed ${later.id}`) === 1, 20_000);
    expect(fetches(), receiver.output()).toBe(1);
    expect(linesStartingWith(receiver.output(), `dead-lettered ${gone.id}`)).toHaveLength(1);
  }, 120_000);
});
