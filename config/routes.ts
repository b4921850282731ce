/**
 * Every route the portal publishes, in one place: the guides (with their sidebar categories) and
 * the API reference's operation slugs (with their groups). The guides' sidebar is built from this
 * module, and the tests check the docs' front matter, the generated API pages, the built site and
 * llms.txt against it, so a page cannot appear, move or vanish without this file saying so.
 *
 * Routes are exact: a guide's route is its front matter `slug`, and an operation's page is
 * `/api/{slug}` with the slug `kebabCase(operationId)` (openapi/OPERATIONS.md).
 */

export type Guide = {
  /** The doc id: the file's path under docs/ without its extension. */
  readonly id: string;
  /** The page's route; folder-style topics end in a slash, single pages do not. */
  readonly route: string;
};

/** The guides' sidebar (`tutorialSidebar`): categories in reading order, each with its guides. */
export const GUIDE_CATEGORIES: readonly {label: string; guides: readonly Guide[]}[] = [
  {
    label: 'Get started',
    guides: [
      {id: 'introduction', route: '/'},
      {id: 'account/overview', route: '/account/overview'},
      {id: 'account/dashboard', route: '/account/dashboard'},
      {id: 'sandbox', route: '/sandbox/'},
    ],
  },
  {
    label: 'Authentication',
    guides: [
      {id: 'api-keys/overview', route: '/api-keys/overview'},
      {id: 'api-keys/authorization', route: '/api-keys/authorization'},
      // The OAuth guide's first path segment carries the provider's name.
      {id: 'kestrel-oauth-connect', route: '/kestrel-oauth-connect/'},
    ],
  },
  {
    label: 'Operating',
    guides: [
      {id: 'rate-limits', route: '/rate-limits/'},
      {id: 'maintenance', route: '/maintenance/'},
    ],
  },
  {
    label: 'Webhooks',
    guides: [
      {id: 'webhooks/overview', route: '/webhooks/overview'},
      {id: 'webhooks/setting-up-webhooks', route: '/webhooks/setting-up-webhooks'},
      {id: 'webhooks/signature-verification', route: '/webhooks/signature-verification'},
      {id: 'webhooks/failure-recovery', route: '/webhooks/failure-recovery'},
    ],
  },
  {
    label: 'Walkthroughs',
    guides: [
      {id: 'walkthrough/walkthroughs-overview', route: '/walkthrough/walkthroughs-overview'},
      {id: 'walkthrough/receiving-payments', route: '/walkthrough/receiving-payments'},
      {id: 'walkthrough/sending-payments', route: '/walkthrough/sending-payments'},
      {id: 'walkthrough/making-payouts', route: '/walkthrough/making-payouts'},
      {id: 'walkthrough/exchanging-currencies', route: '/walkthrough/exchanging-currencies'},
      {id: 'walkthrough/directing-payments-third-party', route: '/walkthrough/directing-payments-third-party'},
      {id: 'walkthrough/example-apps', route: '/walkthrough/example-apps'},
    ],
  },
];

/** All 20 guides, in sidebar order. */
export const GUIDES: readonly Guide[] = GUIDE_CATEGORIES.flatMap((c) => c.guides);

/** All 20 guide routes, in sidebar order. */
export const GUIDE_ROUTES: readonly string[] = GUIDES.map((g) => g.route);

/**
 * The API reference's operation groups, in the order of its sidebar, each with the slugs of its
 * operations (alphabetical within a group). 49 operations; with `/api` and `/api/introduction`,
 * 51 API routes.
 */
export const API_GROUPS: readonly {label: string; slugs: readonly string[]}[] = [
  {
    label: 'Invoices',
    slugs: [
      'cancel-unpaid-invoice',
      'find-invoice-by-id',
      'get-invoices',
      'issue-invoice',
      'issue-invoice-for-receiver',
      'issue-quote-for-invoice',
    ],
  },
  {
    label: 'Payouts and payout originators',
    slugs: [
      'create-a-payout',
      'create-a-payout-originator',
      'delete-a-payout-originator',
      'find-payout-by-id',
      'find-payout-originator-by-id',
      'get-payout-originators',
      'get-payouts',
      'initiate-a-payout',
    ],
  },
  {
    label: 'Receive requests',
    slugs: [
      'create-a-receive-request',
      'find-receive-request-by-id',
      'get-receive-requests',
      'get-receives-for-all-receive-requests',
      'get-receives-for-receive-request',
    ],
  },
  {
    label: 'Bank payment methods',
    slugs: [
      'create-bank-payment-method',
      'delete-bank-payment-method',
      'get-bank-payment-method-by-id',
      'get-bank-payment-methods',
    ],
  },
  {
    label: 'Currency exchange',
    slugs: [
      'create-currency-exchange-quote',
      'execute-currency-exchange-quote',
      'get-currency-exchange-quote',
      'get-currency-exchange-rate-tickers',
    ],
  },
  {
    label: 'Payment quotes and payments',
    slugs: [
      'create-lightning-payment-quote',
      'create-lnurl-ln-address-payment-quote',
      'create-onchain-payment-quote',
      'execute-payment-quote',
      'get-payment-by-id',
      'get-lnurl-details',
      'get-onchain-tiers',
    ],
  },
  {
    label: 'Subscriptions',
    slugs: [
      'create-subscription',
      'delete-subscription',
      'find-subscription-by-id',
      'get-subscriptions',
      'update-subscription',
    ],
  },
  {
    label: 'Account and profile',
    slugs: [
      'fetch-logged-in-account-limits',
      'fetch-public-account-profile-info-by-handle',
      'fetch-public-account-profile-info-by-id',
      'get-account-balance-details',
    ],
  },
  {label: 'Events', slugs: ['find-event-by-id', 'get-events']},
  {label: 'Deposits', slugs: ['get-deposit', 'get-deposit-fee-estimate', 'get-deposits', 'initiate-deposit']},
];

/** The 49 operation slugs; each is the page `/api/{slug}`. */
export const API_SLUGS: readonly string[] = API_GROUPS.flatMap((g) => g.slugs);

/** The API reference's two hand-written pages. */
export const API_OVERVIEW_ROUTES = ['/api/', '/api/introduction'] as const;
