/**
 * The sandbox's webhook delivery log over HTTP (`GET /_sandbox/deliveries`): every attempt with its
 * URL, status or error, latency, attempt number, next retry and signature header, newest first,
 * filtered by subscription or event; an event's `deliveries` is made from the same entries. And a
 * sandbox told to deliver to loopback only (as the MCP server starts it) sends nothing elsewhere.
 */
import {execFile} from 'node:child_process';
import {createServer, type Server} from 'node:http';
import path from 'node:path';
import {promisify} from 'node:util';
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {subscriptionRequest} from './request-bodies';
import {Definition} from '../../sandbox/definition';
import {createSandbox, type Sandbox} from '../../sandbox/start';
import {verifyKestrelSignature} from '../../examples/webhooks/node/verify-signature';
import {listenOnFreePort} from '../../tooling/ports.mjs';
import {ROOT, loadBundledDefinition} from './openapi-definition';
import {webhookDeliveryOf} from '../../definition/index.ts';
import {waitFor} from './sandbox-process';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers read field by field: their shapes are what the tests check

const SECRET = 'whsec_delivery_log_0123456789';
const definition = new Definition(loadBundledDefinition());

async function listen(sandbox: Sandbox): Promise<string> {
  await new Promise<void>((resolve) => sandbox.server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}`;
}

function client(origin: string) {
  return async (method: string, path: string, body?: unknown): Promise<{status: number; body: Json}> => {
    const res = await fetch(`${origin}${path}`, {
      method,
      headers: {
        Authorization: 'Bearer sk_sandbox_log',
        ...(body !== undefined && {'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID()}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {status: res.status, body: await res.json()};
  };
}

describe('GET /_sandbox/deliveries', () => {
  let sandbox: Sandbox;
  let origin: string;
  let send: ReturnType<typeof client>;
  const receivers: Server[] = [];
  const got: string[] = [];

  async function receiver(status: number): Promise<string> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        verifyKestrelSignature(Buffer.concat(chunks), String(req.headers['kestrel-signature']), SECRET);
        got.push(String(req.headers['kestrel-signature']));
        res.writeHead(status).end();
      });
    });
    receivers.push(server);
    return `${await listenOnFreePort(server)}/hook`;
  }

  /** A subscription to invoice.created whose endpoint answers `status`. */
  const subscribe = async (status: number) =>
    send('POST', '/v1/subscriptions', subscriptionRequest(await receiver(status), SECRET, ['invoice.created']));

  beforeAll(async () => {
    sandbox = createSandbox(definition, {manualClock: true, rateLimit: false});
    origin = await listen(sandbox);
    send = client(origin);
  });
  afterAll(() => {
    sandbox.server.close();
    for (const r of receivers) r.close();
  });

  test('lists each attempt, newest first, and the event summarises the same entries', async () => {
    const ok = (await subscribe(200)).body;
    const down = (await subscribe(503)).body;
    await send('POST', '/v1/invoices', {amount: {currency: 'USD', amount: '5.00'}});
    const log = await waitFor('two attempts', async () => {
      const page = (await send('GET', '/_sandbox/deliveries')).body;
      return page.total === 2 && page;
    });
    const [newest, oldest] = log.items;
    expect(newest.sequence).toBeGreaterThan(oldest.sequence);
    const bySub = (id: string) => log.items.find((d: Json) => d.subscriptionId === id);
    expect(bySub(ok.id)).toMatchObject({
      eventType: 'invoice.created',
      url: ok.webhookUrl,
      attempt: 1,
      succeeded: true,
      responseStatus: 200,
      error: null,
      nextAttempt: null,
      test: false,
      account: 'default',
    });
    expect(bySub(down.id)).toMatchObject({succeeded: false, responseStatus: 503, attempt: 1});
    expect(bySub(down.id).nextAttempt).toEqual(expect.any(String));
    for (const d of log.items) {
      expect(d.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(got).toContain(d.signature);
      expect(d.latencyMs).toBeGreaterThanOrEqual(0);
    }
    const event = (await send('GET', `/v1/events/${newest.eventId}`)).body;
    expect(event.deliveries).toEqual(
      expect.arrayContaining([
        {
          subscriptionId: down.id,
          status: 'PENDING',
          attempts: 1,
          lastAttempt: bySub(down.id).attemptedAt,
          lastResponseStatus: 503,
          nextAttempt: bySub(down.id).nextAttempt,
        },
        {
          subscriptionId: ok.id,
          status: 'SUCCEEDED',
          attempts: 1,
          lastAttempt: bySub(ok.id).attemptedAt,
          lastResponseStatus: 200,
          nextAttempt: null,
        },
      ]),
    );
    const filtered = (await send('GET', `/_sandbox/deliveries?subscriptionId=${down.id}&eventId=${newest.eventId}`))
      .body;
    expect(filtered.items.map((d: Json) => d.subscriptionId)).toEqual([down.id]);
    expect((await send('GET', '/_sandbox/deliveries?limit=1')).body).toMatchObject({
      total: 2,
      items: [{sequence: newest.sequence}],
    });
  });

  test('examples/sandbox/delivery-log.sh, as /sandbox/ shows it, prints the log of one subscription', async () => {
    const [latest] = (await send('GET', '/_sandbox/deliveries?limit=1')).body.items;
    const {stdout} = await promisify(execFile)(
      'bash',
      [path.join(ROOT, 'examples/sandbox/delivery-log.sh'), latest.subscriptionId],
      {
        env: {...process.env, KESTREL_SANDBOX_ORIGIN: origin},
      },
    );
    expect(JSON.parse(stdout)).toEqual(
      (await send('GET', `/_sandbox/deliveries?limit=20&subscriptionId=${latest.subscriptionId}`)).body,
    );
  });

  test('a retry is a new entry with its attempt number', async () => {
    const before = (await send('GET', '/_sandbox/deliveries?limit=500')).body.total;
    const pending = (await send('GET', '/_sandbox/deliveries')).body.items.find((d: Json) => d.nextAttempt !== null);
    const {now} = (await send('GET', '/_sandbox/clock')).body;
    await send('POST', '/_sandbox/clock', {
      advanceSeconds: (Date.parse(pending.nextAttempt) - Date.parse(now)) / 1000 + 1,
    });
    const retry = await waitFor('the second attempt', async () =>
      (await send('GET', `/_sandbox/deliveries?subscriptionId=${pending.subscriptionId}`)).body.items.find(
        (d: Json) => d.attempt === 2,
      ),
    );
    expect(retry).toMatchObject({eventId: pending.eventId, responseStatus: 503, succeeded: false});
    expect((await send('GET', '/_sandbox/deliveries?limit=500')).body.total).toBe(before + 1);
  });

  test('a bad limit is a 422 naming it; an unknown parameter a 400 naming it; only GET', async () => {
    const limit = await send('GET', '/_sandbox/deliveries?limit=0');
    expect(limit.status).toBe(422);
    expect(limit.body.validationErrors).toHaveProperty('limit');
    const unknown = await send('GET', '/_sandbox/deliveries?subscription=x');
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toContain('subscription');
    expect((await send('POST', '/_sandbox/deliveries', {})).status).toBe(405);
  });

  test('one clock jump past several retries stamps each attempt at its own time on the schedule', async () => {
    const down = (await subscribe(503)).body;
    await send('POST', '/v1/invoices', {amount: {currency: 'USD', amount: '6.00'}});
    const attempts = async () =>
      (await send('GET', `/_sandbox/deliveries?subscriptionId=${down.id}`)).body.items as Json[];
    const [first] = await waitFor('the first attempt', async () => (await attempts()).length === 1 && attempts());
    // Past the second and third attempts of the schedule (x-webhook-delivery), in one jump.
    const minutes = webhookDeliveryOf(loadBundledDefinition()).attemptMinutes;
    expect((await send('POST', '/_sandbox/clock', {advanceSeconds: minutes[2]! * 60 + 100})).status).toBe(200);
    const log = await waitFor('three attempts', async () => {
      const items = await attempts();
      return items.length === 3 && items;
    });
    const firstAt = Date.parse(first!.attemptedAt);
    const offsets = log.map((d) => [d.attempt, (Date.parse(d.attemptedAt) - firstAt) / 60_000]).reverse();
    expect(offsets).toEqual([
      [1, minutes[0]],
      [2, minutes[1]],
      [3, minutes[2]],
    ]);
  });
});

describe('a sandbox that delivers to loopback only', () => {
  test('sends nothing to another host, logs why, and still delivers to a loopback receiver', async () => {
    const sandbox = createSandbox(definition, {
      manualClock: true,
      rateLimit: false,
      webhooksLoopbackOnly: {optIn: 'pass --remote-webhooks'},
    });
    const send = client(await listen(sandbox));
    const local = createServer((_req, res) => res.writeHead(200).end());
    const localUrl = `${await listenOnFreePort(local)}/hook`;
    try {
      const remote = (
        await send('POST', '/v1/subscriptions', {
          webhookUrl: 'https://hooks.example.com/kestrel',
          webhookVersion: '2025-06-01',
          secret: SECRET,
          eventTypes: ['invoice.created'],
        })
      ).body;
      const near = (await send('POST', '/v1/subscriptions', subscriptionRequest(localUrl, SECRET, ['invoice.created'])))
        .body;
      await send('POST', '/v1/invoices', {amount: {currency: 'USD', amount: '5.00'}});
      const log = await waitFor('both attempts', async () => {
        const page = (await send('GET', '/_sandbox/deliveries')).body;
        return page.total === 2 && page.items;
      });
      const toRemote = log.find((d: Json) => d.subscriptionId === remote.id);
      expect(toRemote).toMatchObject({succeeded: false, responseStatus: null, signature: null});
      expect(toRemote.error).toBe(
        "not sent: hooks.example.com is not on this machine's loopback (localhost, 127.0.0.0/8, ::1); this sandbox delivers webhooks to loopback URLs only (pass --remote-webhooks)",
      );
      expect(log.find((d: Json) => d.subscriptionId === near.id)).toMatchObject({succeeded: true, responseStatus: 200});
    } finally {
      sandbox.server.close();
      local.close();
    }
  });
});
