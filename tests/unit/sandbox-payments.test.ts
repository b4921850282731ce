/**
 * Proof of payment and repeated cancels: every Lightning payment the local sandbox completes
 * reveals a 32-byte preimage whose SHA-256 is its payment hash (as the quote gave it), and so does
 * every example of the definition and the guides; cancelling an invoice that is already
 * `CANCELLED` answers 200 with it unchanged, and one that is paid answers INVOICE_NOT_CANCELLABLE,
 * as the error catalogue and the operation say.
 */
import {describe, it, expect, beforeAll} from 'vitest';
import {createHash} from 'node:crypto';
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {readDefinition} from '../../definition/index.ts';
import {LIGHTNING_ADDRESSES, LIGHTNING_INVOICES} from '../../sandbox/test-inputs';
import {ROOT} from './openapi-definition';
import {checkedSender, fundBtcByInvoice} from './sandbox-answers';
import {suiteSandbox} from './suite-sandbox';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read field by field

const DEFINITION = readDefinition() as Json;
const ERROR_CODE = DEFINITION.components.schemas.ErrorCode;
const CANCEL = DEFINITION.paths['/invoices/{invoiceId}/cancel'].patch;

const sha256 = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

/** Every object under a JSON value that has both a `paymentHash` and a `preimage` that is not null. */
function* proofs(value: unknown): Generator<{paymentHash: string; preimage: string}> {
  if (Array.isArray(value)) for (const item of value) yield* proofs(item);
  else if (value && typeof value === 'object') {
    const o = value as Json;
    if (typeof o.paymentHash === 'string' && typeof o.preimage === 'string') yield o as never;
    for (const v of Object.values(o)) yield* proofs(v);
  }
}

/** The JSON code blocks of every guide, parsed (the ones that are whole JSON documents). */
function guideJson(): unknown[] {
  const blocks: unknown[] = [];
  for (const d of readdirSync(path.join(ROOT, 'docs'), {recursive: true, withFileTypes: true})) {
    if (!d.isFile() || !/\.mdx?$/.test(d.name)) continue;
    const text = readFileSync(path.join(d.parentPath, d.name), 'utf8');
    for (const [, body] of text.matchAll(/```json[^\n]*\n([\s\S]*?)```/g)) {
      try {
        blocks.push(JSON.parse(body!));
      } catch {
        // A fragment (an excerpt with `...`) is not a document; the pairs are in whole answers.
      }
    }
  }
  return blocks;
}

describe('a Lightning preimage is the proof of its payment hash', () => {
  it('every example of the definition and the guides with a preimage has sha256(preimage) = paymentHash', () => {
    const shown = [...proofs(DEFINITION), ...proofs(guideJson())];
    expect(shown.length).toBeGreaterThanOrEqual(2);
    for (const {paymentHash, preimage} of shown) {
      expect(preimage).toMatch(/^[0-9a-f]{64}$/);
      expect(sha256(preimage), `preimage ${preimage}`).toBe(paymentHash);
    }
    expect(DEFINITION.components.schemas.Payment.properties.lightning.properties.preimage.description).toMatch(
      /32 bytes[\s\S]*SHA-256 is `paymentHash`/,
    );
    const sending = readFileSync(path.join(ROOT, 'docs/walkthrough/sending-payments.md'), 'utf8');
    expect(sending).toMatch(/keep `preimage` as your proof of payment: its SHA-256 is the `paymentHash`/);
  });

  describe('on the local sandbox', () => {
    const sandbox = suiteSandbox(['--no-rate-limit', '--manual-clock']);
    const send = checkedSender(() => sandbox.base, 'sk_sandbox_payments');

    beforeAll(async () => {
      await fundBtcByInvoice(send, (seconds) => sandbox.advance(seconds));
    });

    it('a payment of a Lightning invoice, a Lightning address and a receive request’s LNURL each completes with a preimage that hashes to its paymentHash', async () => {
      const request = await send('POST', '/receive-requests', {currency: 'BTC'});
      const quotes = [
        await send('POST', '/payment-quotes/lightning', {lnInvoice: LIGHTNING_INVOICES.pays}),
        await send('POST', '/payment-quotes/lnurl', {
          destination: LIGHTNING_ADDRESSES.pays,
          amount: {amount: '0.00010000', currency: 'BTC'},
        }),
        await send('POST', '/payment-quotes/lnurl', {
          destination: request.body.lnurl,
          amount: {amount: '0.00010000', currency: 'BTC'},
        }),
      ];
      const payments: Json[] = [];
      for (const quote of quotes) {
        expect(quote.status).toBe(201);
        const executed = await send('POST', `/payment-quotes/${quote.body.id}/execute`);
        expect(executed.body.lightning).toEqual({paymentHash: quote.body.lightning.paymentHash, preimage: null});
        payments.push(executed.body);
      }
      await sandbox.advance(3);
      for (const executed of payments) {
        const done = (await send('GET', `/payments/${executed.id}`)).body;
        expect(done.status).toBe('COMPLETED');
        expect(done.lightning.paymentHash).toBe(executed.lightning.paymentHash);
        expect(done.lightning.preimage).toMatch(/^[0-9a-f]{64}$/);
        expect(sha256(done.lightning.preimage)).toBe(done.lightning.paymentHash);
      }
      // The receive it made carries the same hash: the payee's side of the same proof.
      const receives = (await send('GET', `/receive-requests/${request.body.id}/receives`)).body.items as Json[];
      expect(receives.map((r) => r.paymentHash)).toContain(payments[2]!.lightning.paymentHash);
    });
  });
});

