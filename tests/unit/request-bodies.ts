/**
 * Bodies of the requests the sandbox suites send most, built in one place so that a test names only
 * what it varies.
 */

/** The webhook payload version a subscription asks for: the definition's one `WebhookVersion`. */
export const WEBHOOK_VERSION = '2025-06-01';

/** The body of POST /subscriptions. */
export const subscriptionRequest = (webhookUrl: string, secret: string, eventTypes: string[]) => ({
  webhookUrl,
  webhookVersion: WEBHOOK_VERSION,
  secret,
  eventTypes,
});

/**
 * The body of POST /payouts or POST /deposits: `amount` `currency` to or from the bank payment
 * method; a payout may say which balance pays it (`sourceCurrency`).
 */
export const bankTransferRequest = (
  paymentMethodId: string,
  amount: string,
  currency: string,
  reference: string,
  sourceCurrency?: string,
) => ({
  paymentMethodId,
  amount: {amount, currency},
  ...(sourceCurrency === undefined ? {} : {sourceCurrency}),
  reference,
});

/** The body of POST /currency-exchange-quotes: `amount` is in the source currency unless `currency` says otherwise. */
export const exchangeRequest = (
  sourceCurrency: string,
  targetCurrency: string,
  amount: string,
  currency = sourceCurrency,
) => ({sourceCurrency, targetCurrency, amount: {amount, currency}});
