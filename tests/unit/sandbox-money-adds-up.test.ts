/**
 * The money rules of the definition and the payment pages, sent to the local sandbox over HTTP:
 * no amount is created or destroyed by rounding (what you receive is rounded down, what you pay
 * is rounded up, from the rate the answer shows), quotes buy bitcoin at the ticker's `ask` and sell
 * it at its `bid`, an exchange has a minimum on each side, a Lightning fee allowance comes back when
 * the payment completes, the sandbox pays signet only, a reversed deposit can leave a balance below
 * zero in an answer the definition describes, and limits reset at the end of their period on the
 * sandbox clock.
 */
import {describe, it, expect, beforeAll} from 'vitest';
import {bankTransferRequest, exchangeRequest} from './request-bodies';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {exchangeFeePercentOf, minimumAmountsOf} from '../../definition/index.ts';
import {renderFacts} from '../../plugins/prose-facts/render.ts';
import {LIGHTNING_ADDRESSES, LIGHTNING_INVOICES, MAINNET, ONCHAIN_ADDRESS} from '../../sandbox/test-inputs';
import {ROOT, loadBundledDefinition} from './openapi-definition';
import {minus, product, quotient} from './exact-decimal';
import {GB_BANK_ACCOUNT, checkedSender} from './sandbox-answers';
import {suiteSandbox} from './suite-sandbox';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read field by field
const SCHEMAS = (loadBundledDefinition() as Json).components.schemas;
/** A walkthrough as its reader sees it, with its facts rendered. */
const page = (file: string) =>
  renderFacts(readFileSync(path.join(ROOT, 'docs/walkthrough', file), 'utf8'), `docs/walkthrough/${file}`);
const EXCHANGING = page('exchanging-currencies.md');
const SENDING = page('sending-payments.md');
const RECEIVING = page('receiving-payments.md');

/** Kestrel's share of an exchange's `source`, as a decimal: the definition's `x-fee` percentage ÷ 100. */
const FEE_SHARE = quotient(exchangeFeePercentOf(loadBundledDefinition() as Json), '100', 8, 'down');