describe('cancelling an invoice twice, and a paid one', () => {
  const sandbox = suiteSandbox(['--no-rate-limit', '--manual-clock']);
  const send = checkedSender(() => sandbox.base, 'sk_sandbox_cancel');
  const cancel = (id: string) => send('PATCH', `/invoices/${id}/cancel`);
  const eventsOf = async (id: string) =>
    ((await send('GET', `/events?$filter=${encodeURIComponent(`data/entityId eq '${id}'`)}`)).body.items as Json[]).map(
      (e) => e.eventType,
    );

  it('an invoice you cancelled, or one that expired, answers 200 unchanged and sends no event', async () => {
    const invoice = (await send('POST', '/invoices', {amount: {amount: '30.00', currency: 'USD'}})).body;
    const first = await cancel(invoice.id);
    expect([first.status, first.body.status, first.body.cancellationReason]).toEqual([200, 'CANCELLED', 'REQUESTED']);
    await sandbox.advance(5);
    const again = await cancel(invoice.id);
    expect([again.status, again.body]).toEqual([200, first.body]);
    expect((await eventsOf(invoice.id)).sort()).toEqual(['invoice.created', 'invoice.updated']);

    const lapsing = (
      await send('POST', '/invoices', {amount: {amount: '31.00', currency: 'USD'}, expiresInSeconds: 300})
    ).body;
    await sandbox.advance(301);
    const expired = (await send('GET', `/invoices/${lapsing.id}`)).body;
    expect([expired.status, expired.cancellationReason]).toEqual(['CANCELLED', 'EXPIRED']);
    const cancelled = await cancel(lapsing.id);
    expect([cancelled.status, cancelled.body]).toEqual([200, expired]);
  });

  it('a paid invoice answers 409 INVOICE_NOT_CANCELLABLE', async () => {
    const invoice = (await send('POST', '/invoices', {amount: {amount: '32.00', currency: 'USD'}})).body;
    await send('POST', `/invoices/${invoice.id}/quote`);
    await sandbox.advance(12);
    expect((await send('GET', `/invoices/${invoice.id}`)).body.status).toBe('PAID');
    const refused = await cancel(invoice.id);
    expect([refused.status, refused.body.code]).toEqual([409, 'INVOICE_NOT_CANCELLABLE']);
  });

  it('the error catalogue, the operation and the receiving guide say what the sandbox does', () => {
    const meaning: string = ERROR_CODE['x-enumDescriptions'].INVOICE_NOT_CANCELLABLE;
    const {action} = ERROR_CODE['x-error-catalogue'].INVOICE_NOT_CANCELLABLE;
    expect(meaning).toMatch(/`PENDING` or `PAID`/);
    expect(meaning).toMatch(/already `CANCELLED` is not this error: it answers `200` with the invoice unchanged/);
    expect(action).not.toMatch(/repeated cancel|already cancelled/i);
    expect(CANCEL.description).toMatch(/already `CANCELLED`[^.]*answers `200` with it unchanged and sends no event/);
    expect(CANCEL.responses['200'].description).toMatch(/unchanged if it already was/);
    const receiving = readFileSync(path.join(ROOT, 'docs/walkthrough/receiving-payments.md'), 'utf8');
    expect(receiving).toMatch(
      /already `CANCELLED`, by you or because it expired, answers `200 OK` with the invoice unchanged and sends no event/,
    );
  });
});
