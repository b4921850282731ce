/**
 * The sandbox answers a client pinned to release 1.0.0 (`Kestrel-Version: 1.0.0`) as 1.0.0 did,
 * where 2.0.0 changed something such a client notices: each answer here is checked against
 * openapi/releases/1.0.0.json with closed objects, and contrasted with the answer at the latest
 * release. A receive request carries its BOLT11 invoice (`lnInvoice`, paid once at every version)
 * and takes an amount in any currency; an expired payout or exchange quote stays `NEW`; a balance
 * below zero shows `0`; exchange quotes are priced at the mid, without minimums.
 */
import {describe, expect, it} from 'vitest';
import {bolt11Amount} from '../../sandbox/operations/payments.ts';
import {minus, product} from './exact-decimal';
import {bankTransferRequest, exchangeRequest} from './request-bodies';
import {US_BANK_ACCOUNT, fundBtcByInvoice} from './sandbox-answers';
import {suiteSandbox} from './suite-sandbox';
import {LATEST, V1, versionSender} from './sandbox-v1';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read field by field

const MAIN = 'sk_sandbox_v1_main';
const REVERSAL = 'sk_sandbox_v1_reversal';

describe('the sandbox at Kestrel-Version 1.0.0 answers as release 1.0.0 did', () => {
  const sandbox = suiteSandbox(['--no-rate-limit', '--token', MAIN, '--token', `${REVERSAL}=reversal`]);
  const v1 = versionSender(() => sandbox.base, MAIN, V1);
  const latest = versionSender(() => sandbox.base, MAIN, LATEST);

  it('a receive request carries its BOLT11 invoice as lnInvoice and no lnurl at 1.0.0, and the LNURL-pay link without lnInvoice at the latest release', async () => {
    const created = await v1('POST', '/receive-requests', {
      currency: 'BTC',
      amount: {amount: '0.00025000', currency: 'BTC'},
    });
    expect(created.status).toBe(201);
    expect(created.body.lnInvoice).toMatch(/^lntbs/);
    expect(bolt11Amount(created.body.lnInvoice)).toBe(25_000n);
    expect(created.body).not.toHaveProperty('lnurl');
    const listed = (await v1('GET', '/receive-requests')).body.items.find((r: Json) => r.id === created.body.id);
    expect(listed.lnInvoice).toBe(created.body.lnInvoice);

    const now = (await latest('GET', `/receive-requests/${created.body.id}`)).body;
    expect(now.lnurl).toMatch(/^LNURL1/);
    expect(now).not.toHaveProperty('lnInvoice');
    // Without an amount the payer chooses it: the invoice states none.
    const open = (await v1('POST', '/receive-requests', {currency: 'BTC'})).body;
    expect(open.lnInvoice).toMatch(/^lntbs1/);
    expect(bolt11Amount(open.lnInvoice)).toBeUndefined();
  });

  it('a receive request takes its amount in another currency at 1.0.0, and refuses it at the latest release', async () => {
    const body = {currency: 'BTC', amount: {amount: '25.00', currency: 'USD'}};
    const then = await v1('POST', '/receive-requests', body);
    expect(then.status).toBe(201);
    expect(then.body.amount).toEqual({amount: '25.00', currency: 'USD'});
    expect(bolt11Amount(then.body.lnInvoice)).toBeGreaterThan(0n);
    const now = await latest('POST', '/receive-requests', body);
    expect([now.status, now.body.code, Object.keys(now.body.validationErrors)]).toEqual([
      422,
      'VALIDATION_FAILED',
      ['amount.currency'],
    ]);
  });

  it('a receive request’s lnInvoice is paid once, at every version: a second quote is refused, and of two executed quotes the second payment fails', async () => {
    await fundBtcByInvoice(v1, sandbox.advance);
    const request = (
      await v1('POST', '/receive-requests', {currency: 'BTC', amount: {amount: '0.00010000', currency: 'BTC'}})
    ).body;
    const quote = (await v1('POST', '/payment-quotes/lightning', {lnInvoice: request.lnInvoice})).body;
    expect((await v1('POST', `/payment-quotes/${quote.id}/execute`)).status).toBe(201);
    await sandbox.advance(4);
    const receives = (await v1('GET', `/receive-requests/${request.id}/receives`)).body.items as Json[];
    expect(receives.map((r) => [r.network, r.status, r.creditedAmount.amount])).toEqual([
      ['LIGHTNING', 'COMPLETED', '0.00010000'],
    ]);
    for (const send of [v1, latest]) {
      const again = await send('POST', '/payment-quotes/lightning', {lnInvoice: request.lnInvoice});
      expect([again.status, again.body.code]).toEqual([422, 'VALIDATION_FAILED']);
      expect(again.body.validationErrors.lnInvoice.join(' ')).toContain('paid once');
    }

    const other = (
      await v1('POST', '/receive-requests', {currency: 'BTC', amount: {amount: '0.00010000', currency: 'BTC'}})
    ).body;
    const first = (await v1('POST', '/payment-quotes/lightning', {lnInvoice: other.lnInvoice})).body;
    const second = (await v1('POST', '/payment-quotes/lightning', {lnInvoice: other.lnInvoice})).body;
    const paid = (await v1('POST', `/payment-quotes/${first.id}/execute`)).body;
    const refused = (await v1('POST', `/payment-quotes/${second.id}/execute`)).body;
    await sandbox.advance(4);
    expect((await v1('GET', `/payments/${paid.id}`)).body.status).toBe('COMPLETED');
    const failed = (await v1('GET', `/payments/${refused.id}`)).body;
    expect([failed.status, failed.failureReason]).toEqual(['FAILED', 'PAYEE_REJECTED']);
  });

  it('executing a quote twice answers QUOTE_ALREADY_EXECUTED without paymentId at 1.0.0, which has no such member, and with it at the latest release', async () => {
    await fundBtcByInvoice(v1, sandbox.advance);
    const request = (
      await v1('POST', '/receive-requests', {currency: 'BTC', amount: {amount: '0.00010000', currency: 'BTC'}})
    ).body;
    const quote = (await v1('POST', '/payment-quotes/lightning', {lnInvoice: request.lnInvoice})).body;
    const payment = (await v1('POST', `/payment-quotes/${quote.id}/execute`)).body;
    const then = await v1('POST', `/payment-quotes/${quote.id}/execute`);
    expect([then.status, then.body.code]).toEqual([409, 'QUOTE_ALREADY_EXECUTED']);
    expect(then.body).not.toHaveProperty('paymentId');
    const now = await latest('POST', `/payment-quotes/${quote.id}/execute`);
    expect([now.status, now.body.paymentId]).toEqual([409, payment.id]);
  });

  it('an exchange quote past its expiration stays NEW at 1.0.0 (EXPIRED at the latest release), and executing it answers QUOTE_EXPIRED', async () => {
    const quote = (await v1('POST', '/currency-exchange-quotes', exchangeRequest('BTC', 'USD', '0.00100000'))).body;
    await sandbox.advance((Date.parse(quote.expiration) - Date.parse(quote.created)) / 1000 + 2);
    const then = (await v1('GET', `/currency-exchange-quotes/${quote.id}`)).body;
    expect([then.status, then.expiration]).toEqual(['NEW', quote.expiration]);
    expect((await latest('GET', `/currency-exchange-quotes/${quote.id}`)).body.status).toBe('EXPIRED');
    const executed = await v1('POST', `/currency-exchange-quotes/${quote.id}/execute`);
    expect([executed.status, executed.body.code]).toEqual([422, 'QUOTE_EXPIRED']);
  });

  it('a payout past its expiration stays NEW at 1.0.0 (EXPIRED at the latest release), listed so, and initiating it answers QUOTE_EXPIRED', async () => {
    const method = (await v1('POST', '/payment-methods/bank', US_BANK_ACCOUNT)).body;
    const payout = (await v1('POST', '/payouts', bankTransferRequest(method.id, '5.00', 'USD', 'V1 EXPIRY', 'BTC')))
      .body;
    await sandbox.advance((Date.parse(payout.expiration) - Date.parse(payout.created)) / 1000 + 2);
    expect((await v1('GET', `/payouts/${payout.id}`)).body.status).toBe('NEW');
    const listed = (await v1('GET', '/payouts')).body.items.find((p: Json) => p.id === payout.id);
    expect(listed.status).toBe('NEW');
    expect((await latest('GET', `/payouts/${payout.id}`)).body.status).toBe('EXPIRED');
    const initiated = await v1('PATCH', `/payouts/${payout.id}/initiate`);
    expect([initiated.status, initiated.body.code]).toEqual([422, 'QUOTE_EXPIRED']);
  });

  it('$filter reads a payout’s status as the served release shows it: an expired one is NEW at 1.0.0, EXPIRED at the latest release', async () => {
    const method = (await v1('POST', '/payment-methods/bank', US_BANK_ACCOUNT)).body;
    const payout = (await v1('POST', '/payouts', bankTransferRequest(method.id, '6.00', 'USD', 'V1 FILTER', 'BTC')))
      .body;
    await sandbox.advance((Date.parse(payout.expiration) - Date.parse(payout.created)) / 1000 + 2);
    const found = async (send: typeof v1, status: string) => {
      const filter = encodeURIComponent(`status eq '${status}' and reference eq 'V1 FILTER'`);
      return ((await send('GET', `/payouts?%24filter=${filter}`)).body.items as Json[]).map((p) => p.id);
    };
    expect(await found(v1, 'NEW')).toEqual([payout.id]);
    // 1.0.0 has no EXPIRED: such a filter finds nothing, as any value no payout has.
    expect(await found(v1, 'EXPIRED')).toEqual([]);
    expect(await found(latest, 'EXPIRED')).toEqual([payout.id]);
    expect(await found(latest, 'NEW')).toEqual([]);
  });

  it('an exchange quote is priced at the mid at 1.0.0 and at the bid at the latest release, its target rounded down at both, as 1.0.0’s rate says', async () => {
    const tickers = (await v1('GET', '/rates/ticker')).body.items as Json[];
    const usd = tickers.find((t) => t.quoteCurrency === 'USD')!;
    const close = (rate: string, price: string) => Math.abs(Number(rate) / Number(price) - 1) < 1e-9;
    let halfUpDiffers = 0;
    for (const amount of ['0.01234567', '0.00098765', '0.00333333', '0.00777777', '0.00054321']) {
      const body = {sourceCurrency: 'BTC', targetCurrency: 'USD', amount: {amount, currency: 'BTC'}};
      const then = (await v1('POST', '/currency-exchange-quotes', body)).body;
      const now = (await latest('POST', '/currency-exchange-quotes', body)).body;
      expect(close(then.rate, usd.mid)).toBe(true);
      expect(close(now.rate, usd.bid)).toBe(true);
      const net = minus(amount, then.fee.amount, 8);
      expect(then.target.amount).toBe(product(net, then.rate, 2, 'down'));
      expect(now.target.amount).toBe(product(minus(amount, now.fee.amount, 8), now.rate, 2, 'down'));
      if (product(net, then.rate, 2, 'half-up') !== product(net, then.rate, 2, 'down')) halfUpDiffers++;
    }
    // At least one of the amounts would round up if 1.0.0 rounded half up: the check can tell.
    expect(halfUpDiffers).toBeGreaterThan(0);
  });

  it('an exchange below the latest release’s minimum is quoted at 1.0.0, which states none; one that buys nothing is refused as VALIDATION_FAILED', async () => {
    const small = {sourceCurrency: 'USD', targetCurrency: 'BTC', amount: {amount: '0.50', currency: 'USD'}};
    expect((await v1('POST', '/currency-exchange-quotes', small)).status).toBe(201);
    const now = await latest('POST', '/currency-exchange-quotes', small);
    expect([now.status, now.body.code]).toEqual([422, 'AMOUNT_OUT_OF_RANGE']);
    const nothing = await v1('POST', '/currency-exchange-quotes', exchangeRequest('BTC', 'USD', '0.00000001'));
    expect([nothing.status, nothing.body.code, Object.keys(nothing.body.validationErrors)]).toEqual([
      422,
      'VALIDATION_FAILED',
      ['amount.amount'],
    ]);
  });
});
