/**
 * A receive request is reusable, so it presents what can be paid again and again: an LNURL-pay
 * link (and an on-chain address), never a BOLT11 invoice, which has one payment hash and is paid
 * once. Checked in the definition, in the guide, and over HTTP against the local sandbox: the link
 * resolves to the request's own amount and description, and paying it twice makes two receives,
 * each with its own payment hash.
 */
import {describe, it, expect} from 'vitest';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {decodeLnurl} from '../../sandbox/lnurl';
import {ROOT, loadBundledDefinition} from './openapi-definition';
import {checkedSender} from './sandbox-answers';
import {suiteSandbox} from './suite-sandbox';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read field by field
const SCHEMAS = (loadBundledDefinition() as Json).components.schemas;
const BOLT11_PATTERN: string = SCHEMAS.Bolt11.pattern;

/** Every string value in a JSON value, with its path. */
function strings(value: unknown, at = ''): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => strings(v, at ? `${at}.${k}` : k));
  return [];
}

describe('receive requests present no single-use BOLT11 invoice', () => {
  // A manual clock: the payments and receives settle when the test moves time, never because a
  // loaded machine let real time run on between two calls.
  const sandbox = suiteSandbox(['--no-rate-limit', '--manual-clock']);

  const send = checkedSender(() => sandbox.base, 'sk_sandbox_receive_requests');

  it('the definition gives a receive request an LNURL-pay link and no BOLT11 field, and so does the guide', () => {
    const schema = SCHEMAS.ReceiveRequest;
    expect(schema.required).toContain('lnurl');
    const bolt11 = Object.entries<Json>(schema.properties).filter(([, p]) => p.pattern === BOLT11_PATTERN);
    expect(bolt11.map(([name]) => name)).toEqual([]);
    for (const example of ['ReceiveRequestFixedAmount', 'ReceiveRequestOpenAmount', 'ReceiveRequestListPage']) {
      const value = (loadBundledDefinition() as Json).components.examples[example].value;
      expect(strings(value).filter(([, v]) => new RegExp(BOLT11_PATTERN).test(v))).toEqual([]);
    }
    const guide = readFileSync(path.join(ROOT, 'docs/walkthrough/receiving-payments.md'), 'utf8');
    const section = guide.slice(guide.indexOf('## Accept any amount with a receive request'));
    expect(section).toMatch(/"lnurl": "LNURL1/);
    expect(section).not.toMatch(/lnInvoice|"lntbs/);
  });

  it('the sandbox answers an LNURL that resolves to the request: exactly its amount in BTC, and its description', async () => {
    const created = await send('POST', '/receive-requests', {
      currency: 'BTC',
      amount: {amount: '0.00025000', currency: 'BTC'},
      description: 'Ticket 12',
    });
    expect(created.status).toBe(201);
    expect(created.body).not.toHaveProperty('lnInvoice');
    expect(strings(created.body).filter(([, v]) => new RegExp(BOLT11_PATTERN).test(v))).toEqual([]);
    expect(created.body.lnurl).toMatch(new RegExp(SCHEMAS.ReceiveRequest.properties.lnurl.pattern));
    expect(decodeLnurl(created.body.lnurl)).toMatch(/^https:\/\//);
    const details = await send('GET', `/lnurl/details?destination=${encodeURIComponent(created.body.lnurl)}`);
    expect(details.body).toMatchObject({
      destination: created.body.lnurl,
      lightningAddress: null,
      description: 'Ticket 12',
      minSendable: {amount: '0.00025000', currency: 'BTC'},
      maxSendable: {amount: '0.00025000', currency: 'BTC'},
    });
    const other = await send('POST', '/payment-quotes/lnurl', {
      destination: created.body.lnurl,
      amount: {amount: '0.00030000', currency: 'BTC'},
    });
    expect(other.body.code).toBe('AMOUNT_OUT_OF_RANGE');
  });

  it('its LNURL is paid twice: two Lightning receives, each with its own payment hash, and totalReceived sums them', async () => {
    // Fund the BTC balance the payments come from with a paid invoice.
    const invoice = await send('POST', '/invoices', {amount: {amount: '0.00100000', currency: 'BTC'}});
    await send('POST', `/invoices/${invoice.body.id}/quote`);
    await sandbox.advance(12);
    const request = (await send('POST', '/receive-requests', {currency: 'BTC', description: 'Tip jar'})).body;
    const hashes: string[] = [];
    for (const amount of ['0.00002000', '0.00003000']) {
      const quote = await send('POST', '/payment-quotes/lnurl', {
        destination: request.lnurl,
        amount: {amount, currency: 'BTC'},
      });
      expect(quote.status).toBe(201);
      const payment = await send('POST', `/payment-quotes/${quote.body.id}/execute`);
      expect(payment.status).toBe(201);
      hashes.push(payment.body.lightning.paymentHash);
      await sandbox.advance(3);
    }
    const receives = await send(
      'GET',
      `/receive-requests/${request.id}/receives?$filter=${encodeURIComponent("network eq 'LIGHTNING'")}`,
    );
    expect(receives.body.items.map((r: Json) => r.paymentHash).sort()).toEqual([...hashes].sort());
    expect(new Set(hashes).size).toBe(2);
    expect(receives.body.items.map((r: Json) => r.status)).toEqual(['COMPLETED', 'COMPLETED']);
    const after = (await send('GET', `/receive-requests/${request.id}`)).body;
    expect(after.totalReceived).toEqual({amount: '0.00005000', currency: 'BTC'});
  });
});
