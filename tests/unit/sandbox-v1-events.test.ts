/**
 * Events and webhooks for a client pinned to release 1.0.0. The events API answers 1.0.0's
 * `deliverySuccess` (true once any endpoint acknowledged the event) without `deliveries`, and
 * filters on that meaning; at the latest release it is true only once every subscription did. A
 * webhook's body follows its subscription's `webhookVersion`: 1.0.0 and the latest release define
 * the same one, so a subscription made at 1.0.0 receives the body one made now does, valid against
 * both releases' `Event`. An expiry (a payout or exchange quote becoming `EXPIRED`) records an event
 * 1.0.0 does not have: its events API neither lists nor finds it, while every subscription that
 * lists its type receives it, as the subscription's `webhookVersion`, not an API version, governs.
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {bankTransferRequest, exchangeRequest} from './request-bodies';
import {US_BANK_ACCOUNT, guideDefinition} from './sandbox-answers';
import {recordingEndpoint, type RecordingEndpoint} from './recording-endpoint';
import {waitFor} from './sandbox-process';
import {suiteSandbox} from './suite-sandbox';
import {LATEST, V1, releaseDefinition, versionSender} from './sandbox-v1';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read field by field

const TOKEN = 'sk_sandbox_v1_hooks';
const SECRET = 'v1-hooks-secret-0123456789';

describe('events and webhooks at Kestrel-Version 1.0.0', () => {
  const sandbox = suiteSandbox(['--no-rate-limit', '--token', `${TOKEN}=hooks`]);
  const v1 = versionSender(() => sandbox.base, TOKEN, V1);
  const latest = versionSender(() => sandbox.base, TOKEN, LATEST);
  let acknowledging: RecordingEndpoint;
  let failing: RecordingEndpoint;
  /** Receives the events of expiries, for a subscription made at 1.0.0. */
  let expiries: RecordingEndpoint;
  /** The payload version 1.0.0 defines, which a subscription made with it asks for. */
  const webhookVersion = (releaseDefinition(V1).root as Json).components.schemas.WebhookVersion.enum[0] as string;
  let eventId = '';

  beforeAll(async () => {
    acknowledging = await recordingEndpoint(204);
    failing = await recordingEndpoint(500);
    expiries = await recordingEndpoint(204);
    // The first subscription is made by a 1.0.0 client, the second by a client of the latest release.
    for (const [send, e] of [
      [v1, acknowledging],
      [latest, failing],
    ] as const) {
      const made = await send('POST', '/subscriptions', {
        webhookUrl: e.url,
        webhookVersion,
        secret: SECRET,
        eventTypes: ['invoice.created'],
      });
      expect(made.status).toBe(201);
    }
    await v1('POST', '/invoices', {amount: {amount: '12.00', currency: 'USD'}});
    await waitFor('both deliveries', async () => acknowledging.bodies.length > 0 && failing.bodies.length > 0);
    eventId = JSON.parse(acknowledging.bodies[0]!).id;
  });
  afterAll(async () => {
    for (const e of [acknowledging, failing, expiries]) await e?.close();
  });

  it('at 1.0.0 deliverySuccess is true once one endpoint acknowledged, without deliveries; at the latest release it waits for every subscription', async () => {
    const now = (await latest('GET', `/events/${eventId}`)).body;
    expect(now.deliverySuccess).toBe(false);
    expect(now.deliveries.map((d: Json) => d.status)).toEqual(['SUCCEEDED', 'PENDING']);
    const then = (await v1('GET', `/events/${eventId}`)).body;
    expect(then.deliverySuccess).toBe(true);
    expect(then).not.toHaveProperty('deliveries');
  });

  it('the recovery query (deliverySuccess eq false) filters on the served release’s meaning', async () => {
    const missed = '/events?%24filter=deliverySuccess%20eq%20false';
    const ids = async (send: typeof v1) => ((await send('GET', missed)).body.items as Json[]).map((e) => e.id);
    expect(await ids(latest)).toContain(eventId);
    expect(await ids(v1)).not.toContain(eventId);
  });

  it('a subscription made at 1.0.0 receives the body a subscription made now does, valid against both releases’ Event', () => {
    const [then, now] = [acknowledging.bodies[0]!, failing.bodies[0]!].map((b) => JSON.parse(b) as Json);
    expect(then).toEqual(now);
    expect(then).toMatchObject({id: eventId, eventType: 'invoice.created', webhookVersion, deliverySuccess: false});
    expect(then).not.toHaveProperty('deliveries');
    expect(releaseDefinition(V1).schema('Event')(then)).toEqual([]);
    expect(guideDefinition.schema('Event')(then)).toEqual([]);
  });

  it('an expiry’s event is listed and found at the latest release, neither at 1.0.0, and goes to every subscription that lists its type, one made at 1.0.0 too (2.0.0 notes, EXPIRED)', async () => {
    const made = await v1('POST', '/subscriptions', {
      webhookUrl: expiries.url,
      webhookVersion,
      secret: SECRET,
      eventTypes: ['payout.updated', 'currency-exchange-quote.updated'],
    });
    expect(made.status).toBe(201);
    const method = (await v1('POST', '/payment-methods/bank', US_BANK_ACCOUNT)).body;
    const payout = (
      await v1('POST', '/payouts', bankTransferRequest(method.id, '5.00', 'USD', 'V1 EXPIRY EVENT', 'BTC'))
    ).body;
    const quote = (await v1('POST', '/currency-exchange-quotes', exchangeRequest('BTC', 'USD', '0.00100000'))).body;
    const lifetime = (o: Json) => (Date.parse(o.expiration) - Date.parse(o.created)) / 1000;
    await sandbox.advance(Math.max(lifetime(payout), lifetime(quote)) + 2);
    await waitFor('the two expiries’ deliveries', async () => expiries.bodies.length >= 2);

    const delivered = expiries.bodies.map((b) => JSON.parse(b) as Json);
    expect(delivered.map((e) => [e.eventType, e.data.entityId]).sort()).toEqual(
      [
        ['currency-exchange-quote.updated', quote.id],
        ['payout.updated', payout.id],
      ].sort(),
    );
    for (const event of delivered) {
      expect(Object.keys(event).filter((field) => field.startsWith('_'))).toEqual([]);
      expect(releaseDefinition(V1).schema('Event')(event)).toEqual([]);
    }
    const ids = delivered.map((e) => e.id as string);
    const listed = async (send: typeof v1) =>
      ((await send('GET', '/events?%24top=100')).body.items as Json[]).map((e) => e.id);
    expect(await listed(latest)).toEqual(expect.arrayContaining(ids));
    expect((await listed(v1)).filter((id) => ids.includes(id))).toEqual([]);
    for (const id of ids) {
      expect((await latest('GET', `/events/${id}`)).status).toBe(200);
      const then = await v1('GET', `/events/${id}`);
      expect([then.status, then.body.code]).toEqual([404, 'EVENT_NOT_FOUND']);
    }
    // The events 1.0.0 has are still there: the invoice's.
    expect(await listed(v1)).toContain(eventId);
  });
});
