/**
 * The figures the payment pages state, against the local sandbox that obeys them: the smallest
 * on-chain payment, what a Lightning address announces (the JSON the sending-payments guide
 * shows), how long each kind of quote holds, and which currency pairs an exchange takes. A page
 * that states another figure than the sandbox answers fails here.
 */
import {describe, it, expect} from 'vitest';
import {exchangeRequest} from './request-bodies';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {exampleLifetimeOf, loadDefinition} from '../../definition/index.ts';
import {bundledFacts} from '../../plugins/prose-facts/facts.ts';
import {renderFacts} from '../../plugins/prose-facts/render.ts';
import {LIGHTNING_ADDRESSES, LIGHTNING_INVOICES, ONCHAIN_ADDRESS, ONCHAIN_MINIMUM_BTC} from '../../sandbox/test-inputs';
import {ROOT, loadBundledDefinition} from './openapi-definition';
import {checkedSender} from './sandbox-answers';
import {suiteSandbox} from './suite-sandbox';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read field by field
const SCHEMAS = (loadBundledDefinition() as Json).components.schemas;
const SENDING_FILE = 'docs/walkthrough/sending-payments.md';
const SENDING = renderFacts(readFileSync(path.join(ROOT, SENDING_FILE), 'utf8'), SENDING_FILE);

/** The first ```json block of the guide after `heading`. */
function jsonAfter(page: string, heading: string): Json {
  const from = page.indexOf(heading);
  expect(from, heading).toBeGreaterThan(0);
  const block = /```json\n([\s\S]*?)```/.exec(page.slice(from));
  return JSON.parse(block![1]!);
}

const seconds = (quote: Json) => (Date.parse(quote.expiration) - Date.parse(quote.created)) / 1000;

describe('the payment pages state the figures the sandbox obeys', () => {
  const sandbox = suiteSandbox(['--no-rate-limit']);

  const send = checkedSender(() => sandbox.base, 'sk_sandbox_money_figures');

  it('the smallest on-chain payment, x-minimum-amounts of the definition: quoted at it, refused one satoshi below', async () => {
    expect(ONCHAIN_MINIMUM_BTC).toBe(SCHEMAS.OnchainPaymentQuoteCreate['x-minimum-amounts'].BTC);
    const belowIt = (Number(ONCHAIN_MINIMUM_BTC.replace('.', '')) - 1).toString().padStart(9, '0');
    const quote = (amount: string) =>
      send('POST', '/payment-quotes/onchain', {address: ONCHAIN_ADDRESS, amount: {amount, currency: 'BTC'}});
    expect((await quote(ONCHAIN_MINIMUM_BTC)).status).toBe(201);
    expect((await quote(`${belowIt.slice(0, -8)}.${belowIt.slice(-8)}`)).body.code).toBe('AMOUNT_OUT_OF_RANGE');
  });

  it('what a Lightning address announces is what the guide shows for it', async () => {
    const shown = jsonAfter(SENDING, '### Read the payee');
    expect(shown.destination).toBe(LIGHTNING_ADDRESSES.pays);
    const answered = await send('GET', `/lnurl/details?destination=${encodeURIComponent(shown.destination)}`);
    expect(answered.body).toEqual(shown);
  });

  it("each kind of quote holds as long as its operation's documented example, the hold the pages state", async () => {
    const facts = bundledFacts();
    expect(SCHEMAS.PaymentQuote.properties.expiration.description).toContain(
      `${facts.get('hold.lightning-quote')} after creation`,
    );
    expect(SCHEMAS.CurrencyExchangeQuote.description).toContain(`(${facts.get('hold.exchange-quote')} after creation)`);
    const lightning = await send('POST', '/payment-quotes/lightning', {lnInvoice: LIGHTNING_INVOICES.pays});
    const lnurl = await send('POST', '/payment-quotes/lnurl', {
      destination: LIGHTNING_ADDRESSES.pays,
      amount: {amount: '0.00010000', currency: 'BTC'},
    });
    const onchain = await send('POST', '/payment-quotes/onchain', {
      address: ONCHAIN_ADDRESS,
      amount: {amount: '0.00010000', currency: 'BTC'},
    });
    const exchange = await send('POST', '/currency-exchange-quotes', exchangeRequest('USD', 'EUR', '10.00'));
    const model = loadDefinition();
    expect([lightning, lnurl, onchain, exchange].map((q) => seconds(q.body))).toEqual(
      [
        'createLightningPaymentQuote',
        'createLnurlLnAddressPaymentQuote',
        'createOnchainPaymentQuote',
        'createCurrencyExchangeQuote',
      ].map((operationId) => exampleLifetimeOf(model, operationId)),
    );
  });

  it('quotes refuse what the definition says they refuse, naming the field, and write destinations as LnurlDetails says', async () => {
    const refused = async (apiPath: string, body: Json) => {
      const answer = await send('POST', apiPath, body);
      return [answer.body.code, Object.keys(answer.body.validationErrors ?? {})];
    };
    // An invoice of 10 µBTC (0.00001 BTC) with another amount.
    expect(
      await refused('/payment-quotes/lightning', {
        lnInvoice: LIGHTNING_INVOICES.pays,
        amount: {amount: '0.00002000', currency: 'BTC'},
      }),
    ).toEqual(['VALIDATION_FAILED', ['amount']]);
    const lnurl = (body: Json) =>
      refused('/payment-quotes/lnurl', {amount: {amount: '0.00010000', currency: 'BTC'}, ...body});
    expect(await lnurl({destination: 'not an address'})).toEqual(['VALIDATION_FAILED', ['destination']]);
    expect(await lnurl({destination: LIGHTNING_ADDRESSES.pays, comment: 'x'.repeat(141)})).toEqual([
      'VALIDATION_FAILED',
      ['comment'],
    ]);
    // The definition's bare LNURL example, in capitals; it points at northwind.example.
    const bare: string = (loadBundledDefinition() as Json).components.examples.LnurlDetailsLnurl.value.destination;
    for (const written of [bare, bare.toLowerCase(), `lightning:${bare.toLowerCase()}`]) {
      const details = await send('GET', `/lnurl/details?destination=${encodeURIComponent(written)}`);
      expect(details.body).toMatchObject({destination: bare, domain: 'northwind.example', lightningAddress: null});
    }
    const address = await send('GET', `/lnurl/details?destination=${encodeURIComponent('Coffee@Northwind.Example')}`);
    expect(address.body).toMatchObject({destination: 'coffee@northwind.example', domain: 'northwind.example'});
  });

  it('an exchange takes any two different currencies of the balance, as stated, and refuses the same one twice', async () => {
    const currencies: string[] = SCHEMAS.Currency.enum;
    expect(SCHEMAS.CurrencyExchangeQuoteCreate.description).toContain(
      `(${currencies.slice(0, -1).join(', ')} and ${currencies.at(-1)})`,
    );
    for (const from of currencies)
      for (const to of currencies) {
        const amount = {amount: from === 'BTC' ? '0.00100000' : '10.00', currency: from};
        const answer = await send('POST', '/currency-exchange-quotes', {
          sourceCurrency: from,
          targetCurrency: to,
          amount,
        });
        expect({pair: `${from}->${to}`, status: answer.status, code: answer.body.code}).toEqual({
          pair: `${from}->${to}`,
          status: from === to ? 422 : 201,
          code: from === to ? 'CURRENCY_PAIR_NOT_SUPPORTED' : undefined,
        });
      }
  });
});
