/**
 * What a paused subscription missed, and deliveries on demand, over HTTP against the sandbox:
 * an event created while a subscription is disabled gets a FAILED delivery to it with no attempt,
 * so `deliverySuccess eq false` finds it and the documented replay hands it over once; the
 * redeliver control sends stored events in the order asked, each logged as an extra attempt; and
 * a receiver that keeps processed events by id does nothing on a redelivery 25 hours or 29 days
 * later, when the Idempotency-Key it derived from the event id has long expired.
 */
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest';
import {execFile} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {createServer, type Server} from 'node:http';
import path from 'node:path';
import {promisify} from 'node:util';
import {idempotencyOf} from '../../definition/index.ts';
import {replayMissedEvents} from '../../examples/webhooks/node/replay-missed-events';
import {createWebhookServer, sqliteEventStore, type KestrelEvent} from '../../examples/webhooks/node/server';
import {EVENT_RETENTION_DAYS} from '../../examples/webhooks/node/server';
import {MAX_REDELIVER} from '../../sandbox/redeliver-control';
import {renderFacts} from '../../plugins/prose-facts/render.ts';
import {freePort} from '../../tooling/ports.mjs';
import {ROOT} from './guide-http';
import {loadBundledDefinition} from './openapi-definition';
import {startSandbox, waitFor, type Sandbox} from './sandbox-process';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers read field by field: their shapes are what the tests check

const AUTH = {Authorization: 'Bearer sk_sandbox_redeliver'};
const SECRET = 'whsec_redeliver_tests_0123456789';

let sandbox: Sandbox;
const servers: Server[] = [];

