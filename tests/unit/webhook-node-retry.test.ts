/**
 * The Node.js receiver's retry policy and processed-events store (examples/webhooks/node/server.ts),
 * in process with its clocks injected: which failures a later try can fix, how long it waits, when
 * it gives up because Kestrel no longer keeps the event, that a malformed event is dead-lettered at
 * once, and that processed ids are kept for the retention and forgotten after it.
 */
import {afterEach, describe, expect, it, vi} from 'vitest';
import {
  EVENT_RETENTION_DAYS,
  FIRST_RETRY_MS,
  KestrelApiError,
  MAX_RETRY_MS,
  PermanentError,
  classifyFailure,
  createWebhookServer,
  fetchEntity,
  retryDelayMs,
  sqliteEventStore,
  type KestrelEvent,
} from '../../examples/webhooks/node/server';

const DAY_MS = 24 * 3600_000;

const event = (id: string, created: string, entityId: string | null = `inv-${id}`): KestrelEvent =>
  ({
    id,
    eventType: 'invoice.updated',
    webhookVersion: '2025-06-01',
    data: {entityId, changes: ['status']},
    created,
    deliverySuccess: false,
  }) as KestrelEvent;

const apiError = (status: number, code: string | null = null, retryAfterMs: number | null = null) =>
  new KestrelApiError(`GET /invoices/x answered ${status}`, status, code, retryAfterMs);

afterEach(() => vi.restoreAllMocks());

describe('classifyFailure', () => {
  it.each([
    [apiError(429, 'RATE_LIMITED', 1000), true],
    [apiError(503, 'SERVICE_UNAVAILABLE', 1800_000), true],
    [apiError(500, 'INTERNAL_ERROR'), true],
    [apiError(408), true],
    [apiError(409, 'IDEMPOTENCY_KEY_IN_USE'), true],
    [apiError(409, 'QUOTE_ALREADY_EXECUTED'), false],
    [apiError(404, 'INVOICE_NOT_FOUND'), false],
    [apiError(403, 'INSUFFICIENT_SCOPE'), true],
    [apiError(401, 'UNAUTHORIZED'), true],
    [apiError(410), false],
    [apiError(400, 'MALFORMED_REQUEST'), false],
    [apiError(422, 'VALIDATION_FAILED'), false],
    [new PermanentError('malformed event'), false],
    [new TypeError('fetch failed'), true],
    [new DOMException('The operation timed out.', 'TimeoutError'), true],
  ])('%s: transient %s', (error, transient) => {
    expect(classifyFailure(error).transient).toBe(transient);
  });

  it('marks a 401 and a 403 as waiting for a fix of the API key, and nothing else', () => {
    expect(classifyFailure(apiError(401, 'UNAUTHORIZED')).configuration).toBe(true);
    expect(classifyFailure(apiError(403, 'INSUFFICIENT_SCOPE')).configuration).toBe(true);
    expect(classifyFailure(apiError(429, 'RATE_LIMITED', 1000)).configuration).toBe(false);
    expect(classifyFailure(apiError(404, 'INVOICE_NOT_FOUND')).configuration).toBe(false);
    expect(classifyFailure(new TypeError('fetch failed')).configuration).toBe(false);
  });

  it('carries the Retry-After of a Kestrel answer', () => {
    expect(classifyFailure(apiError(503, 'SERVICE_UNAVAILABLE', 1800_000)).retryAfterMs).toBe(1800_000);
  });
});

describe('retryDelayMs', () => {
  it('doubles from the first wait up to the cap, and never waits less than Retry-After', () => {
    expect([1, 2, 3].map((n) => retryDelayMs(n, null))).toEqual([
      FIRST_RETRY_MS,
      2 * FIRST_RETRY_MS,
      4 * FIRST_RETRY_MS,
    ]);
    expect(retryDelayMs(40, null)).toBe(MAX_RETRY_MS);
    expect(retryDelayMs(1, 1800_000)).toBe(1800_000);
  });
});

/** A receiver on a store holding `events`, whose worker starts on them; its clock reads `at()`. */
function receiverWith(events: KestrelEvent[], onEvent: (e: KestrelEvent) => Promise<void>, at: () => number) {
  const store = sqliteEventStore(':memory:', () => new Date(at()));
  const lines: string[] = [];
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  const saved = Promise.all(events.map((e) => store.save(e)));
  const start = async () => {
    await saved;
    const server = createWebhookServer({
      secret: 'whsec_node_retry_0123456789',
      store,
      retryMs: 5,
      clock: () => new Date(at()),
      log: (line) => lines.push(line),
      onEvent,
    });
    return () => new Promise((resolve) => server.close(resolve));
  };
  return {store, lines, logged: () => errors.mock.calls.map((c) => String(c[0])), start};
}

describe('the Node.js receiver worker', () => {
  it('gives up on a transient failure, as a dead letter, once Kestrel no longer keeps the event', async () => {
    const created = '2026-03-01T00:00:00Z';
    const now = Date.parse(created) + EVENT_RETENTION_DAYS * DAY_MS - 10_000;
    const r = receiverWith(
      [event('old', created)],
      async () => {
        throw apiError(503, 'SERVICE_UNAVAILABLE', 60_000);
      },
      () => now,
    );
    const close = await r.start();
    try {
      await vi.waitFor(() =>
        expect(r.logged()).toContain(
          'dead-lettered old on try 1: Kestrel no longer keeps it: GET /invoices/x answered 503',
        ),
      );
      expect(await r.store.deadLetters()).toEqual([expect.objectContaining({eventId: 'old', attempts: 1})]);
    } finally {
      await close();
    }
  });

  it('dead-letters a malformed event on its first try', async () => {
    const created = new Date().toISOString();
    const r = receiverWith(
      [event('bad', created, null)],
      // No request is made: the event names no entity to fetch.
      async (e) => void (await fetchEntity(e, 'http://127.0.0.1:9/v1', 'sk_sandbox_node_retry')),
      () => Date.now(),
    );
    const close = await r.start();
    try {
      await vi.waitFor(() =>
        expect(r.logged()).toContain(
          'dead-lettered bad on try 1: malformed event: no entity to fetch for invoice.updated',
        ),
      );
    } finally {
      await close();
    }
  });

  it('keeps a processed id for the retention, so a redelivery 25 hours or 29 days later is not new, then forgets it', async () => {
    const created = '2026-03-01T00:00:00Z';
    let now = Date.parse(created);
    const calls: string[] = [];
    const r = receiverWith(
      [event('e1', created)],
      async (e) => void calls.push(e.id),
      () => now,
    );
    const close = await r.start();
    try {
      await vi.waitFor(async () => expect(await r.store.isProcessed('e1')).toBe(true));
      for (const later of [25 * 3600_000, 29 * DAY_MS]) {
        now = Date.parse(created) + later;
        expect(await r.store.save(event('e1', created))).toBe(false);
        expect(await r.store.isProcessed('e1')).toBe(true);
      }
      // Past the retention, the worker's next pass (at most retryMs away) forgets it.
      now = Date.parse(created) + EVENT_RETENTION_DAYS * DAY_MS + 3600_000;
      await vi.waitFor(async () => expect(await r.store.isProcessed('e1')).toBe(false));
      expect(calls).toEqual(['e1']);
    } finally {
      await close();
    }
  });
});
