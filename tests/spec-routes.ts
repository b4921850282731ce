/**
 * The API reference slugs of spec 2.2, copied to the letter; tests/unit/spec-routes.test.ts checks
 * this copy against the spec whenever the spec is beside the project.
 */
export const API_SLUGS = [
  'cancel-unpaid-invoice', 'find-invoice-by-id', 'get-invoices', 'issue-invoice', 'issue-invoice-for-receiver', 'issue-quote-for-invoice',
  'create-a-payout', 'create-a-payout-originator', 'delete-a-payout-originator', 'find-payout-by-id', 'find-payout-originator-by-id', 'get-payout-originators', 'get-payouts', 'initiate-a-payout',
  'create-a-receive-request', 'find-receive-request-by-id', 'get-receive-requests', 'get-receives-for-all-receive-requests', 'get-receives-for-receive-request',
  'create-bank-payment-method', 'delete-bank-payment-method', 'get-bank-payment-method-by-id', 'get-bank-payment-methods',
  'create-currency-exchange-quote', 'execute-currency-exchange-quote', 'get-currency-exchange-quote', 'get-currency-exchange-rate-tickers',
  'create-lightning-payment-quote', 'create-lnurl-ln-address-payment-quote', 'create-onchain-payment-quote', 'execute-payment-quote', 'get-payment-by-id', 'get-lnurl-details', 'get-onchain-tiers',
  'create-subscription', 'delete-subscription', 'find-subscription-by-id', 'get-subscriptions', 'update-subscription',
  'fetch-logged-in-account-limits', 'fetch-public-account-profile-info-by-handle', 'fetch-public-account-profile-info-by-id', 'get-account-balance-details',
  'find-event-by-id', 'get-events',
  'get-deposit', 'get-deposit-fee-estimate', 'get-deposits', 'initiate-deposit',
] as const;

/** Spec 2.2's groups in its order: the API sidebar's categories follow it. */
export const API_GROUPS = [
  'Invoices',
  'Payouts and payout originators',
  'Receive requests',
  'Bank payment methods',
  'Currency exchange',
  'Payment quotes and payments',
  'Subscriptions',
  'Account and profile',
  'Events',
  'Deposits',
] as const;
