/**
 * Rules the introduction, the account and API key pages and the definition's descriptions state,
 * each sent to the local sandbox over HTTP as an integrator following the text would send it:
 *
 * - a kept 2xx is replayed as it was first returned, so a payout created with a key replays `NEW`
 *   after it expired, and after QUOTE_EXPIRED a new payout needs the next key of its create
 *   operation (introduction.md, the INSUFFICIENT_FUNDS action of the error catalogue);
 * - the per-subscription filter of get-events lists the events with a delivery to that
 *   subscription that has not SUCCEEDED, while `deliverySuccess eq false` also lists the events no
 *   subscription lists (the Webhooks section of the definition, get-events, Event);
 * - the PAYOUT limit counts `amount` without the fee, and is checked before the balance
 *   (account/overview.md);
 * - an invoice issued without `expiresInSeconds` expires 24 hours after issue (Invoice, issueInvoice);
 * - the Conventions section names exactly the open enums of the definition.
 */
import {describe, it, expect} from 'vitest';
import {subscriptionRequest} from './request-bodies';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse as parseYaml} from 'yaml';
import {openEnumsOf} from '../../definition/index.ts';
import {EXAMPLE_AMOUNTS} from '../../sandbox/test-inputs';
import {ROOT} from './guide-http';
import {US_BANK_ACCOUNT, localAnswer} from './sandbox-answers';
import type {Sandbox} from './sandbox-process';
import {suiteSandbox} from './suite-sandbox';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers read field by field
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
/** Prose with its line breaks folded, so a sentence wrapped in YAML reads as one line. */
const prose = (text: string) => text.replace(/\s+/g, ' ');
const bundled = JSON.parse(read('static/openapi.json')) as Json;
const intro = prose(bundled.info.description as string);