describe('the money adds up: rounding, prices, minimums, refunds, networks and balances on the sandbox', () => {
  const sandbox = suiteSandbox(['--no-rate-limit']);
  let tickers: Json[];
  const price = (currency: string, side: 'bid' | 'ask' | 'mid'): string =>
    tickers.find((t) => t.quoteCurrency === currency)![side];

  const send = checkedSender(() => sandbox.base, 'sk_sandbox_money_adds_up');
  const exchange = (sourceCurrency: string, targetCurrency: string, amount: string, currency = sourceCurrency) =>
    send('POST', '/currency-exchange-quotes', exchangeRequest(sourceCurrency, targetCurrency, amount, currency));
  /** A GBP bank payment method; the account number's ending picks how its deposits end. */
  const gbpBankMethod = async (accountNumber: string): Promise<Json> =>
    (await send('POST', '/payment-methods/bank', {...GB_BANK_ACCOUNT, accountNumber})).body;
  const balance = async (currency: string) =>
    ((await send('GET', '/account/balances')).body.items as Json[]).find((b) => b.currency === currency)!;
  /** Funds the USD balance the way a customer does: an invoice, its quote, and the payment. */
  async function fundUsd(amount: string): Promise<void> {
    const invoice = await send('POST', '/invoices', {amount: {amount, currency: 'USD'}});
    await send('POST', `/invoices/${invoice.body.id}/quote`);
    await sandbox.advance(12);
  }

  beforeAll(async () => {
    tickers = (await send('GET', '/rates/ticker')).body.items;
  });

  it('an exchange buys at the ask and sells at the bid, rounds the fee up and the target down from the shown rate, and the page shows that quote', async () => {
    const shown = /```json\n(\{\n {2}"id"[\s\S]*?)```/.exec(EXCHANGING.slice(EXCHANGING.indexOf('### Step 2')))!;
    const pageQuote = JSON.parse(shown[1]!);
    const buy = (await exchange('USD', 'BTC', pageQuote.source.amount)).body;
    expect(buy.rate).toBe(quotient('1', price('USD', 'ask'), 12, 'down'));
    expect([buy.source, buy.target, buy.rate, buy.fee]).toEqual([
      pageQuote.source,
      pageQuote.target,
      pageQuote.rate,
      pageQuote.fee,
    ]);
    for (const [from, to, amount] of [
      ['USD', 'BTC', '100.00'],
      ['BTC', 'USD', '0.01234567'],
      ['USD', 'EUR', '333.33'],
      ['GBP', 'BTC', '1.01'],
    ] as const) {
      const quote = (await exchange(from, to, amount)).body;
      const places = (c: string) => (c === 'BTC' ? 8 : 2);
      // The x-fee share of source, rounded up; target = (source − fee) × rate, rounded down: as the definition says.
      expect(quote.fee.amount, `${from}->${to} fee`).toBe(product(amount, FEE_SHARE, places(from), 'up'));
      const net = minus(quote.source.amount, quote.fee.amount, places(from));
      expect(quote.target.amount, `${from}->${to} target`).toBe(product(net, quote.rate, places(to), 'down'));
    }
    expect((await exchange('BTC', 'USD', '0.01000000')).body.rate).toBe(price('USD', 'bid'));
    const quoteSchema = SCHEMAS.CurrencyExchangeQuote.properties;
    expect(quoteSchema.rate.description.replace(/\s+/g, ' ')).toContain(
      '`target` is (`source` − `fee`) × `rate`, rounded down',
    );
  });

  it('a quote that fixes the target sells the smallest source that buys it, and the page says so', async () => {
    expect(EXCHANGING).toContain('977.88 USD with a fee of 4.89 USD');
    const quote = (await exchange('USD', 'BTC', '0.01000000', 'BTC')).body;
    expect([quote.source.amount, quote.fee.amount, quote.target.amount]).toEqual(['977.88', '4.89', '0.01000000']);
    const buys = (source: string) =>
      product(minus(source, product(source, FEE_SHARE, 2, 'up'), 2), quote.rate, 8, 'down') >= '0.01000000';
    expect(buys('977.88')).toBe(true);
    expect(buys('977.87')).toBe(false);
  });

  it('each side of an exchange has the minimum x-minimum-amounts states; below it answers AMOUNT_OUT_OF_RANGE', async () => {
    const minimums = minimumAmountsOf(loadBundledDefinition() as Json, 'CurrencyExchangeQuoteCreate');
    expect(Object.keys(minimums).sort()).toEqual([...SCHEMAS.Currency.enum].sort());
    // One satoshi for 0.00 USD, and the other way round: neither may create or destroy money.
    for (const [from, to, amount, currency] of [
      ['USD', 'BTC', '0.00000001', 'BTC'],
      ['BTC', 'USD', '0.00000001', 'BTC'],
      ['USD', 'BTC', '0.01', 'USD'],
      ['USD', 'BTC', '0.99', 'USD'],
      // At the BTC minimum a sale buys 0.96 USD: under the USD minimum.
      ['BTC', 'USD', minimums.BTC!, 'BTC'],
    ] as const) {
      const answer = await exchange(from, to, amount, currency);
      expect([`${from}->${to} ${amount} ${currency}`, answer.status, answer.body.code]).toEqual([
        `${from}->${to} ${amount} ${currency}`,
        422,
        'AMOUNT_OUT_OF_RANGE',
      ]);
    }
    expect((await exchange('USD', 'BTC', minimums.USD!)).status).toBe(201);
    expect((await exchange('BTC', 'USD', '0.00001100')).status).toBe(201);
  });

  it('a payment quote paid in USD buys its bitcoin at the ask: what you pay is rounded up, what the payee gets down, as the page shows', async () => {
    const rate = quotient('1', price('USD', 'ask'), 12, 'down');
    const lightning = (
      await send('POST', '/payment-quotes/lightning', {
        lnInvoice: LIGHTNING_INVOICES.pays,
        sourceCurrency: 'USD',
      })
    ).body;
    expect(lightning.exchangeRate).toBe(rate);
    // 1,000 sat cost 0.97298… USD: 0.98; the 1-sat fee allowance 0.01.
    const cost = quotient(lightning.amount.amount, rate, 2, 'up');
    expect([cost, lightning.fee.amount, lightning.totalAmount.amount]).toEqual(['0.98', '0.01', '0.99']);
    const lnurl = (
      await send('POST', '/payment-quotes/lnurl', {
        destination: LIGHTNING_ADDRESSES.pays,
        amount: {amount: '25.00', currency: 'USD'},
      })
    ).body;
    expect(lnurl.amount.amount).toBe(product('25.00', rate, 8, 'down'));
    expect(SENDING).toContain(`25.00 × ${rate} = ${lnurl.amount.amount} BTC`);
    expect(lnurl.totalAmount.amount).toBe(minus('25.00', `-${lnurl.fee.amount}`, 2));
  });

  it('a completed Lightning payment keeps half its fee allowance and gives the rest back to the balance', async () => {
    await fundUsd('10.00');
    const before = (await balance('USD')).available.amount;
    const quote = (
      await send('POST', '/payment-quotes/lightning', {
        lnInvoice: 'lntbs50u1pkestrelrefund',
        sourceCurrency: 'USD',
      })
    ).body;
    const payment = (await send('POST', `/payment-quotes/${quote.id}/execute`)).body;
    expect((await balance('USD')).available.amount).toBe(minus(before, quote.totalAmount.amount, 2));
    await sandbox.advance(3);
    const done = (await send('GET', `/payments/${payment.id}`)).body;
    expect(done.status).toBe('COMPLETED');
    const paidFee = quotient(quote.fee.amount, '2', 2, 'down');
    expect(done.fee.amount).toBe(paidFee);
    expect(done.totalAmount.amount).toBe(minus(quote.totalAmount.amount, minus(quote.fee.amount, paidFee, 2), 2));
    expect((await balance('USD')).available.amount).toBe(minus(before, done.totalAmount.amount, 2));
    expect(done.fee.amount < quote.fee.amount).toBe(true);
  });

  it('the sandbox pays signet only: a mainnet invoice or address answers 422 naming the field and the network', async () => {
    const invoice = await send('POST', '/payment-quotes/lightning', {lnInvoice: MAINNET.lnInvoice});
    expect([invoice.status, invoice.body.code]).toEqual([422, 'VALIDATION_FAILED']);
    expect(invoice.body.validationErrors.lnInvoice.join(' ')).toMatch(/mainnet .*signet/);
    const address = await send('POST', '/payment-quotes/onchain', {
      address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      amount: {amount: '0.00020000', currency: 'BTC'},
    });
    expect([address.status, address.body.code]).toEqual([422, 'VALIDATION_FAILED']);
    expect(address.body.validationErrors.address.join(' ')).toMatch(/mainnet .*signet/);
    const signet = await send('POST', '/payment-quotes/onchain', {
      address: ONCHAIN_ADDRESS,
      amount: {amount: '0.00020000', currency: 'BTC'},
    });
    expect(signet.status).toBe(201);
    expect(SENDING).toMatch(
      /mainnet invoice \(`lnbc…`\) answers `422` with code `VALIDATION_FAILED` naming `lnInvoice`/,
    );
    expect(SENDING).toMatch(
      /mainnet address \(`bc1…`, `1…`, `3…`\) answers `422` with code `VALIDATION_FAILED` naming `address`/,
    );
  });

  it('a Lightning invoice is taken as a QR code carries it, in capitals and after lightning:, and kept in small letters', async () => {
    const invoice: string = LIGHTNING_INVOICES.pays;
    for (const written of [invoice.toUpperCase(), `lightning:${invoice}`, `LIGHTNING:${invoice.toUpperCase()}`]) {
      const quote = await send('POST', '/payment-quotes/lightning', {lnInvoice: written});
      expect([written, quote.status, quote.body.destination]).toEqual([written, 201, invoice]);
    }
    // A test input keeps its outcome however it is written.
    const stale = await send('POST', '/payment-quotes/lightning', {
      lnInvoice: LIGHTNING_INVOICES.expired.toUpperCase(),
    });
    expect(stale.body.code).toBe('LIGHTNING_INVOICE_EXPIRED');
    expect(SENDING).toContain('in small letters or all in capitals, with or without `lightning:` in front');
  });

  it('a receive in USD records the bitcoin that arrived, rounded up, at the mid, and amount × exchangeRate rounded down is what was credited', async () => {
    const request = (await send('POST', '/receive-requests', {currency: 'USD'})).body;
    // The payer pays --pay-after (10 s) after the request is made; it settles a second later.
    await sandbox.advance(10);
    const pending = (await send('GET', `/receive-requests/${request.id}/receives`)).body.items[0];
    expect([pending.network, pending.confirmations]).toEqual(['ONCHAIN', 0]);
    await sandbox.advance(2);
    const receive = (await send('GET', `/receive-requests/${request.id}/receives`)).body.items[0];
    expect(receive.status).toBe('COMPLETED');
    expect(receive.confirmations).toBe(2);
    expect(receive.exchangeRate).toBe(price('USD', 'mid'));
    expect(receive.amount.amount).toBe(quotient(receive.creditedAmount.amount, receive.exchangeRate, 8, 'up'));
    expect(product(receive.amount.amount, receive.exchangeRate, 2, 'down')).toBe(receive.creditedAmount.amount);
    expect(RECEIVING).toContain(
      `${receive.amount.amount} × ${receive.exchangeRate} = 5.0006, rounded down to ${receive.creditedAmount.amount} USD`,
    );
  });

  it('a payout from another balance costs amount plus fee at its exchangeRate, the mid, rounded up', async () => {
    const method = await gbpBankMethod('12345678');
    const payout = (
      await send('POST', '/payouts', bankTransferRequest(method.id, '100.00', 'GBP', 'ROUNDING 1', 'BTC'))
    ).body;
    // The fee is in the currency of `amount`, and the rate is the ticker's mid, as Payout says.
    expect([payout.fee.currency, payout.exchangeRate]).toEqual(['GBP', price('GBP', 'mid')]);
    const owed = minus(payout.amount.amount, `-${payout.fee.amount}`, 2);
    expect(payout.sourceAmount.amount).toBe(quotient(owed, payout.exchangeRate, 8, 'up'));
  });

  it('a deposit reversed after its money was spent leaves available below zero, in an answer the definition describes, and spending stops', async () => {
    const method = await gbpBankMethod('12340004');
    await send('POST', '/deposits', {paymentMethodId: method.id, amount: {amount: '100.00', currency: 'GBP'}});
    await sandbox.advance(5);
    const spent = (await exchange('GBP', 'BTC', '99.00')).body;
    expect((await send('POST', `/currency-exchange-quotes/${spent.id}/execute`)).status).toBe(200);
    const left = (await balance('GBP')).available.amount;
    await sandbox.advance(6);
    const after = await balance('GBP');
    // send() has checked the balances answer against AccountBalance: a negative amount is described.
    expect(after.available.amount).toBe(minus(left, '99.65', 2));
    expect(after.available.amount.startsWith('-')).toBe(true);
    expect(after.total.amount).toBe(after.available.amount);
    const more = (await exchange('GBP', 'BTC', '1.00')).body;
    expect((await send('POST', `/currency-exchange-quotes/${more.id}/execute`)).body.code).toBe('INSUFFICIENT_FUNDS');
  });

  it('each limit resets at the end of its period on the sandbox clock, and moves with it', async () => {
    const now = async () =>
      (
        await (
          await fetch(`${sandbox.origin}/_sandbox/clock`, {
            method: 'POST',
            headers: {'Content-Type': 'application/json'},
            body: JSON.stringify({advanceSeconds: 0}),
          })
        ).json()
      ).now as string;
    const expected = (iso: string, period: string) => {
      const d = new Date(iso);
      const end =
        period === 'MONTH'
          ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)
          : Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
      return new Date(end).toISOString().replace('.000Z', 'Z');
    };
    for (let day = 0; day < 2; day++) {
      const at = await now();
      const limits = (await send('GET', '/account/limits')).body.limits as Json[];
      expect(limits.map((l) => [l.operation, l.resetsAt])).toEqual(
        limits.map((l) => [l.operation, expected(at, l.period)]),
      );
      for (const l of limits) expect(Date.parse(l.resetsAt)).toBeGreaterThan(Date.parse(at));
      await sandbox.advance(24 * 3600);
    }
  });
});
