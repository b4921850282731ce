/**
 * Changed sources for the prose-facts tests: other fees and minimums in the definition's
 * `x-fee` and `x-minimum-amounts`, and other values of the sandbox's test inputs. Every value is
 * one no page writes, so a page that still shows the old one, or shows a new one where it should
 * not, is told apart.
 */
import {resolve, valueAt, type JsonObject} from '../../definition/index.ts';
import type {TestInputValues} from '../../plugins/prose-facts/facts.ts';

/**
 * Other rate limit, delivery schedule, delivery timeout, secret overlap, signature tolerance and
 * event retention, in the definition's extensions (bundled or source).
 */
export function changeContractFacts(doc: JsonObject): void {
  (doc['x-rate-limit'] as JsonObject).requestsPerWindow = 120;
  const delivery = doc['x-webhook-delivery'] as JsonObject;
  delivery.attemptMinutes = [0, 2, 10, 90];
  delivery.timeoutSeconds = 15;
  delivery.secretRotationOverlapHours = 48;
  (doc['x-webhook-signature'] as JsonObject).toleranceSeconds = 240;
  (doc['x-events'] as JsonObject).retentionDays = 45;
}

/** Sets how long the first documented 201 example of the POST at `apiPath` holds, in seconds. */
export function setHold(doc: JsonObject, apiPath: string, seconds: number): void {
  const post = ((doc.paths as JsonObject)[apiPath] as JsonObject).post as JsonObject;
  const created = (post.responses as JsonObject)['201'] as JsonObject;
  const examples = ((created.content as JsonObject)['application/json'] as JsonObject).examples as JsonObject;
  // The example the response names, found by the definition model's one resolver.
  const {pointer} = resolve(doc, Object.values(examples)[0], `#/paths/${apiPath}`);
  const value = (valueAt(doc, pointer) as JsonObject).value as JsonObject;
  value.expiration = new Date(Date.parse(String(value.created)) + seconds * 1000).toISOString();
}

/**
 * Other holds for payouts and quotes (their documented examples' lifetimes; one for Lightning and
 * LNURL quotes, as PaymentQuote's expiration states one for both), and status 499 for every code of
 * the error catalogue.
 */
export function changeHoldsAndStatuses(doc: JsonObject): void {
  setHold(doc, '/payouts', 20 * 60);
  setHold(doc, '/invoices/{invoiceId}/quote', 30 * 60);
  setHold(doc, '/currency-exchange-quotes', 45);
  setHold(doc, '/payment-quotes/lightning', 90);
  setHold(doc, '/payment-quotes/lnurl', 90);
  setHold(doc, '/payment-quotes/onchain', 10 * 60);
  const errorCode = ((doc.components as JsonObject).schemas as JsonObject).ErrorCode as JsonObject;
  for (const entry of Object.values(errorCode['x-error-catalogue'] as JsonObject)) (entry as JsonObject).status = 499;
}

/** Sets the exchange fee to 0.75% and the minimums to other figures, on a copy of the bundled or source definition. */
export function changeAmounts(doc: JsonObject): void {
  const schemas = (doc.components as {schemas: Record<string, JsonObject>}).schemas;
  const fee = (schemas.CurrencyExchangeQuote!.properties as Record<string, JsonObject>).fee!;
  fee['x-fee'] = {percentOfSource: '0.75'};
  schemas.CurrencyExchangeQuoteCreate!['x-minimum-amounts'] = {
    BTC: '0.00002000',
    USD: '2.50',
    EUR: '2.50',
    GBP: '2.00',
  };
  schemas.OnchainPaymentQuoteCreate!['x-minimum-amounts'] = {BTC: '0.00000546'};
}

export const CHANGED_INPUTS: TestInputValues = {
  amountEndings: {expires: '.17', fails: '.99'},
  exampleAmounts: {expires: '20.17', fails: '20.99'},
  lightningInvoices: {pays: 'lntbs20u1pchangedpays'},
  lightningAddresses: {pays: 'changed-payee@kestrel.example'},
  onchainAddress: 'tb1qchangedaddress',
  bankAccountEndings: {payoutFails: '0012', depositFails: '0013', depositReversed: '0014'},
  simulateHeader: 'Kestrel-Test-Simulate',
  simulations: ['internal-error', 'internal-error-after-work', 'stall'],
};
