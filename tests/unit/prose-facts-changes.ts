/**
 * Changed sources for the prose-facts tests: other fees and minimums in the definition's
 * `x-fee` and `x-minimum-amounts`, and other values of the sandbox's test inputs. Every value is
 * one no page writes, so a page that still shows the old one, or shows a new one where it should
 * not, is told apart.
 */
import type {JsonObject} from '../../definition/index.ts';
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
