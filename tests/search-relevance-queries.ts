/**
 * Search queries in a developer's words, each with the page (route, no #anchor) that must rank in
 * the first three results. When a guide section and an API operation page answer a query equally
 * (the walkthrough that pays an invoice and the operation that does it), either page counts: the
 * test measures whether the answer is near the top, not which of two right answers wins.
 * The first ten are the earliest queries, kept first so that the set only grows.
 */
export type RelevanceCase = [query: string, pages: string | readonly string[]];

export const RELEVANCE: readonly RelevanceCase[] = [
  ['verify webhook signature', '/webhooks/signature-verification'],
  ['429', '/rate-limits/'],
  ['idempotency key', '/'],
  ['pay a lightning invoice', ['/walkthrough/sending-payments', '/api/create-lightning-payment-quote']],
  ['send to bank account', ['/walkthrough/making-payouts', '/api/create-a-payout']],
  ['exchange rate', ['/api/get-currency-exchange-rate-tickers', '/walkthrough/exchanging-currencies']],
  ['test mode', '/sandbox/'],
  ['revoke key', '/api-keys/overview'],
  ['missed webhooks', '/webhooks/failure-recovery'],
  ['pkce', '/kestrel-oauth-connect/'],
  // Guides.
  ['rotate webhook secret', ['/webhooks/signature-verification', '/api/update-subscription']],
  ['constant time comparison', '/webhooks/signature-verification'],
  ['webhook retry schedule', '/webhooks/failure-recovery'],
  ['event types', '/webhooks/overview'],
  ['register webhook endpoint', ['/webhooks/setting-up-webhooks', '/api/create-subscription']],
  ['test webhooks locally', '/webhooks/setting-up-webhooks'],
  ['api down for maintenance', '/maintenance/'],
  ['RateLimit-Remaining header', '/rate-limits/'],
  ['refresh token', '/kestrel-oauth-connect/'],
  ['scopes for each operation', '/api-keys/authorization'],
  ['401 or 403', '/api-keys/authorization'],
  ['create an api key', ['/api-keys/overview', '/']],
  ['sandbox base url', ['/sandbox/', '/api/', '/api/introduction']],
  ['convert usd to btc', ['/walkthrough/exchanging-currencies', '/api/create-currency-exchange-quote']],
  ['pay a seller on a marketplace', ['/walkthrough/directing-payments-third-party', '/api/issue-invoice-for-receiver']],
  ['accept any amount', ['/walkthrough/receiving-payments', '/api/create-a-receive-request']],
  ['example app source code', '/walkthrough/example-apps'],
  ['dashboard logs', '/account/dashboard'],
  ['balances and currencies', '/account/overview'],
  ['first api call', '/'],
  // API reference.
  ['create invoice', ['/api/issue-invoice', '/walkthrough/receiving-payments']],
  ['cancel invoice', ['/api/cancel-unpaid-invoice', '/walkthrough/receiving-payments']],
  ['on-chain fee tiers', ['/api/get-onchain-tiers', '/walkthrough/sending-payments']],
  ['lightning address payment', ['/api/create-lnurl-ln-address-payment-quote', '/walkthrough/sending-payments']],
  ['account balance', ['/api/get-account-balance-details', '/account/overview']],
  ['list payouts', ['/api/get-payouts', '/walkthrough/making-payouts']],
  ['deposit fee estimate', '/api/get-deposit-fee-estimate'],
  ['payout originator', ['/api/create-a-payout-originator', '/walkthrough/making-payouts']],
  ['delete subscription', ['/api/delete-subscription', '/webhooks/setting-up-webhooks']],
  ['look up account by handle', ['/api/fetch-public-account-profile-info-by-handle', '/account/overview']],
];

export const pagesOf = (pages: RelevanceCase[1]): readonly string[] => (typeof pages === 'string' ? [pages] : pages);
