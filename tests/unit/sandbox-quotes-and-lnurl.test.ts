/**
 * Pricing and quotes as the guides and the definition state them, on the local sandbox:
 * - an exchange between two currencies other than bitcoin buys bitcoin with the source at its
 *   `ask` and sells it for the target at its `bid`, at a rate written to 12 significant digits, so
 *   `target` is what the page's rule gives (a rate cut to 2 decimals moved 1,000 EUR by 4 USD);
 * - a new quote for an invoice replaces the one before: the customer's payment to the replaced
 *   Lightning invoice is rejected, and the invoice is paid `--pay-after` after the newest quote;
 * - the LNURL of a receive request without a description announces whom the payer pays, never
 *   another payee's text.
 */
import {describe, expect, it} from 'vitest';
import {exchangeFeePercentOf, loadDefinition} from '../../definition/index.ts';
import {exchangeRequest} from './request-bodies';
import {PAYMENT_TO} from '../../sandbox/operations/receive-requests';
import {checkedSender} from './sandbox-answers';
import {suiteSandbox} from './suite-sandbox';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers read field by field

describe('quotes and LNURL details on the local sandbox', () => {
  // --manual-clock: each state is read at a clock time, never at whatever real time has passed.
  const sandbox = suiteSandbox(['--no-rate-limit', '--manual-clock']);
  const send = checkedSender(() => sandbox.base, 'sk_sandbox_quotes');

  it('prices EUR to USD at the USD bid over the EUR ask, to 12 significant digits', async () => {
    const ticker = (await send('GET', '/rates/ticker')).body.items as Json[];
    const side = (currency: string, key: 'ask' | 'bid') =>
      Number(ticker.find((t) => t.quoteCurrency === currency)![key]);
    const expected = side('USD', 'bid') / side('EUR', 'ask');
    const quote = (await send('POST', '/currency-exchange-quotes', exchangeRequest('EUR', 'USD', '1000.00'))).body;
    expect(quote.rate.replace('.', '').replace(/^0+/, '').length).toBe(12);
    expect(Number(quote.rate)).toBeCloseTo(expected, 10);
    // The definition's x-fee share of the source, rounded up to the cent; the rest converted and rounded down.
    const feeCents = Math.ceil(1000 * Number(exchangeFeePercentOf(loadDefinition().document)));
    expect(quote.fee.amount).toBe((feeCents / 100).toFixed(2));
    expect(quote.target.amount).toBe((Math.floor((100_000 - feeCents) * Number(quote.rate)) / 100).toFixed(2));
  });

  it('pays the newest quote of an invoice: the replaced quote’s payment is rejected', async () => {
    const invoice = (await send('POST', '/invoices', {amount: {amount: '6.00', currency: 'USD'}})).body;
    const status = async () => (await send('GET', `/invoices/${invoice.id}`)).body.status;
    await send('POST', `/invoices/${invoice.id}/quote`);
    await sandbox.advance(8);
    await send('POST', `/invoices/${invoice.id}/quote`);
    // The first quote's payment would have come now, 10 s after it: rejected, as its invoice was replaced.
    await sandbox.advance(3);
    expect(await status()).toBe('UNPAID');
    // 10 s after the newest quote, the customer pays it.
    await sandbox.advance(8);
    expect(['PENDING', 'PAID']).toContain(await status());
  });

  it('announces "Payment to HANDLE" for a receive request without a description', async () => {
    const own = (await send('POST', '/receive-requests', {currency: 'USD', amount: {amount: '5.00', currency: 'USD'}}))
      .body;
    const details = (await send('GET', `/lnurl/details?destination=${encodeURIComponent(own.lnurl)}`)).body;
    const account = (await send('GET', `/receive-requests/${own.id}`)).body;
    expect(account.description).toBeNull();
    expect(details.description).toMatch(new RegExp(`^${PAYMENT_TO} \\S+$`));
    const described = (
      await send('POST', '/receive-requests', {
        currency: 'USD',
        amount: {amount: '5.00', currency: 'USD'},
        description: 'Counter 2',
      })
    ).body;
    const shown = (await send('GET', `/lnurl/details?destination=${encodeURIComponent(described.lnurl)}`)).body;
    expect(shown.description).toBe('Counter 2');
  });
});