async function call(method: string, p: string, body?: unknown, key?: string): Promise<{status: number; body: Json}> {
  const res = await fetch(`${sandbox.base}${p}`, {
    method,
    headers: {
      ...AUTH,
      ...(body !== undefined && {'Content-Type': 'application/json', 'Idempotency-Key': key ?? crypto.randomUUID()}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return {status: res.status, body: text ? JSON.parse(text) : undefined};
}

async function ok(method: string, p: string, body?: unknown, key?: string): Promise<Json> {
  const res = await call(method, p, body, key);
  expect(res.status, `${method} ${p}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

async function redeliver(subscriptionId: string, body: unknown): Promise<Response> {
  return fetch(`${sandbox.origin}/_sandbox/subscriptions/${subscriptionId}/redeliver`, {
    method: 'POST',
    headers: {'Content-Type': 'application/json'},
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** An endpoint that answers 200 and records the id of each event it gets, in order. */
async function endpoint() {
  const got: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      got.push(JSON.parse(body).id);
      res.writeHead(200).end();
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  servers.push(server);
  return {url: `http://127.0.0.1:${port}/hook`, got};
}

const subscribe = (webhookUrl: string) =>
  ok('POST', '/subscriptions', {
    webhookUrl,
    webhookVersion: '2025-06-01',
    secret: SECRET,
    eventTypes: ['invoice.created'],
  });

/** A new invoice's invoice.created event, once the sandbox has recorded it. */
async function invoiceCreated(): Promise<{invoiceId: string; event: Json}> {
  const invoice = await ok('POST', '/invoices', {amount: {amount: '5.00', currency: 'USD'}});
  const filter = encodeURIComponent(`data/entityId eq '${invoice.id}' and eventType eq 'invoice.created'`);
  return {invoiceId: invoice.id, event: (await ok('GET', `/events?$filter=${filter}`)).items[0]};
}

const undelivered = async (since: string): Promise<string[]> =>
  (
    await ok(
      'GET',
      `/events?$filter=${encodeURIComponent(`deliverySuccess eq false and created ge ${since}`)}&$top=100`,
    )
  ).items.map((e: Json) => e.id);

beforeAll(async () => {
  sandbox = await startSandbox(['--no-rate-limit']);
});

afterEach(async () => {
  for (const {id} of (await ok('GET', '/subscriptions?$top=100')).items) await call('DELETE', `/subscriptions/${id}`);
});

afterAll(async () => {
  await sandbox?.stop('SIGTERM');
  for (const server of servers) server.close();
});

describe('an event created while its subscription is disabled', () => {
  it('has a FAILED delivery with no attempt, is listed by deliverySuccess eq false, and the replay hands it over once', async () => {
    const hook = await endpoint();
    const sub = await subscribe(hook.url);
    await ok('PATCH', `/subscriptions/${sub.id}`, {enabled: false});
    const {event} = await invoiceCreated();

    expect(event.deliverySuccess).toBe(false);
    expect(event.deliveries).toEqual([
      {
        subscriptionId: sub.id,
        status: 'FAILED',
        attempts: 0,
        lastAttempt: null,
        lastResponseStatus: null,
        nextAttempt: null,
      },
    ]);
    expect(await undelivered(event.created)).toContain(event.id);
    const mine = encodeURIComponent(
      `deliveries/any(d: d/subscriptionId eq '${sub.id}' and d/status ne 'SUCCEEDED') and created ge ${event.created}`,
    );
    expect((await ok('GET', `/events?$filter=${mine}`)).items.map((e: Json) => e.id)).toEqual([event.id]);
    const log = await (await fetch(`${sandbox.origin}/_sandbox/deliveries?eventId=${event.id}`)).json();
    expect(log.total).toBe(0);
    expect(hook.got).toEqual([]);

    // Enabled again, the endpoint recovers with the documented replay, keeping what it handled in
    // its processed-events store: the first run hands the event over, the next run skips it.
    await ok('PATCH', `/subscriptions/${sub.id}`, {enabled: true});
    const store = sqliteEventStore(':memory:');
    const handled: string[] = [];
    const run = () =>
      replayMissedEvents({
        apiBase: sandbox.base,
        apiKey: 'sk_sandbox_redeliver',
        since: event.created,
        subscriptionId: sub.id,
        isHandled: (id) => store.isProcessed(id),
        handle: async (e) => {
          handled.push(e.id);
          await store.save(e);
          await store.markProcessed(e.id);
        },
      });
    expect(await run()).toMatchObject({listed: 1, replayed: 1, complete: true});
    expect(await run()).toMatchObject({listed: 1, replayed: 0, complete: true});
    expect(handled).toEqual([event.id]);
    store.close();

    // Redelivered by the sandbox's control, the delivery succeeds and the event leaves the list.
    expect((await redeliver(sub.id, {eventIds: [event.id]})).status).toBe(202);
    await waitFor('the redelivery', async () => hook.got.length === 1);
    const after = await waitFor('the delivery to succeed', async () => {
      const e = await ok('GET', `/events/${event.id}`);
      return e.deliverySuccess ? e : undefined;
    });
    expect(after.deliveries).toMatchObject([
      {subscriptionId: sub.id, status: 'SUCCEEDED', attempts: 1, lastResponseStatus: 200},
    ]);
    expect(await undelivered(event.created)).not.toContain(event.id);
  });
});

describe('POST /_sandbox/subscriptions/{id}/redeliver', () => {
  it('answers 202 and delivers the events in the order given, duplicates included, each logged as an extra attempt', async () => {
    const hook = await endpoint();
    const sub = await subscribe(hook.url);
    const first = (await invoiceCreated()).event;
    const second = (await invoiceCreated()).event;
    await waitFor('both first deliveries', async () => hook.got.length === 2);

    const res = await redeliver(sub.id, {eventIds: [second.id, first.id, second.id]});
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({subscriptionId: sub.id, eventIds: [second.id, first.id, second.id]});
    await waitFor('the three redeliveries', async () => hook.got.length === 5);
    expect(hook.got.slice(2)).toEqual([second.id, first.id, second.id]);

    const log = await (await fetch(`${sandbox.origin}/_sandbox/deliveries?subscriptionId=${sub.id}`)).json();
    const newestFirst = log.items.slice(0, 3).map((e: Json) => [e.eventId, e.attempt, e.succeeded, e.responseStatus]);
    expect(newestFirst).toEqual([
      [second.id, 3, true, 200],
      [first.id, 2, true, 200],
      [second.id, 2, true, 200],
    ]);
    expect((await ok('GET', `/events/${second.id}`)).deliveries).toMatchObject([{status: 'SUCCEEDED', attempts: 3}]);
  });

  it('is what examples/webhooks/redeliver-events.sh sends', async () => {
    const hook = await endpoint();
    const sub = await subscribe(hook.url);
    const {event} = await invoiceCreated();
    await waitFor('the first delivery', async () => hook.got.length === 1);
    const {stdout} = await promisify(execFile)(
      'bash',
      [path.join(ROOT, 'examples/webhooks/redeliver-events.sh'), sub.id, event.id, event.id],
      {env: {...process.env, KESTREL_SANDBOX_ORIGIN: sandbox.origin}},
    );
    expect(JSON.parse(stdout)).toEqual({subscriptionId: sub.id, eventIds: [event.id, event.id]});
    await waitFor('the two redeliveries', async () => hook.got.length === 3);
  });

  it('names what is wrong with a request', async () => {
    const hook = await endpoint();
    const sub = await subscribe(hook.url);
    const problem = async (res: Response) => ({status: res.status, body: await res.json()});

    const missing = await problem(await redeliver(sub.id, {}));
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({code: 'VALIDATION_FAILED'});
    expect(Object.keys(missing.body.validationErrors)).toEqual(['eventIds']);

    const tooMany = await problem(await redeliver(sub.id, {eventIds: Array(MAX_REDELIVER + 1).fill(sub.id)}));
    expect(tooMany.status).toBe(422);

    const unknownId = crypto.randomUUID();
    const unknown = await problem(await redeliver(sub.id, {eventIds: [unknownId]}));
    expect(unknown.status).toBe(422);
    expect(unknown.body.validationErrors.eventIds[0]).toContain(unknownId);

    expect((await problem(await redeliver(sub.id, '{not json'))).body).toMatchObject({
      status: 400,
      code: 'MALFORMED_REQUEST',
    });
    expect((await problem(await redeliver(crypto.randomUUID(), {eventIds: []}))).body).toMatchObject({
      status: 404,
      code: 'SUBSCRIPTION_NOT_FOUND',
    });
    const get = await fetch(`${sandbox.origin}/_sandbox/subscriptions/${sub.id}/redeliver`);
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
    expect(hook.got).toEqual([]);
  });
});

describe('a receiver that keeps processed events by id', () => {
  it('does nothing on a redelivery 25 hours or 29 days later, after the Idempotency-Key it derived has expired', async () => {
    const receipts: string[] = [];
    const orders = new Set<string>();
    // The work an event causes: a receipt invoice, created with a key derived from the event id.
    const createReceipt = async (event: KestrelEvent) =>
      (await ok('POST', '/invoices', {amount: {amount: '1.00', currency: 'USD'}}, `receipt-${event.id}`)).id as string;
    const lines: string[] = [];
    const receiver = createWebhookServer({
      secret: SECRET,
      log: (line) => lines.push(line),
      onEvent: async (event) => {
        if (orders.has(event.data.entityId)) receipts.push(await createReceipt(event));
      },
    });
    const port = await freePort();
    await new Promise<void>((resolve) => receiver.listen(port, '127.0.0.1', resolve));
    servers.push(receiver);
    const sub = await subscribe(`http://127.0.0.1:${port}/webhooks/kestrel`);

    const invoice = await ok('POST', '/invoices', {amount: {amount: '5.00', currency: 'USD'}});
    orders.add(invoice.id);
    const filter = encodeURIComponent(`data/entityId eq '${invoice.id}' and eventType eq 'invoice.created'`);
    const event = (await ok('GET', `/events?$filter=${filter}`)).items[0];
    await waitFor('the receipt', async () => receipts.length === 1);

    const attempts = async () =>
      (await (await fetch(`${sandbox.origin}/_sandbox/deliveries?eventId=${event.id}&subscriptionId=${sub.id}`)).json())
        .total as number;
    await waitFor('the event marked processed', async () => lines.includes(`processed ${event.id}`));
    // 25 hours after the event, then 29 days after it: both inside the 30 days events are replayed.
    for (const [n, seconds] of [25 * 3600, 29 * 24 * 3600 - 25 * 3600].entries()) {
      await sandbox.advance(seconds);
      const before = await attempts();
      expect((await redeliver(sub.id, {eventIds: [event.id]})).status).toBe(202);
      await waitFor('the redelivery to be answered', async () => (await attempts()) === before + 1);
      const last = (await (await fetch(`${sandbox.origin}/_sandbox/deliveries?eventId=${event.id}`)).json()).items[0];
      expect([last.succeeded, last.responseStatus]).toEqual([true, 200]);
      expect(lines.filter((l) => l === `already stored ${event.id}`)).toHaveLength(n + 1);
    }
    expect(lines.filter((l) => l === `processed ${event.id}`)).toHaveLength(1);
    expect(receipts).toHaveLength(1);
    // Without the store, the key alone would not have stopped it: past 24 hours it makes a second receipt.
    expect(await createReceipt(event)).not.toBe(receipts[0]);
  });
});

describe('what the pages say of it', () => {
  const page = (file: string) => renderFacts(readFileSync(path.join(ROOT, file), 'utf8'), file);
  const section = (file: string, heading: string) =>
    page(file)
      .split(heading)[1]!
      .split(/\n#{2,3} /)[0]!;

  it('/sandbox/ shows the redeliver script and states its limit', () => {
    const text = section('docs/sandbox.md', '### Redeliver events');
    expect(text).toContain('file=examples/webhooks/redeliver-events.sh region=redeliver');
    expect(text).toContain(`more than ${MAX_REDELIVER} ids`);
    expect(text).toContain('`FAILED` delivery to it with `attempts: 0`');
  });

  it('/webhooks/failure-recovery says how long a key and the processed-events store each cover', () => {
    const {retentionHours} = idempotencyOf(loadBundledDefinition() as never)!;
    const text = section('docs/webhooks/failure-recovery.md', '### Make each effect safe to repeat');
    expect(text).toContain(`Kestrel keeps a key's answer for ${retentionHours} hours`);
    expect(text).toContain(`an event can come back for ${EVENT_RETENTION_DAYS} days`);
    const store = section(
      'docs/webhooks/failure-recovery.md',
      '### Keep processed ids as long as events can come back',
    );
    expect(store).toContain(`for ${EVENT_RETENTION_DAYS} days after it arrived`);
    expect(store).toContain('A redelivery 25 hours or 29 days later finds the id processed and does nothing.');
  });

  it('the pages say an event made during a pause has a FAILED delivery the replay finds', () => {
    expect(page('docs/webhooks/setting-up-webhooks.md')).toContain(
      'with a delivery to the paused subscription that is `FAILED` with `attempts: 0` and `lastAttempt: null`',
    );
    expect(page('docs/webhooks/failure-recovery.md')).toContain(
      'An event recorded while your subscription was disabled has a delivery to it that is `FAILED` with `attempts: 0`',
    );
    expect(page('openapi/components/schemas/EventDelivery.yaml')).toMatch(/disabled when the event was\s+created/);
  });
});
