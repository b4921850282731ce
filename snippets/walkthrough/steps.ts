/**
 * Every API step of the walkthroughs, once: the operation it calls, the environment variables it
 * reads, what it sends and what its answer is called. `npm run gen-api` writes each step's curl,
 * Python and Node.js samples from this table (scripts/write-walkthrough-samples.ts) into
 * examples/walkthroughs/, where the guides include their `request` regions.
 */
import {fromEnv, type WalkthroughStep} from './step.ts';

export const WALKTHROUGH_STEPS: readonly WalkthroughStep[] = [
  {
    slug: 'cancel-unpaid-invoice',
    result: 'invoice',
    path: {invoiceId: 'INVOICE_ID'},
    repeat:
      'A repeated cancel is harmless: if an earlier attempt cancelled the invoice, the retry answers 200 with the invoice unchanged (CANCELLED).',
  },
  {
    slug: 'create-a-payout',
    result: 'payout',
    body: {
      paymentMethodId: fromEnv('PAYMENT_METHOD_ID'),
      originatorId: fromEnv('ORIGINATOR_ID'),
      amount: {amount: '2500.00', currency: 'EUR'},
      sourceCurrency: 'EUR',
      reference: 'BRIGHTWATER INV 2291',
    },
  },
  {
    slug: 'create-a-payout-originator',
    result: 'originator',
    body: {
      type: 'BUSINESS',
      name: 'Brightwater Studio Ltd',
      registrationNumber: '09876543',
      address: {line1: '12 Harbour Street', city: 'Bristol', postalCode: 'BS1 4QA', country: 'GB'},
    },
  },
  {
    slug: 'create-a-receive-request',
    result: 'receiveRequest',
    body: {
      currency: 'USD',
      description: 'Tip jar, Saturday stream',
      reference: 'tips-2026-11-07',
      expiresInSeconds: 604800,
    },
  },
  {
    slug: 'create-bank-payment-method',
    result: 'paymentMethod',
    body: {
      currency: 'EUR',
      country: 'DE',
      accountHolderName: 'Alster Coffee Trading GmbH',
      accountHolderType: 'BUSINESS',
      bankCode: 'COBADEFFXXX',
      accountNumber: 'DE89370400440532013000',
    },
  },
  {
    slug: 'create-currency-exchange-quote',
    result: 'quote',
    body: {sourceCurrency: 'USD', targetCurrency: 'BTC', amount: {amount: '500.00', currency: 'USD'}},
  },
  {
    slug: 'create-lightning-payment-quote',
    result: 'quote',
    body: {lnInvoice: fromEnv('LN_INVOICE'), sourceCurrency: 'USD'},
  },
  {
    slug: 'create-lnurl-ln-address-payment-quote',
    result: 'quote',
    body: {
      destination: 'northwind-roasters@kestrel.example',
      amount: {amount: '25.00', currency: 'USD'},
      comment: 'Thanks for the beans',
    },
  },
  {
    slug: 'create-onchain-payment-quote',
    result: 'quote',
    body: {
      address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
      amount: {amount: '0.01000000', currency: 'BTC'},
      tier: 'STANDARD',
    },
  },
  {
    slug: 'create-subscription',
    result: 'subscription',
    body: {
      webhookUrl: 'https://merchant.example/webhooks/kestrel',
      webhookVersion: '2025-06-01',
      secret: fromEnv('KESTREL_WEBHOOK_SECRET', 'the webhook secret'),
      enabled: true,
      eventTypes: ['invoice.created', 'invoice.updated', 'payout.updated'],
    },
  },
  {slug: 'execute-currency-exchange-quote', result: 'quote', path: {quoteId: 'QUOTE_ID'}},
  {slug: 'execute-payment-quote', result: 'payment', path: {quoteId: 'QUOTE_ID'}},
  {slug: 'fetch-logged-in-account-limits', result: 'limits'},
  {slug: 'fetch-public-account-profile-info-by-handle', result: 'profile', path: {handle: 'RECEIVER_HANDLE'}},
  {slug: 'find-invoice-by-id', result: 'invoice', path: {invoiceId: 'INVOICE_ID'}},
  {slug: 'find-payout-by-id', result: 'payout', path: {payoutId: 'PAYOUT_ID'}},
  {slug: 'get-account-balance-details', result: 'balances'},
  {slug: 'get-currency-exchange-quote', result: 'quote', path: {quoteId: 'QUOTE_ID'}},
  {slug: 'get-currency-exchange-rate-tickers', result: 'tickers'},
  {
    slug: 'get-deposit-fee-estimate',
    result: 'estimate',
    query: {paymentMethodId: fromEnv('FUNDING_PAYMENT_METHOD_ID'), amount: '5000.00', currency: 'EUR'},
  },
  {
    slug: 'get-invoices',
    result: 'invoices',
    query: {
      $filter: "payeeHandle eq 'northwind-roasters' and status eq 'PAID' and updated ge 2026-11-01T00:00:00Z",
      $orderby: 'updated desc',
      $top: '50',
    },
  },
  {slug: 'get-lnurl-details', result: 'details', query: {destination: 'northwind-roasters@kestrel.example'}},
  {
    slug: 'get-onchain-tiers',
    result: 'tiers',
    query: {address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', amount: '0.01000000'},
  },
  {slug: 'get-payment-by-id', result: 'payment', path: {paymentId: 'PAYMENT_ID'}},
  {
    slug: 'get-payouts',
    result: 'payouts',
    query: {$filter: "status eq 'FAILED' and created ge 2026-11-01T00:00:00Z", $orderby: 'created desc', $top: '20'},
  },
  {slug: 'get-receives-for-receive-request', result: 'receives', path: {receiveRequestId: 'RECEIVE_REQUEST_ID'}},
  {slug: 'initiate-a-payout', result: 'payout', path: {payoutId: 'PAYOUT_ID'}},
  {
    slug: 'initiate-deposit',
    result: 'deposit',
    body: {
      paymentMethodId: fromEnv('FUNDING_PAYMENT_METHOD_ID'),
      amount: {amount: '5000.00', currency: 'EUR'},
      reference: 'KESTREL TOP UP NOV',
    },
  },
  {
    slug: 'issue-invoice',
    result: 'invoice',
    body: {
      amount: {amount: '150.00', currency: 'USD'},
      description: 'Order 1042: two bags of coffee',
      reference: 'order-1042',
    },
  },
  {
    slug: 'issue-invoice-for-receiver',
    result: 'invoice',
    path: {handle: 'RECEIVER_HANDLE'},
    body: {
      amount: {amount: '80.00', currency: 'GBP'},
      description: 'Wholesale beans, November delivery',
      reference: 'po-7781',
      expiresInSeconds: 604800,
    },
  },
  {slug: 'issue-quote-for-invoice', result: 'quote', path: {invoiceId: 'INVOICE_ID'}},
];
