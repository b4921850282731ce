/**
 * A clock move's `deliveries` are the attempts that ended during the move, as docs/sandbox.md says:
 * one already on the wire when the move began, and answered during it, is listed beside the
 * retries the move made.
 */
import http from 'node:http';
import {afterAll, beforeAll, expect, test} from 'vitest';
import {Definition} from '../../sandbox/definition';
import {createSandbox} from '../../sandbox/start';
import {listenOnFreePort} from '../support/ports.mjs';
import {loadBundledDefinition} from './openapi-definition';
import {waitFor} from './sandbox-process';

const sandbox = createSandbox(new Definition(loadBundledDefinition()), {rateLimit: false, manualClock: true});
/** Event ids in arrival order; the first event's first attempt gets 500, the second's is held. */
const arrivals: string[] = [];
let held: http.ServerResponse | undefined;
let first: string | undefined;
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c));
  req.on('end', () => {
    const id = (JSON.parse(body) as {id: string}).id;
    arrivals.push(id);
    first ??= id;
    if (id !== first) {
      held = res;
      return;
    }
    // The first event's retry comes during the move: release the held attempt then, so it ends there too.
    if (arrivals.filter((a) => a === id).length > 1) held?.writeHead(204).end();
    res.writeHead(arrivals.filter((a) => a === id).length > 1 ? 204 : 500).end();
  });
});
let origin: string;
let hook: string;

beforeAll(async () => {
  origin = await listenOnFreePort(sandbox.server);
  hook = `${await listenOnFreePort(receiver)}/hook`;
});
afterAll(async () => {
  for (const server of [sandbox.server, receiver]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function call(method: string, path: string, body: unknown, key?: string) {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: {
      Authorization: 'Bearer sk_sandbox_test',
      'Content-Type': 'application/json',
      ...(key && {'Idempotency-Key': key}),
    },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- read field by field
}

test('an attempt on the wire when the move began, answered during it, is among its deliveries', async () => {
  await call(
    'POST',
    '/v1/subscriptions',
    {
      webhookUrl: hook,
      webhookVersion: '2025-06-01',
      secret: 'in-flight-secret-0123456789',
      eventTypes: ['invoice.created'],
    },
    'in-flight-sub',
  );
  await call('POST', '/v1/invoices', {amount: {amount: '1.00', currency: 'USD'}}, 'in-flight-1');
  await waitFor('the first attempt', async () => arrivals.length === 1, 5_000);
  await call('POST', '/v1/invoices', {amount: {amount: '2.00', currency: 'USD'}}, 'in-flight-2');
  await waitFor('the second attempt, held', async () => held !== undefined, 5_000);
  const before = Date.parse((await (await fetch(`${origin}/_sandbox/clock`)).json()).now as string);

  const moved = await call('POST', '/_sandbox/clock', {advanceSeconds: 3600});
  const second = arrivals.find((id) => id !== first)!;
  const listed = (moved.deliveries as {eventId: string; attempt: number; attemptedAt: string}[]).map((d) => ({
    eventId: d.eventId,
    attempt: d.attempt,
    beforeMove: Date.parse(d.attemptedAt) < before + 1,
  }));
  expect(listed).toContainEqual({eventId: second, attempt: 1, beforeMove: true});
  expect(listed).toContainEqual({eventId: first, attempt: 2, beforeMove: false});
  expect(moved.deliveriesInFlight).toBe(0);
});