/** A client for one sandbox and token; every answer must be one the definition describes. */
function client(sandbox: () => Sandbox, token: string) {
  async function send(method: string, target: string, body?: unknown, key?: string) {
    const res = await fetch(`${sandbox().base}${target}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : {'Content-Type': 'application/json'}),
        ...(method === 'POST' || method === 'PATCH' ? {'Idempotency-Key': key ?? crypto.randomUUID()} : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const {parsed, problems} = localAnswer(method, target, res, text);
    expect(problems, text).toEqual([]);
    return {status: res.status, body: parsed as Json, replayed: res.headers.get('Idempotent-Replayed')};
  }
  return {
    get: (target: string) => send('GET', target),
    post: (target: string, body?: unknown, key?: string) => send('POST', target, body, key),
    patch: (target: string) => send('PATCH', target),
  };
}

const usd = (amount: string) => ({amount, currency: 'USD'});

describe('the reference rules, on the sandbox', () => {
  const sandbox = suiteSandbox(['--no-rate-limit']);

  it('replays a kept 2xx as first returned, and takes the next key of the create operation after QUOTE_EXPIRED (introduction.md)', async () => {
    expect(read('docs/introduction.md')).toContain(
      'A payout created with a key still replays `NEW` after it has expired, so read the object by its id for its status. After `QUOTE_EXPIRED` the quote or payout can never run: create a new one with the next attempt of the create operation',
    );
    expect(prose(bundled.components.schemas.ErrorCode['x-error-catalogue'].INSUFFICIENT_FUNDS.action)).toContain(
      'create a new payout with the next key of its create operation',
    );
    const api = client(() => sandbox, 'sk_sandbox_reference_replay');
    const method = (await api.post('/payment-methods/bank', US_BANK_ACCOUNT)).body;
    const request = {paymentMethodId: method.id, amount: usd('10.00'), reference: 'order 1042'};
    const firstKey = crypto.randomUUID();
    const created = await api.post('/payouts', request, firstKey);
    expect([created.status, created.body.status]).toEqual([201, 'NEW']);

    await sandbox.advance(16 * 60);
    expect((await api.get(`/payouts/${created.body.id}`)).body.status).toBe('EXPIRED');
    const replay = await api.post('/payouts', request, firstKey);
    expect([replay.status, replay.replayed, replay.body.id, replay.body.status]).toEqual([
      201,
      'true',
      created.body.id,
      'NEW',
    ]);
    const initiated = await api.patch(`/payouts/${created.body.id}/initiate`);
    expect([initiated.status, initiated.body.code]).toEqual([422, 'QUOTE_EXPIRED']);

    const next = await api.post('/payouts', request, crypto.randomUUID());
    expect([next.status, next.replayed, next.body.status]).toEqual([201, null, 'NEW']);
    expect(next.body.id).not.toBe(created.body.id);
  });

  it('lists per subscription the events whose delivery has not SUCCEEDED; deliverySuccess eq false also lists unsubscribed ones', async () => {
    const filter = "deliveries/any(d: d/subscriptionId eq '<id>' and d/status ne 'SUCCEEDED')";
    expect(intro).toContain(`\`GET /events?$filter=${filter}\``);
    expect(intro).toContain(
      'An event that no subscription lists stays `false`, with `deliveries: []`, for its 30 days.',
    );
    expect(prose(bundled.paths['/events'].get.description)).toContain(
      `The filter \`${filter}\` lists exactly the events to process.`,
    );
    const api = client(() => sandbox, 'sk_sandbox_reference_events');
    // The receiver never answers: the delivery cannot succeed.
    const subscription = await api.post(
      '/subscriptions',
      subscriptionRequest('https://receiver.invalid/kestrel', 'reference-rules-secret-0123', ['invoice.created']),
    );
    expect(subscription.status).toBe(201);
    const invoice = (await api.post('/invoices', {amount: usd('10.00')})).body;
    expect((await api.patch(`/invoices/${invoice.id}/cancel`)).body.status).toBe('CANCELLED'); // invoice.updated: no subscription lists it
    const events = async (condition: string) =>
      (
        await api.get(
          `/events?$orderby=created%20asc&$filter=${encodeURIComponent(`${condition} and data/entityId eq '${invoice.id}'`)}`,
        )
      ).body.items as Json[];

    const mine = await events(filter.replace('<id>', subscription.body.id));
    expect(mine.map((e) => [e.eventType, e.deliveries.map((d: Json) => d.subscriptionId)])).toEqual([
      ['invoice.created', [subscription.body.id]],
    ]);
    const unacknowledged = await events('deliverySuccess eq false');
    expect(unacknowledged.map((e) => [e.eventType, e.deliveries.length])).toEqual([
      ['invoice.created', 1],
      ['invoice.updated', 0],
    ]);
  });

  it('counts a payout against the PAYOUT limit by amount without the fee, and checks the limit before the balance (account/overview.md)', async () => {
    expect(read('docs/account/overview.md')).toContain(
      '| `PAYOUT` | Payouts to bank accounts, by `amount` (what the recipient gets, without the fee), when you initiate them. The limit is checked before your balance: a payout over both answers `LIMIT_EXCEEDED` |',
    );
    const api = client(() => sandbox, 'sk_sandbox_reference_limits');
    const limit = (await api.get('/account/limits')).body.limits.find((l: Json) => l.operation === 'PAYOUT');
    expect(limit.remaining).toEqual(usd('47287.60'));
    const method = (await api.post('/payment-methods/bank', US_BANK_ACCOUNT)).body;
    const payout = async (amount: string) =>
      (await api.post('/payouts', {paymentMethodId: method.id, amount: usd(amount), reference: 'limits'})).body;

    // With an empty balance, one cent over the limit is refused for the limit, not the funds.
    const over = await payout('47287.61');
    const refused = await api.patch(`/payouts/${over.id}/initiate`);
    expect([refused.status, refused.body.code]).toEqual([422, 'LIMIT_EXCEEDED']);
    const small = await payout('10.00');
    const unfunded = await api.patch(`/payouts/${small.id}/initiate`);
    expect([unfunded.status, unfunded.body.code]).toEqual([422, 'INSUFFICIENT_FUNDS']);

    const deposit = (await api.post('/deposits', {paymentMethodId: method.id, amount: usd('60000.00')})).body;
    await sandbox.advance(5);
    expect((await api.get(`/deposits/${deposit.id}`)).body.status).toBe('COMPLETED');
    // Exactly what remains, with its fee on top: the fee does not count.
    const atLimit = await payout('47287.60');
    expect(Number(atLimit.sourceAmount.amount)).toBeGreaterThan(47287.6);
    const initiated = await api.patch(`/payouts/${atLimit.id}/initiate`);
    expect([initiated.status, initiated.body.status]).toEqual([200, 'INITIATED']);
  });

  it('expires an invoice issued without expiresInSeconds 24 hours after issue (Invoice, issueInvoice)', async () => {
    expect(prose(bundled.components.schemas.Invoice.properties.expiration.description)).toContain(
      '`expiresInSeconds` after it was issued, which you set when you issue it (from 5 minutes to 30 days; 24 hours if you leave it out).',
    );
    const api = client(() => sandbox, 'sk_sandbox_reference_invoice');
    const invoice = (await api.post('/invoices', {amount: usd(EXAMPLE_AMOUNTS.expires)})).body;
    expect(Date.parse(invoice.expiration) - Date.parse(invoice.created)).toBe(24 * 3600 * 1000);
    await sandbox.advance(24 * 3600 - 1);
    expect((await api.get(`/invoices/${invoice.id}`)).body.status).toBe('UNPAID');
    await sandbox.advance(2);
    const expired = (await api.get(`/invoices/${invoice.id}`)).body;
    expect([expired.status, expired.cancellationReason]).toEqual(['CANCELLED', 'EXPIRED']);
  });
});

describe('the open enums the Conventions section names', () => {
  it('are exactly those the definition marks open', () => {
    const yaml = parseYaml(read('openapi/openapi.yaml')) as Json;
    const conventions = prose(yaml.info.description as string).match(/\*\*Additive changes\*\*:(.*?)## /)?.[1] ?? '';
    expect(conventions).toContain('marks with `x-ms-enum` `modelAsString: true`');
    const named = conventions.match(/`modelAsString: true`: (.*?)\. /)?.[1] ?? '';
    const names = [...named.matchAll(/`(\w+)`/g)].map((m) => m[1]);
    expect(names.sort()).toEqual(openEnumsOf(bundled).sort());
    expect(conventions).toContain('Every other enum, such as a status, gains a value only in a new major version.');
  });
});
