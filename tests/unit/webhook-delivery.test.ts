/**
 * Webhook delivery as the sandbox does it, over HTTP, with the sandbox clock moved by hand:
 * delivery state per subscription (an event one endpoint missed stays `deliverySuccess: false` and
 * is found by the recovery query until that endpoint has it too), every attempt at its offset of
 * `x-webhook-delivery` and not before, and the secret-rotation overlap to the second.
 */
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest';
import {mkdtempSync, rmSync} from 'node:fs';
import {createServer, type Server} from 'node:http';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {webhookDeliveryOf} from '../../definition/index.ts';
import {replayMissedEvents} from '../../examples/webhooks/node/replay-missed-events';
import {createWebhookServer, type KestrelEvent} from '../../examples/webhooks/node/server';
import {verifyKestrelSignature} from '../../examples/webhooks/node/verify-signature';
import {freePort} from '../../tooling/ports.mjs';
import {localAnswer} from './sandbox-answers';
import {loadBundledDefinition} from './openapi-definition';
import {startSandbox, waitFor, type Sandbox} from './sandbox-process';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers read field by field: their shapes are what the tests check

const AUTH = {Authorization: 'Bearer sk_sandbox_delivery'};
const SECRET = 'whsec_delivery_state_0123456789';
const rules = webhookDeliveryOf(loadBundledDefinition() as never);

let sandbox: Sandbox;
const servers: Server[] = [];

