/**
 * A clock move's `deliveries` are the attempts that ended during the move, as docs/sandbox.md says:
 * one already on the wire when the move began, and answered during it, is listed beside the
 * retries the move made.
 */
import type http from 'node:http';
import {afterAll, beforeAll, expect, test} from 'vitest';
import {subscriptionRequest} from './request-bodies';
import {sandboxWithReceiver} from './sandbox-in-process';
import {waitFor} from './sandbox-process';

/** Event ids in arrival order; the first event's first attempt gets 500, the second's is held. */
const arrivals: string[] = [];
let held: http.ServerResponse | undefined;
let first: string | undefined;
const {start, stop, hook, call} = sandboxWithReceiver({rateLimit: false, manualClock: true}, (body, res) => {
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
beforeAll(start);
afterAll(stop);

test('an attempt on the wire when the move began, answered during it, is among its deliveries', async () => {
  await call(
    'POST',
    '/v1/subscriptions',
    subscriptionRequest(hook(), 'in-flight-secret-0123456789', ['invoice.created']),
    'in-flight-sub',
  );
  await call('POST', '/v1/invoices', {amount: {amount: '1.00', currency: 'USD'}}, 'in-flight-1');
  await waitFor('the first attempt', async () => arrivals.length === 1, 5_000);
  await call('POST', '/v1/invoices', {amount: {amount: '2.00', currency: 'USD'}}, 'in-flight-2');
  await waitFor('the second attempt, held', async () => held !== undefined, 5_000);
  const before = Date.parse((await call('GET', '/_sandbox/clock')).body.now as string);

  const moved = (await call('POST', '/_sandbox/clock', {advanceSeconds: 3600})).body;
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
