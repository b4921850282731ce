/**
 * What `POST /_sandbox/clock` answers, as docs/sandbox.md ("Move the clock forward") and
 * workflows/sandbox-controls.openapi.yaml describe it: the new time, each status an object took
 * (account, object, id, from, to, at) in order, the webhook attempts made meanwhile, and those still
 * in flight. And a test event, which get events does not list, answers find event by id with its
 * one delivery, as /webhooks/setting-up-webhooks says.
 */
import {afterAll, beforeAll, expect, test} from 'vitest';
import {subscriptionRequest} from './request-bodies';
import {sandboxWithReceiver} from './sandbox-in-process';

/** The receiver answers 500 until `healthy`, then 204; every body it got, in order. */
let healthy = false;
const received: {eventType: string; id: string}[] = [];
const {start, stop, hook, call} = sandboxWithReceiver(
  {rateLimit: false, manualClock: true, payAfterSeconds: 10},
  (body, res) => {
    received.push(JSON.parse(body) as {eventType: string; id: string});
    res.writeHead(healthy ? 204 : 500).end();
  },
);
beforeAll(start);
afterAll(stop);

const advance = (seconds: number) => call('POST', '/_sandbox/clock', {advanceSeconds: seconds});

test('a clock move answers each status an object took and each delivery attempt, with its number', async () => {
  const sub = await call(
    'POST',
    '/v1/subscriptions',
    subscriptionRequest(hook(), 'clock-answer-secret-0123456789', ['invoice.updated']),
    'clock-sub',
  );
  expect(sub.status).toBe(201);
  const invoice = (await call('POST', '/v1/invoices', {amount: {amount: '10.00', currency: 'USD'}}, 'clock-inv')).body;
  expect((await call('POST', `/v1/invoices/${invoice.id}/quote`, {}, 'clock-quote')).status).toBe(201);

  const moved = await advance(30);
  expect(moved.status).toBe(200);
  expect(moved.body.offsetSeconds).toBe(30);
  const invoiceSteps = moved.body.statusChanges.filter((c: {id: string}) => c.id === invoice.id);
  expect(invoiceSteps.map((c: {from: string; to: string}) => `${c.from} -> ${c.to}`)).toEqual([
    'UNPAID -> PENDING',
    'PENDING -> PAID',
  ]);
  expect(invoiceSteps[0]).toMatchObject({account: 'default', object: 'Invoice'});
  expect(Date.parse(invoiceSteps[0].at)).toBeLessThanOrEqual(Date.parse(invoiceSteps[1].at));
  // Each status step emitted invoice.updated; the receiver answered 500 to both first attempts.
  expect(moved.body.deliveries.length).toBeGreaterThanOrEqual(2);
  for (const d of moved.body.deliveries)
    expect(d).toMatchObject({
      eventType: 'invoice.updated',
      subscriptionId: sub.body.id,
      attempt: 1,
      succeeded: false,
      responseStatus: 500,
    });
  expect(moved.body.deliveriesInFlight).toBe(0);

  // The next move runs the retries: attempt 2 of the same events, acknowledged this time.
  healthy = true;
  const retried = await advance(3600);
  const again = retried.body.deliveries.filter((d: {eventId: string}) =>
    moved.body.deliveries.some((first: {eventId: string}) => first.eventId === d.eventId),
  );
  expect(again.map((d: {attempt: number; succeeded: boolean}) => [d.attempt, d.succeeded])).toEqual(
    moved.body.deliveries.map(() => [2, true]),
  );
  // Nothing changed status twice: the invoice is PAID and stays so.
  expect(retried.body.statusChanges.filter((c: {id: string}) => c.id === invoice.id)).toEqual([]);
});

test('a move with nothing due answers empty lists', async () => {
  const quiet = await advance(0);
  expect(quiet.body).toMatchObject({statusChanges: [], deliveries: [], deliveriesInFlight: 0});
  expect(Object.keys(quiet.body).sort()).toEqual(
    ['deliveries', 'deliveriesInFlight', 'now', 'offsetSeconds', 'statusChanges'].sort(),
  );
});

test('a test event answers find event by id with its one delivery, and get events does not list it', async () => {
  const subs = (await call('GET', '/v1/subscriptions')).body.items as {id: string}[];
  const sent = await call('POST', `/_sandbox/subscriptions/${subs[0]!.id}/test-event`, {eventType: 'invoice.updated'});
  expect(sent.status).toBe(200);
  const found = await call('GET', `/v1/events/${sent.body.event.id}`);
  expect(found.status).toBe(200);
  expect(found.body).toMatchObject({
    id: sent.body.event.id,
    eventType: 'invoice.updated',
    data: {changes: []},
    deliverySuccess: true,
    deliveries: [
      {subscriptionId: subs[0]!.id, status: 'SUCCEEDED', attempts: 1, lastResponseStatus: 204, nextAttempt: null},
    ],
  });
  expect(found.body).not.toHaveProperty('_test');
  const listed = (await call('GET', '/v1/events?$top=100')).body.items as {id: string}[];
  expect(listed.map((e) => e.id)).not.toContain(sent.body.event.id);
  // The receiver got the very event find event by id answers.
  expect(received.at(-1)).toMatchObject({id: sent.body.event.id, eventType: 'invoice.updated'});
});