async function send(method: string, path: string, body?: unknown): Promise<Json> {
  const res = await fetch(`${sandbox.base}${path}`, {
    method,
    headers: {
      ...AUTH,
      ...(body === undefined ? {} : {'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID()}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const {parsed, problems} = localAnswer(method, path, res, text);
  expect(problems, text).toEqual([]);
  expect(res.ok, `${method} ${path} -> ${res.status} ${text}`).toBe(true);
  return parsed as Json;
}

const subscribe = (webhookUrl: string, eventTypes: string[], secret = SECRET) =>
  send('POST', '/subscriptions', {webhookUrl, webhookVersion: '2025-06-01', secret, eventTypes});

const attemptsSent = async (): Promise<number> =>
  (await (await fetch(`${sandbox.origin}/_sandbox/stats`)).json()).webhooks.attempts;

/** Moves the sandbox clock so that it reads `target` plus `extraMs` (within the second `now` is floored to). */
async function advanceTo(target: string, extraMs: number): Promise<void> {
  const {now} = await (await fetch(`${sandbox.origin}/_sandbox/clock`)).json();
  await sandbox.advance((Date.parse(target) - Date.parse(now) + extraMs) / 1000);
}

/** An endpoint that answers `status` and records each delivery's body and signature header. */
async function endpoint(status: number, port?: number) {
  const got: {body: string; signature: string}[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      got.push({body, signature: String(req.headers['kestrel-signature'])});
      res.writeHead(status).end();
    });
  });
  const at = port ?? (await freePort());
  await new Promise<void>((resolve) => server.listen(at, '127.0.0.1', resolve));
  servers.push(server);
  return {url: `http://127.0.0.1:${at}/hook`, got};
}

/** The event a new invoice made, once the sandbox has recorded it. */
async function invoiceCreatedEvent(): Promise<Json> {
  const invoice = await send('POST', '/invoices', {amount: {amount: '5.00', currency: 'USD'}});
  const filter = encodeURIComponent(`data/entityId eq '${invoice.id}' and eventType eq 'invoice.created'`);
  return (await send('GET', `/events?$filter=${filter}`)).items[0];
}

beforeAll(async () => {
  sandbox = await startSandbox(['--no-rate-limit']);
});

// Each test's subscriptions go with it, so a failed test leaves the next one's events alone.
afterEach(async () => {
  const subscriptions = await (await fetch(`${sandbox.base}/subscriptions?$top=100`, {headers: AUTH})).json();
  for (const {id} of subscriptions.items)
    await fetch(`${sandbox.base}/subscriptions/${id}`, {method: 'DELETE', headers: AUTH});
});

afterAll(async () => {
  await sandbox?.stop('SIGTERM');
  for (const server of servers) server.close();
});

describe('delivery state per subscription', () => {
  it('an event one endpoint acknowledged and another missed stays deliverySuccess false and in the recovery query until both have it', async () => {
    const received: KestrelEvent[] = [];
    const receiver = createWebhookServer({secret: SECRET, onEvent: async (e) => void received.push(e)});
    const receiverPort = await freePort();
    await new Promise<void>((resolve) => receiver.listen(receiverPort, '127.0.0.1', resolve));
    servers.push(receiver);
    // A closed loopback port: each attempt there fails with a refused connection.
    const deadPort = await freePort();
    const alive = await subscribe(`http://127.0.0.1:${receiverPort}/webhooks/kestrel`, ['invoice.created']);
    const dead = await subscribe(`http://127.0.0.1:${deadPort}/webhooks/kestrel`, ['invoice.created']);

    const created = await invoiceCreatedEvent();
    await waitFor('the live endpoint to have it', async () => received.some((e) => e.id === created.id));
    const byId = async () => send('GET', `/events/${created.id}`);
    const event = await waitFor('both first attempts recorded', async () => {
      const e = await byId();
      return e.deliveries.every((d: Json) => d.attempts === 1) ? e : undefined;
    });
    expect(event.deliverySuccess).toBe(false);
    const firstRetry = new Date(Date.parse(event.created) + rules.attemptMinutes[1]! * 60_000)
      .toISOString()
      .replace('.000Z', 'Z');
    const lastAttempt = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(event.deliveries).toEqual([
      {
        subscriptionId: alive.id,
        status: 'SUCCEEDED',
        attempts: 1,
        lastAttempt,
        lastResponseStatus: 200,
        nextAttempt: null,
      },
      {
        subscriptionId: dead.id,
        status: 'PENDING',
        attempts: 1,
        lastAttempt,
        lastResponseStatus: null,
        nextAttempt: firstRetry,
      },
    ]);
    for (const d of event.deliveries) expect(Date.parse(d.lastAttempt) - Date.parse(event.created)).toBeLessThan(2000);
    // The recovery query of the failure-recovery guide finds it ...
    const missed = encodeURIComponent(`deliverySuccess eq false and created ge ${event.created}`);
    expect((await send('GET', `/events?$filter=${missed}`)).items.map((e: Json) => e.id)).toContain(created.id);
    // ... and the replay example, run for each endpoint, hands it on only for the one that missed it.
    const replayFor = async (subscriptionId: string) => {
      const handed: string[] = [];
      await replayMissedEvents({
        apiBase: sandbox.base,
        apiKey: 'sk_sandbox_delivery',
        since: event.created,
        subscriptionId,
        isHandled: async () => false,
        handle: async (e) => void handed.push(e.id),
      });
      return handed;
    };
    expect(await replayFor(alive.id)).not.toContain(created.id);
    expect(await replayFor(dead.id)).toContain(created.id);
    // Which is the events list filtered on one subscription's delivery with any.
    const notAcknowledgedBy = (id: string) =>
      encodeURIComponent(`deliveries/any(d: d/subscriptionId eq '${id}' and d/status ne 'SUCCEEDED')`);
    expect((await send('GET', `/events?$filter=${notAcknowledgedBy(dead.id)}`)).items.map((e: Json) => e.id)).toEqual([
      created.id,
    ]);
    expect((await send('GET', `/events?$filter=${notAcknowledgedBy(alive.id)}`)).items).toEqual([]);
    const arrayField = await fetch(
      `${sandbox.base}/events?$filter=${encodeURIComponent("deliveries/status eq 'PENDING'")}`,
      {
        headers: AUTH,
      },
    );
    expect([arrayField.status, (await arrayField.json()).code]).toEqual([400, 'INVALID_QUERY_OPTION']);

    // The dead endpoint comes up; at its next attempt it acknowledges, and the event is delivered.
    const revived = createWebhookServer({secret: SECRET, onEvent: async (e) => void received.push(e)});
    await new Promise<void>((resolve) => revived.listen(deadPort, '127.0.0.1', resolve));
    servers.push(revived);
    await advanceTo(firstRetry, 1000);
    const delivered = await waitFor('deliverySuccess true', async () => {
      const e = await byId();
      return e.deliverySuccess === true ? e : undefined;
    });
    expect(delivered.deliveries[1]).toMatchObject({status: 'SUCCEEDED', attempts: 2, nextAttempt: null});
    expect((await send('GET', `/events?$filter=${missed}`)).items.map((e: Json) => e.id)).not.toContain(created.id);
    expect(received.filter((e) => e.id === created.id)).toHaveLength(2); // once per endpoint
    expect(received[0]).not.toHaveProperty('deliveries'); // a delivery's body is the event without them
  });

  it('an event no subscription received stays deliverySuccess false, with no deliveries', async () => {
    const event = await invoiceCreatedEvent();
    expect(event).toMatchObject({deliverySuccess: false, deliveries: []});
  });
});

describe('the retry schedule of x-webhook-delivery', () => {
  it('makes each attempt at its offset after the first, not before, and marks the delivery FAILED after the last', async () => {
    const failing = await endpoint(500);
    await subscribe(failing.url, ['invoice.created']);
    const {id, created} = await invoiceCreatedEvent();
    const delivery = async () => (await send('GET', `/events/${id}`)).deliveries[0];
    await waitFor('attempt 1', async () => (await delivery()).attempts === 1);
    for (const [i, minutes] of rules.attemptMinutes.entries()) {
      if (i === 0) continue;
      const before = await delivery();
      const due = Date.parse(created) + minutes * 60_000;
      expect(Date.parse(before.nextAttempt), `attempt ${i + 1}`).toBe(due);
      const sent = await attemptsSent();
      // Before its offset: not made (the clock answer comes after whatever fell due ran). Five
      // seconds before, not one: `advanceTo` lands up to a second late (the clock reads whole
      // seconds) plus however long the two requests took on a busy machine.
      await advanceTo(before.nextAttempt, -5000);
      expect(await attemptsSent(), `attempt ${i + 1} before ${minutes} minutes`).toBe(sent);
      expect((await delivery()).attempts).toBe(i);
      // By its offset: made.
      await advanceTo(before.nextAttempt, 1000);
      const after = await waitFor(`attempt ${i + 1}`, async () => {
        const d = await delivery();
        return d.attempts === i + 1 && d.lastResponseStatus === 500 ? d : undefined;
      });
      expect(Date.parse(after.lastAttempt) - due, `attempt ${i + 1} at ${minutes} minutes`).toBeGreaterThanOrEqual(0);
      expect(Date.parse(after.lastAttempt) - due).toBeLessThanOrEqual(1000);
    }
    expect(await delivery()).toMatchObject({
      status: 'FAILED',
      attempts: rules.attemptMinutes.length,
      nextAttempt: null,
    });
    expect(failing.got.filter((d) => JSON.parse(d.body).id === id)).toHaveLength(rules.attemptMinutes.length);
  });

  it('a delivery whose subscription is disabled when its attempt falls due ends FAILED, without that attempt', async () => {
    const failing = await endpoint(503);
    const sub = await subscribe(failing.url, ['invoice.created']);
    const {id} = await invoiceCreatedEvent();
    const delivery = async () => (await send('GET', `/events/${id}`)).deliveries[0];
    const first = await waitFor('attempt 1', async () => ((await delivery()).attempts === 1 ? delivery() : undefined));
    await send('PATCH', `/subscriptions/${sub.id}`, {enabled: false});
    const sent = await attemptsSent();
    await advanceTo(first.nextAttempt, 1000);
    expect(await delivery()).toMatchObject({status: 'FAILED', attempts: 1, nextAttempt: null});
    expect(await attemptsSent()).toBe(sent);
  });
});

describe('the secret-rotation overlap of x-webhook-delivery', () => {
  it('signs with the old and the new secret until the overlap ends, and with the new one only after it', async () => {
    const hook = await endpoint(200);
    const sub = await subscribe(hook.url, ['payout.updated'], 'whsec_overlap_old_0123456789');
    const rotated = await send('PATCH', `/subscriptions/${sub.id}`, {secret: 'whsec_overlap_new_0123456789'});
    const overlapEnds = new Date(Date.parse(rotated.updated) + rules.secretRotationOverlapHours * 3600_000)
      .toISOString()
      .replace('.000Z', 'Z');
    const v1Count = async () => {
      const seen = hook.got.length;
      const res = await fetch(`${sandbox.origin}/_sandbox/subscriptions/${sub.id}/test-event`, {method: 'POST'});
      expect(res.status).toBe(200);
      const got = await waitFor('the test delivery', async () => hook.got[seen]);
      return got.signature.match(/v1=/g)!.length;
    };
    // `updated` is floored to the second: the rotation was within the second after it. Five
    // seconds before the end, since `advanceTo` may land up to a second late, plus the requests' time.
    await advanceTo(overlapEnds, -5000);
    expect(await v1Count()).toBe(2);
    await advanceTo(overlapEnds, 1000);
    expect(await v1Count()).toBe(1);
  });
});

describe('a second rotation inside the overlap, as /webhooks/signature-verification warns', () => {
  it('drops the first secret at once: deliveries carry v1 signatures for the last two secrets only', async () => {
    const [A, B, C] = ['whsec_twice_first_0123456789', 'whsec_twice_second_012345678', 'whsec_twice_third_0123456789'];
    const hook = await endpoint(200);
    const sub = await subscribe(hook.url, ['payout.updated'], A);
    await send('PATCH', `/subscriptions/${sub.id}`, {secret: B});
    await sandbox.advance(4 * 60);
    await send('PATCH', `/subscriptions/${sub.id}`, {secret: C});
    const res = await fetch(`${sandbox.origin}/_sandbox/subscriptions/${sub.id}/test-event`, {method: 'POST'});
    expect(res.status).toBe(200);
    const got = await waitFor('the test delivery', async () => hook.got[0]);
    expect(got.signature.match(/v1=/g)).toHaveLength(2);
    expect(() => verifyKestrelSignature(got.body, got.signature, B)).not.toThrow();
    expect(() => verifyKestrelSignature(got.body, got.signature, C)).not.toThrow();
    expect(() => verifyKestrelSignature(got.body, got.signature, A)).toThrow(/no v1 signature matches/);
  });
});

describe('create subscription and its Idempotency-Key, as /webhooks/setting-up-webhooks states it', () => {
  const body = (url: string) =>
    JSON.stringify({webhookUrl: url, webhookVersion: '2025-06-01', secret: SECRET, eventTypes: ['invoice.created']});
  const post = (url: string, key?: string) =>
    fetch(`${sandbox.base}/subscriptions`, {
      method: 'POST',
      headers: {...AUTH, 'Content-Type': 'application/json', ...(key && {'Idempotency-Key': key})},
      body: body(url),
    });

  it('answers 400 IDEMPOTENCY_KEY_INVALID without a key, and the first subscription to a retry with the same key', async () => {
    const hook = await endpoint(200);
    const missing = await post(hook.url);
    expect([missing.status, (await missing.json()).code]).toEqual([400, 'IDEMPOTENCY_KEY_INVALID']);
    const key = crypto.randomUUID();
    const first = await post(hook.url, key);
    expect(first.status).toBe(201);
    const retry = await post(hook.url, key);
    expect(retry.status).toBe(201);
    expect((await retry.json()).id).toBe((await first.json()).id);
    const listed = (await (await fetch(`${sandbox.base}/subscriptions?$top=100`, {headers: AUTH})).json()) as Json;
    expect(listed.items.filter((s: Json) => s.webhookUrl === hook.url)).toHaveLength(1);
  });
});

describe('a test event of a type with no object yet, as /webhooks/setting-up-webhooks warns', () => {
  it('names an id that answers 404, so create an object of that type first', async () => {
    const hook = await endpoint(200);
    const sub = await subscribe(hook.url, ['payout.updated']);
    expect((await send('GET', '/payouts?$top=1')).items).toEqual([]);
    const res = await fetch(`${sandbox.origin}/_sandbox/subscriptions/${sub.id}/test-event`, {method: 'POST'});
    const {event} = await res.json();
    expect(typeof event.data.entityId).toBe('string');
    const fetched = await fetch(`${sandbox.base}/payouts/${event.data.entityId}`, {headers: AUTH});
    expect([fetched.status, (await fetched.json()).code]).toEqual([404, 'PAYOUT_NOT_FOUND']);
  });
});

describe('a delivery still PENDING across a restart with --state', () => {
  it('is attempted at its nextAttempt by the restarted sandbox', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kestrel-delivery-state-'));
    const file = path.join(dir, 'state.json');
    const deadPort = await freePort();
    const restarted: Sandbox[] = [];
    const call = async (box: Sandbox, method: string, p: string, body?: unknown) => {
      const res = await fetch(`${box.base}${p}`, {
        method,
        headers: {...AUTH, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID()},
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return res.json();
    };
    try {
      const first = await startSandbox(['--no-rate-limit', '--state', file]);
      restarted.push(first);
      await call(first, 'POST', '/subscriptions', {
        webhookUrl: `http://127.0.0.1:${deadPort}/hook`,
        webhookVersion: '2025-06-01',
        secret: SECRET,
        eventTypes: ['invoice.created'],
      });
      const invoice = await call(first, 'POST', '/invoices', {amount: {amount: '7.00', currency: 'USD'}});
      const filter = encodeURIComponent(`data/entityId eq '${invoice.id}'`);
      const pending = await waitFor('attempt 1', async () => {
        const event = (await call(first, 'GET', `/events?$filter=${filter}`)).items[0];
        return event?.deliveries[0].attempts === 1 ? event : undefined;
      });
      expect(pending.deliveries[0].status).toBe('PENDING');
      expect(await first.stop('SIGTERM')).toBe(0);

      const hook = await endpoint(200, deadPort);
      const second = await startSandbox(['--no-rate-limit', '--state', file]);
      restarted.push(second);
      const {now} = await (await fetch(`${second.origin}/_sandbox/clock`)).json();
      await second.advance(Math.max(0, (Date.parse(pending.deliveries[0].nextAttempt) - Date.parse(now)) / 1000 + 1));
      const delivered = await waitFor('the restarted sandbox to deliver it', async () => {
        const event = await call(second, 'GET', `/events/${pending.id}`);
        return event.deliverySuccess === true ? event : undefined;
      });
      expect(delivered.deliveries[0]).toMatchObject({status: 'SUCCEEDED', attempts: 2, lastResponseStatus: 200});
      expect(hook.got.map((d) => JSON.parse(d.body).id)).toEqual([pending.id]);
    } finally {
      for (const box of restarted) await box.stop('SIGTERM');
      rmSync(dir, {recursive: true, force: true});
    }
  });
});
