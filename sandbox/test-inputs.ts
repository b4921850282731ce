/**
 * The sandbox's test inputs: the values an integrator types to make each documented failure, and
 * each failed or reversed status, happen on demand. This module is their single source: the
 * operation handlers look their triggers up here, `/sandbox/` shows the tables rendered from
 * `TEST_INPUTS` (plugins/rendered-partials/test-inputs.ts), the guides and the definition's own
 * prose name the triggers as facts (plugins/prose-facts), and a test sends every row's requests to
 * a running sandbox and checks the answers, the final status, the event and its webhook. The
 * trigger values are in test-input-triggers.ts, re-exported here, because the fact table reads
 * them while the definition is bundled, before this module can load it.
 */
import {exampleLifetimeOf, loadDefinition, minimumAmountsOf, type Json, type JsonObject} from '../definition/index.ts';
import type {Simulation} from './test-input-triggers.ts';
import {SANDBOX_LIMIT, WINDOW_MS} from './rate-limit-figures.ts';
import {
  SIMULATE_HEADER,
  SLOW_SECONDS,
  RETRY_AFTER_SECONDS,
  LIGHTNING_INVOICES,
  TIMEOUT_SECONDS,
  LIGHTNING_ADDRESSES,
  ONCHAIN_ADDRESS,
  MISTYPED_ADDRESS,
  STANDARD_CONFIRMATION_MINUTES,
  BANK_ACCOUNT_ENDINGS,
  BANK_FAILURES,
  AMOUNT_ENDINGS,
  EXAMPLE_AMOUNTS,
  OPEN_AMOUNT_PAYMENT,
  MAINNET,
} from './test-input-triggers.ts';

export * from './test-input-triggers.ts';
import {PAY_AFTER_SECONDS, SETTLE_MS, STEP_MS} from './timings.ts';

/** How long an event is kept: the definition's `x-events`, which the sandbox forgets events by. */
function eventRetentionDays(): number {
  const days = loadDefinition().eventRetentionDays;
  if (!days) throw new Error('test inputs: the definition has no x-events, so no event retention to wait past');
  return days;
}

/** The smallest on-chain payment: the definition's `x-minimum-amounts` on the on-chain quote request. */
function onchainMinimumBtc(): string {
  const btc = minimumAmountsOf(loadDefinition().document, 'OnchainPaymentQuoteCreate').BTC;
  if (!btc) throw new Error('test inputs: the definition gives OnchainPaymentQuoteCreate no BTC minimum');
  return btc;
}

/** The smallest on-chain payment (under it an output is dust), which the sandbox checks by. */
export const ONCHAIN_MINIMUM_BTC = onchainMinimumBtc();

// ------------------------------------------------------------------------------ the table

export interface Step {
  method: string;
  /** Under the base path (`/invoices`), or outside it (`/_sandbox/...`); `{name}` is a saved id. */
  path: string;
  /** A JSON body; string values `{name}` are saved ids. */
  body?: JsonObject;
  /** A body sent as is, for bodies that are not JSON. */
  rawBody?: string;
  headers?: Record<string, string>;
  /** No `Authorization` header. */
  noAuth?: true;
  /**
   * The Idempotency-Key: a fresh one per step when the operation takes one (omit this), the same
   * one for steps that give the same name, or none (`null`).
   */
  key?: string | null;
  /** Moves the clock this many seconds forward before the step (the local sandbox's clock control). */
  wait?: number;
  /** Sent without waiting for its answer; the row's last step waits for it. */
  background?: true;
  /** The field or parameter a 422's `validationErrors` must name. */
  field?: string;
  /** Sent this many times; the last answer is the one checked. */
  times?: number;
  /** Saves the answer's `id` for later steps. */
  saveAs?: string;
  /** The status of a success; a problem names its `code` instead, and the error catalogue gives its status. */
  status?: number;
  code?: string;
  /** Members the problem must carry besides `code`, such as `paymentId` (`{name}` is a saved id). */
  problem?: JsonObject;
}

export interface Then {
  /** Clock seconds to move forward first. */
  wait: number;
  /** The object to read afterwards (`{name}` is a saved id). */
  path: string;
  /** Fields it must then have. */
  fields: JsonObject;
  /** The event type that reports the change, delivered to every subscription for it. */
  event?: string;
  /** The saved id the event names in `data.entityId`. */
  entity?: string;
}

export interface TestInput {
  id: string;
  group: string;
  /** Markdown: the value to type and where it goes. */
  input: string;
  /**
   * Markdown: what happens, in a sentence. `{problem CODE}` stands for the problem's status and code
   * ("`409` with code `CODE`"), the status as the error catalogue gives it.
   */
  outcome: string;
  steps: Step[];
  /** Steps the test runs first and the table names in `needs` instead of spelling them out. */
  setup?: Step[];
  /** Markdown: what must exist first, such as a bank payment method. */
  needs?: string;
  then?: Then;
  /** USD the account must hold first (fund it by issuing and quoting an invoice). */
  fundUsd?: string;
  /** Values of `{name}` placeholders that the row's table note gives (not ids of earlier answers). */
  ids?: Record<string, string>;
  /** Options the sandbox must be started with. */
  flags?: string[];
}

const usd = (amount: string) => ({amount, currency: 'USD'});
const NO_ID = '00000000-0000-4000-8000-000000000000';
const NOT_FOUND_GROUP = 'Objects that do not exist';

/** Markdown shown under a group's heading, before its table. */
export const GROUP_NOTES: Record<string, string> = {
  [NOT_FOUND_GROUP]: `Here \`{invoiceId}\` and the like are any id that no object has, such as \`${NO_ID}\`.`,
};
/** A US business account with these digits. */
const bank = (accountNumber: string): Step => ({
  method: 'POST',
  path: '/payment-methods/bank',
  body: {
    currency: 'USD',
    country: 'US',
    accountHolderName: 'Acme',
    accountHolderType: 'BUSINESS',
    bankCode: '021000021',
    accountNumber,
  },
  saveAs: 'paymentMethodId',
  status: 201,
});
const GOOD_ACCOUNT = '000123456789';
/** For rows whose input is not the bank account: one made as in the first payout row. */
const withBank = {setup: [bank(GOOD_ACCOUNT)], needs: 'With a USD bank payment method `{paymentMethodId}`'};
const failingAccount = (ending: string) => `00000000${ending}`;

const invoiceSteps = (amount: string, extra: JsonObject = {}): Step[] => [
  {method: 'POST', path: '/invoices', body: {amount: usd(amount), ...extra}, saveAs: 'invoiceId', status: 201},
  {method: 'POST', path: '/invoices/{invoiceId}/quote', status: 201},
];
const lightningQuote = (lnInvoice: string, code?: string): Step => ({
  method: 'POST',
  path: '/payment-quotes/lightning',
  body: {lnInvoice, sourceCurrency: 'USD'},
  saveAs: 'quoteId',
  ...(code ? {code} : {status: 201}),
});
const executePayment: Step = {
  method: 'POST',
  path: '/payment-quotes/{quoteId}/execute',
  saveAs: 'paymentId',
  status: 201,
};
/** Seconds a payout holds its fee and rate (its documented example's); one second more and it is `EXPIRED`. */
const PAYOUT_HOLD_SECONDS = exampleLifetimeOf(loadDefinition(), 'createAPayout');
/** Seconds an exchange quote holds, as its documented example does. */
const EXCHANGE_QUOTE_SECONDS = exampleLifetimeOf(loadDefinition(), 'createCurrencyExchangeQuote');
/** Seconds between a payment's, payout's or exchange's statuses, and from a payment's arrival to its end. */
const STEP_SECONDS = STEP_MS / 1000;
const SETTLE_SECONDS = SETTLE_MS / 1000;
/** Past the simulated payment of a quote or receive request and its settling. */
const PAID_WAIT = PAY_AFTER_SECONDS + SETTLE_SECONDS + 1;
const onchainQuote = (amount: Json): Step => ({
  method: 'POST',
  path: '/payment-quotes/onchain',
  body: {address: ONCHAIN_ADDRESS, amount, sourceCurrency: 'USD'},
  saveAs: 'quoteId',
  status: 201,
});
const payout = (amount = '10.00'): Step => ({
  method: 'POST',
  path: '/payouts',
  body: {paymentMethodId: '{paymentMethodId}', amount: usd(amount), reference: 'SANDBOX TEST'},
  saveAs: 'payoutId',
  status: 201,
});
const payoutSteps = (accountNumber: string): Step[] => [bank(accountNumber), payout()];
const originator: Step = {
  method: 'POST',
  path: '/payout-originators',
  body: {
    type: 'BUSINESS',
    name: 'Acme',
    address: {line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US'},
  },
  saveAs: 'originatorId',
  status: 201,
};
const payoutOnBehalf: Step = {
  method: 'POST',
  path: '/payouts',
  body: {
    paymentMethodId: '{paymentMethodId}',
    originatorId: '{originatorId}',
    amount: usd('10.00'),
    reference: 'ON BEHALF',
  },
  status: 201,
};
const initiate: Step = {method: 'PATCH', path: '/payouts/{payoutId}/initiate', status: 200};
const deposit = (amount = '100.00'): Step => ({
  method: 'POST',
  path: '/deposits',
  body: {paymentMethodId: '{paymentMethodId}', amount: usd(amount)},
  saveAs: 'depositId',
  status: 201,
});
const depositSteps = (accountNumber: string): Step[] => [bank(accountNumber), deposit()];
const exchangeQuote = (amount: string): Step => ({
  method: 'POST',
  path: '/currency-exchange-quotes',
  body: {sourceCurrency: 'USD', targetCurrency: 'BTC', amount: usd(amount)},
  saveAs: 'quoteId',
  status: 201,
});
const executeExchange = (code?: string): Step => ({
  method: 'POST',
  path: '/currency-exchange-quotes/{quoteId}/execute',
  ...(code ? {code} : {status: 200}),
});
const simulate = (value: Simulation, code: string): Step => ({
  method: 'GET',
  path: '/account/balances',
  headers: {[SIMULATE_HEADER]: value},
  code,
});
const notFound = (code: string, method: string, path: string): TestInput => ({
  id: code.toLowerCase().replace(/_/g, '-'),
  group: NOT_FOUND_GROUP,
  input: 'An id that does not exist',
  outcome: `{problem ${code}}.`,
  ids: {[/\{(\w+)\}/.exec(path)![1]!]: NO_ID},
  steps: [{method, path, code}],
});
const FUNDS = '200.00';

/** Where a row reads its object afterwards, and the event that reports the change about that saved id. */
type Target = Required<Pick<Then, 'path' | 'event' | 'entity'>>;
const INVOICE: Target = {path: '/invoices/{invoiceId}', event: 'invoice.updated', entity: 'invoiceId'};
const RECEIVE_REQUEST: Target = {
  path: '/receive-requests/{receiveRequestId}',
  event: 'receive-request.receive-completed',
  entity: 'receiveRequestId',
};
const PAYMENT: Target = {path: '/payments/{paymentId}', event: 'payment.updated', entity: 'paymentId'};
const PAYOUT: Target = {path: '/payouts/{payoutId}', event: 'payout.updated', entity: 'payoutId'};
const DEPOSIT: Target = {path: '/deposits/{depositId}', event: 'deposit.updated', entity: 'depositId'};
const EXCHANGE_QUOTE: Target = {
  path: '/currency-exchange-quotes/{quoteId}',
  event: 'currency-exchange-quote.updated',
  entity: 'quoteId',
};
/** A row's end: `wait` clock seconds later the object has `fields`, and its event reported the change. */
const settles = (target: Target, wait: number, fields: JsonObject): Then => ({
  wait,
  path: target.path,
  fields,
  event: target.event,
  entity: target.entity,
});

export const TEST_INPUTS: TestInput[] = [
  // Invoices: the customer's payment, by the amount's last two decimals.
  {
    id: 'invoice-paid',
    group: 'Invoices',
    input: 'Ends in anything else, such as `10.00`',
    outcome: `About ${PAY_AFTER_SECONDS} seconds from the quote the invoice is \`PENDING\`, ${SETTLE_SECONDS === 1 ? 'a second' : `${SETTLE_SECONDS} seconds`} later \`PAID\`, and the amount is credited.`,
    steps: invoiceSteps('10.00'),
    then: settles(INVOICE, PAID_WAIT, {status: 'PAID'}),
  },
  {
    id: 'invoice-expires',
    group: 'Invoices',
    input: `Ends in \`${AMOUNT_ENDINGS.expires}\`, such as \`${EXAMPLE_AMOUNTS.expires}\``,
    outcome:
      'Nobody pays. At its `expiration`, `expiresInSeconds` of sandbox time after issue (24 hours if you leave it out), the invoice is `CANCELLED` with `cancellationReason` `EXPIRED`. `POST /_sandbox/clock` moves the clock there.',
    steps: invoiceSteps(EXAMPLE_AMOUNTS.expires, {expiresInSeconds: 300}),
    then: settles(INVOICE, 300, {status: 'CANCELLED', cancellationReason: 'EXPIRED'}),
  },
  {
    id: 'invoice-payment-fails',
    group: 'Invoices',
    input: `Ends in \`${AMOUNT_ENDINGS.fails}\`, such as \`${EXAMPLE_AMOUNTS.fails}\``,
    outcome: 'The payment fails: no money arrives and the invoice stays `UNPAID`.',
    steps: invoiceSteps(EXAMPLE_AMOUNTS.fails),
    then: {wait: PAID_WAIT, path: '/invoices/{invoiceId}', fields: {status: 'UNPAID'}},
  },
  {
    id: 'invoice-not-cancellable',
    group: 'Invoices',
    input: 'Cancel an invoice that is `PAID`',
    outcome: '{problem INVOICE_NOT_CANCELLABLE}.',
    steps: [
      ...invoiceSteps('10.00'),
      {method: 'PATCH', path: '/invoices/{invoiceId}/cancel', wait: PAID_WAIT, code: 'INVOICE_NOT_CANCELLABLE'},
    ],
  },
  {
    id: 'invoice-not-payable',
    group: 'Invoices',
    input: 'Quote an invoice that is `CANCELLED`',
    outcome: '{problem INVOICE_NOT_PAYABLE}.',
    steps: [
      {method: 'POST', path: '/invoices', body: {amount: usd('10.00')}, saveAs: 'invoiceId', status: 201},
      {method: 'PATCH', path: '/invoices/{invoiceId}/cancel', status: 200},
      {method: 'POST', path: '/invoices/{invoiceId}/quote', code: 'INVOICE_NOT_PAYABLE'},
    ],
  },
  {
    id: 'receiver-not-found',
    group: 'Invoices',
    input: 'A handle that no account has, such as `nobody-here`',
    outcome: '{problem ACCOUNT_NOT_FOUND}.',
    steps: [
      {
        method: 'POST',
        path: '/accounts/handle/nobody-here/invoices',
        body: {amount: usd('10.00')},
        code: 'ACCOUNT_NOT_FOUND',
      },
    ],
  },

  // Receive requests: the simulated payer.
  {
    id: 'receive-fixed-amount',
    group: 'Receive requests',
    input: 'A receive request with an `amount`, such as `10.00` USD',
    outcome: `About ${PAY_AFTER_SECONDS} seconds from its creation a payer pays the amount: one receive, \`PENDING\` (with \`receive-request.receive-pending\`), then \`COMPLETED\`.`,
    steps: [
      {
        method: 'POST',
        path: '/receive-requests',
        body: {currency: 'USD', amount: usd('10.00')},
        saveAs: 'receiveRequestId',
        status: 201,
      },
    ],
    then: settles(RECEIVE_REQUEST, PAID_WAIT, {totalReceived: usd('10.00')}),
  },
  {
    id: 'receive-open-amount',
    group: 'Receive requests',
    input: 'A receive request without an `amount`',
    outcome: `About ${PAY_AFTER_SECONDS} seconds from its creation a payer sends \`${OPEN_AMOUNT_PAYMENT.USD}\` (in a BTC receive request, \`${OPEN_AMOUNT_PAYMENT.BTC}\`): one receive, \`PENDING\` (with \`receive-request.receive-pending\`), then \`COMPLETED\`.`,
    steps: [
      {method: 'POST', path: '/receive-requests', body: {currency: 'USD'}, saveAs: 'receiveRequestId', status: 201},
    ],
    then: settles(RECEIVE_REQUEST, PAID_WAIT, {totalReceived: usd(OPEN_AMOUNT_PAYMENT.USD!)}),
  },

  // Lightning payments: the invoice you pay.
  {
    id: 'lightning-pays',
    group: 'Lightning payments',
    input: 'A Lightning invoice that the sandbox pays',
    outcome: `The payment is \`COMPLETED\` ${STEP_SECONDS} seconds later.`,
    fundUsd: FUNDS,
    steps: [lightningQuote(LIGHTNING_INVOICES.pays), executePayment],
    then: settles(PAYMENT, STEP_SECONDS + 1, {status: 'COMPLETED'}),
  },
  {
    id: 'lightning-no-route',
    group: 'Lightning payments',
    input: 'A Lightning invoice that no route reaches',
    outcome: 'The quote answers {problem NO_ROUTE_FOUND}.',
    steps: [lightningQuote(LIGHTNING_INVOICES.noRoute, 'NO_ROUTE_FOUND')],
  },
  {
    id: 'lightning-invoice-expired',
    group: 'Lightning payments',
    input: 'An expired Lightning invoice',
    outcome: 'The quote answers {problem LIGHTNING_INVOICE_EXPIRED}.',
    steps: [lightningQuote(LIGHTNING_INVOICES.expired, 'LIGHTNING_INVOICE_EXPIRED')],
  },
  {
    id: 'lightning-mainnet-invoice',
    group: 'Lightning payments',
    input: `A mainnet Lightning invoice (\`lnbc…\`), such as \`${MAINNET.lnInvoice}\``,
    outcome: '{problem VALIDATION_FAILED} naming `lnInvoice` and its network: the sandbox pays signet only.',
    steps: [
      {
        method: 'POST',
        path: '/payment-quotes/lightning',
        body: {lnInvoice: MAINNET.lnInvoice},
        code: 'VALIDATION_FAILED',
        field: 'lnInvoice',
      },
    ],
  },
  ...(
    [
      ['failsNoRoute', 'NO_ROUTE', STEP_SECONDS + 1],
      ['failsRejected', 'PAYEE_REJECTED', STEP_SECONDS + 1],
      ['failsExpired', 'INVOICE_EXPIRED', STEP_SECONDS + 1],
      ['failsTimeout', 'TIMEOUT', TIMEOUT_SECONDS + 1],
    ] as const
  ).map(([name, reason, wait]): TestInput => ({
    id: `lightning-fails-${reason.toLowerCase().replace(/_/g, '-')}`,
    group: 'Lightning payments',
    input: `A Lightning invoice whose payment fails with \`${reason}\``,
    outcome: `The payment is \`FAILED\` with \`failureReason\` \`${reason}\` ${reason === 'TIMEOUT' ? TIMEOUT_SECONDS : STEP_SECONDS} seconds later; \`totalAmount\` comes back.`,
    fundUsd: FUNDS,
    steps: [lightningQuote(LIGHTNING_INVOICES[name]), executePayment],
    then: settles(PAYMENT, wait, {status: 'FAILED', failureReason: reason}),
  })),

  // LNURL and Lightning addresses.
  {
    id: 'lnurl-pays',
    group: 'LNURL and Lightning addresses',
    input: 'A Lightning address that resolves',
    outcome: `The payment is \`COMPLETED\` ${STEP_SECONDS} seconds later.`,
    fundUsd: FUNDS,
    steps: [
      {
        method: 'POST',
        path: '/payment-quotes/lnurl',
        body: {destination: LIGHTNING_ADDRESSES.pays, amount: usd('5.00')},
        saveAs: 'quoteId',
        status: 201,
      },
      executePayment,
    ],
    then: settles(PAYMENT, STEP_SECONDS + 1, {status: 'COMPLETED'}),
  },
  {
    id: 'lnurl-unreachable',
    group: 'LNURL and Lightning addresses',
    input: 'A Lightning address whose server does not answer',
    outcome: 'The quote answers {problem LNURL_RESOLUTION_FAILED}.',
    steps: [
      {
        method: 'POST',
        path: '/payment-quotes/lnurl',
        body: {destination: LIGHTNING_ADDRESSES.unreachable, amount: usd('5.00')},
        code: 'LNURL_RESOLUTION_FAILED',
      },
    ],
  },
  {
    id: 'lnurl-details-unreachable',
    group: 'LNURL and Lightning addresses',
    input: 'The same address, on get LNURL details',
    outcome: '{problem LNURL_RESOLUTION_FAILED}.',
    steps: [
      {
        method: 'GET',
        path: `/lnurl/details?destination=${encodeURIComponent(LIGHTNING_ADDRESSES.unreachable)}`,
        code: 'LNURL_RESOLUTION_FAILED',
      },
    ],
  },
  {
    id: 'lnurl-amount-out-of-range',
    group: 'LNURL and Lightning addresses',
    input: 'An `amount` outside the `minSendable` to `maxSendable` that get LNURL details shows, such as `0.02` BTC',
    outcome: 'The quote answers {problem AMOUNT_OUT_OF_RANGE}; `detail` gives the bounds.',
    steps: [
      {
        method: 'POST',
        path: '/payment-quotes/lnurl',
        body: {destination: LIGHTNING_ADDRESSES.pays, amount: {amount: '0.02000000', currency: 'BTC'}},
        code: 'AMOUNT_OUT_OF_RANGE',
      },
    ],
  },

  // On-chain payments.
  {
    id: 'onchain-pays',
    group: 'On-chain payments',
    input: 'A Bitcoin address',
    outcome: `The payment is \`PENDING\` with \`confirmations\` 0 until its first confirmation, ${STANDARD_CONFIRMATION_MINUTES} minutes later (the \`STANDARD\` tier's \`estimatedConfirmationMinutes\`), then \`COMPLETED\` with \`confirmations\` 1.`,
    fundUsd: FUNDS,
    steps: [onchainQuote(usd('20.00')), executePayment],
    then: settles(PAYMENT, STANDARD_CONFIRMATION_MINUTES * 60, {status: 'COMPLETED', onchain: {confirmations: 1}}),
  },
  {
    id: 'onchain-below-minimum',
    group: 'On-chain payments',
    input: `An \`amount\` below \`${ONCHAIN_MINIMUM_BTC}\` BTC, such as \`0.00000001\``,
    outcome: '{problem AMOUNT_OUT_OF_RANGE}.',
    steps: [{...onchainQuote({amount: '0.00000001', currency: 'BTC'}), code: 'AMOUNT_OUT_OF_RANGE'}],
  },
  {
    id: 'onchain-bad-checksum',
    group: 'On-chain payments',
    input: `An address with a mistyped character, such as \`${MISTYPED_ADDRESS}\``,
    outcome: '{problem VALIDATION_FAILED} naming `address`: its checksum does not match.',
    steps: [
      {
        method: 'POST',
        path: '/payment-quotes/onchain',
        body: {address: MISTYPED_ADDRESS, amount: {amount: '0.00020000', currency: 'BTC'}},
        code: 'VALIDATION_FAILED',
        field: 'address',
      },
    ],
  },
  {
    id: 'onchain-mainnet-address',
    group: 'On-chain payments',
    input: `A mainnet address (\`bc1…\`, \`1…\`, \`3…\`), such as \`${MAINNET.address}\``,
    outcome: '{problem VALIDATION_FAILED} naming `address` and its network: the sandbox pays signet only.',
    steps: [
      {
        method: 'POST',
        path: '/payment-quotes/onchain',
        body: {address: MAINNET.address, amount: {amount: '0.00020000', currency: 'BTC'}},
        code: 'VALIDATION_FAILED',
        field: 'address',
      },
    ],
  },

  // Executing a payment quote.
  {
    id: 'payment-limit-exceeded',
    group: 'Executing a payment quote',
    input: 'A payment above what remains of the daily payment limit (8,990.00 USD), such as `9000.00` USD',
    outcome: 'Executing answers {problem LIMIT_EXCEEDED}.',
    steps: [onchainQuote(usd('9000.00')), {...executePayment, code: 'LIMIT_EXCEEDED'}],
  },
  {
    id: 'payment-insufficient-funds',
    group: 'Executing a payment quote',
    input: 'A payment above your available balance, such as `5000.00` USD',
    outcome: 'Executing answers {problem INSUFFICIENT_FUNDS}.',
    steps: [onchainQuote(usd('5000.00')), {...executePayment, code: 'INSUFFICIENT_FUNDS'}],
  },
  {
    id: 'payment-quote-expired',
    group: 'Executing a payment quote',
    input: 'Execute a quote after its `expiration`',
    outcome: '{problem QUOTE_EXPIRED}.',
    steps: [lightningQuote(LIGHTNING_INVOICES.pays), {...executePayment, wait: 120, code: 'QUOTE_EXPIRED'}],
  },
  {
    id: 'payment-quote-already-executed',
    group: 'Executing a payment quote',
    input: 'Execute a quote a second time, with a new `Idempotency-Key`',
    outcome:
      '{problem QUOTE_ALREADY_EXECUTED} and `paymentId`, the id of the payment the first execution made; sent again with that key, the same.',
    fundUsd: FUNDS,
    steps: [
      lightningQuote(LIGHTNING_INVOICES.pays),
      executePayment,
      ...[1, 2].map((): Step => ({
        method: 'POST',
        path: '/payment-quotes/{quoteId}/execute',
        key: 'again',
        code: 'QUOTE_ALREADY_EXECUTED',
        problem: {paymentId: '{paymentId}'},
      })),
    ],
  },

  // Payouts: the bank account you pay out to.
  {
    id: 'payout-completes',
    group: 'Payouts',
    input: 'An `accountNumber` with any other ending',
    outcome: `The payout moves \`INITIATED\`, \`PENDING\`, then \`COMPLETED\`, ${STEP_SECONDS} seconds apart.`,
    fundUsd: FUNDS,
    steps: [...payoutSteps(GOOD_ACCOUNT), initiate],
    then: settles(PAYOUT, 2 * STEP_SECONDS + 1, {status: 'COMPLETED'}),
  },
  {
    id: 'payout-fails',
    group: 'Payouts',
    input: `An \`accountNumber\` ending in \`${BANK_ACCOUNT_ENDINGS.payoutFails}\``,
    outcome: `The payout is \`FAILED\` after \`PENDING\`, with a \`failureReason\`; \`sourceAmount\` comes back.`,
    fundUsd: FUNDS,
    steps: [...payoutSteps(failingAccount(BANK_ACCOUNT_ENDINGS.payoutFails)), initiate],
    then: settles(PAYOUT, 2 * STEP_SECONDS + 1, {status: 'FAILED', failureReason: BANK_FAILURES.payoutFails}),
  },
  {
    id: 'payout-limit-exceeded',
    group: 'Payouts',
    input: 'A payout above what remains of the daily payout limit (47,287.60 USD), such as `50000.00` USD',
    outcome: 'Initiating answers {problem LIMIT_EXCEEDED}.',
    ...withBank,
    steps: [payout('50000.00'), {...initiate, code: 'LIMIT_EXCEEDED'}],
  },
  {
    id: 'payout-insufficient-funds',
    group: 'Payouts',
    input: 'A payout above your available balance, such as `40000.00` USD',
    outcome: 'Initiating answers {problem INSUFFICIENT_FUNDS}.',
    ...withBank,
    steps: [payout('40000.00'), {...initiate, code: 'INSUFFICIENT_FUNDS'}],
  },
  {
    id: 'payout-expired',
    group: 'Payouts',
    input: `Leave a payout \`NEW\` past its \`expiration\` (${PAYOUT_HOLD_SECONDS / 60} minutes), then initiate it`,
    outcome: 'At its `expiration` the payout is `EXPIRED`; initiating it answers {problem QUOTE_EXPIRED}.',
    ...withBank,
    steps: [payout(), {...initiate, wait: PAYOUT_HOLD_SECONDS + 1, code: 'QUOTE_EXPIRED'}],
    then: settles(PAYOUT, 0, {status: 'EXPIRED'}),
  },
  {
    id: 'payout-not-initiable',
    group: 'Payouts',
    input: 'Initiate a payout a second time, with a new `Idempotency-Key`',
    outcome: '{problem PAYOUT_NOT_INITIABLE}.',
    fundUsd: FUNDS,
    ...withBank,
    steps: [payout(), initiate, {...initiate, code: 'PAYOUT_NOT_INITIABLE'}],
  },
  {
    id: 'payout-currency-mismatch',
    group: 'Payouts',
    input: 'A payout `amount` in another currency than the bank account, such as EUR to a USD account',
    outcome: '{problem CURRENCY_MISMATCH}.',
    ...withBank,
    steps: [
      {
        method: 'POST',
        path: '/payouts',
        body: {paymentMethodId: '{paymentMethodId}', amount: {amount: '10.00', currency: 'EUR'}, reference: 'X'},
        code: 'CURRENCY_MISMATCH',
      },
    ],
  },
  {
    id: 'payment-method-in-use',
    group: 'Deleting what is in use',
    input: 'Delete a bank payment method that a `NEW` payout uses',
    outcome: '{problem PAYMENT_METHOD_IN_USE}.',
    ...withBank,
    steps: [
      payout(),
      {method: 'DELETE', path: '/payment-methods/bank/{paymentMethodId}', code: 'PAYMENT_METHOD_IN_USE'},
    ],
  },
  {
    id: 'payout-originator-in-use',
    group: 'Deleting what is in use',
    input: 'Delete an originator that a `NEW` payout names',
    outcome: '{problem PAYOUT_ORIGINATOR_IN_USE}.',
    ...withBank,
    steps: [
      originator,
      payoutOnBehalf,
      {method: 'DELETE', path: '/payout-originators/{originatorId}', code: 'PAYOUT_ORIGINATOR_IN_USE'},
    ],
  },
  {
    id: 'in-use-until-expired',
    group: 'Deleting what is in use',
    input: `Delete them once the \`NEW\` payout has passed its \`expiration\` (${PAYOUT_HOLD_SECONDS / 60} minutes) and is \`EXPIRED\``,
    outcome: 'Both deletes answer `204`: an `EXPIRED` payout holds neither.',
    ...withBank,
    steps: [
      originator,
      {...payoutOnBehalf, saveAs: 'payoutId'},
      {method: 'DELETE', path: '/payout-originators/{originatorId}', wait: PAYOUT_HOLD_SECONDS + 1, status: 204},
      {method: 'DELETE', path: '/payment-methods/bank/{paymentMethodId}', status: 204},
    ],
    then: settles(PAYOUT, 0, {status: 'EXPIRED'}),
  },

  // Deposits: the bank account you pull from.
  {
    id: 'deposit-completes',
    group: 'Deposits',
    input: 'An `accountNumber` with any other ending',
    outcome: `The deposit is \`COMPLETED\` ${2 * STEP_SECONDS} seconds later and \`netAmount\` is credited.`,
    steps: depositSteps(GOOD_ACCOUNT),
    then: settles(DEPOSIT, 2 * STEP_SECONDS + 1, {status: 'COMPLETED'}),
  },
  {
    id: 'deposit-fails',
    group: 'Deposits',
    input: `An \`accountNumber\` ending in \`${BANK_ACCOUNT_ENDINGS.depositFails}\``,
    outcome: `The deposit is \`FAILED\` ${2 * STEP_SECONDS} seconds later, with a \`failureReason\`; nothing is credited.`,
    steps: depositSteps(failingAccount(BANK_ACCOUNT_ENDINGS.depositFails)),
    then: settles(DEPOSIT, 2 * STEP_SECONDS + 1, {status: 'FAILED', failureReason: BANK_FAILURES.depositFails}),
  },
  {
    id: 'deposit-reversed',
    group: 'Deposits',
    input: `An \`accountNumber\` ending in \`${BANK_ACCOUNT_ENDINGS.depositReversed}\``,
    outcome: `The deposit is \`COMPLETED\` ${2 * STEP_SECONDS} seconds later, then \`REVERSED\` ${2 * STEP_SECONDS} seconds later still: \`netAmount\` is debited back.`,
    steps: depositSteps(failingAccount(BANK_ACCOUNT_ENDINGS.depositReversed)),
    then: settles(DEPOSIT, 4 * STEP_SECONDS + 1, {status: 'REVERSED', failureReason: BANK_FAILURES.depositReversed}),
  },
  {
    id: 'deposit-limit-exceeded',
    group: 'Deposits',
    input: 'A deposit above what remains of the monthly deposit limit (243,655.00 USD), such as `250000.00` USD',
    outcome: '{problem LIMIT_EXCEEDED}.',
    ...withBank,
    steps: [{...deposit('250000.00'), code: 'LIMIT_EXCEEDED'}],
  },

  // Currency exchange.
  {
    id: 'exchange-completes',
    group: 'Currency exchange',
    input: `An exchange \`amount\` that does not end in \`${AMOUNT_ENDINGS.fails}\`, such as \`10.00\` USD`,
    outcome: `The exchange is \`PENDING\`, then \`COMPLETED\` ${STEP_SECONDS} seconds later: the target amount is credited.`,
    fundUsd: FUNDS,
    steps: [exchangeQuote('10.00'), executeExchange()],
    then: settles(EXCHANGE_QUOTE, STEP_SECONDS + 1, {status: 'COMPLETED'}),
  },
  {
    id: 'exchange-fails',
    group: 'Currency exchange',
    input: `An exchange \`amount\` ending in \`${AMOUNT_ENDINGS.fails}\`, such as \`${EXAMPLE_AMOUNTS.fails}\` USD`,
    outcome: `The exchange is \`FAILED\` ${STEP_SECONDS} seconds from the execution, and the source amount is returned.`,
    fundUsd: FUNDS,
    steps: [exchangeQuote(EXAMPLE_AMOUNTS.fails), executeExchange()],
    then: settles(EXCHANGE_QUOTE, STEP_SECONDS + 1, {status: 'FAILED'}),
  },
  {
    id: 'exchange-limit-exceeded',
    group: 'Currency exchange',
    input: 'An exchange above what remains of the daily exchange limit (99,000.00 USD), such as `100000.00` USD',
    outcome: 'Executing answers {problem LIMIT_EXCEEDED}.',
    steps: [exchangeQuote('100000.00'), executeExchange('LIMIT_EXCEEDED')],
  },
  {
    id: 'exchange-expired',
    group: 'Currency exchange',
    input: `Execute an exchange quote after its \`expiration\` (${EXCHANGE_QUOTE_SECONDS} seconds)`,
    outcome: 'At its `expiration` the quote is `EXPIRED`; executing it answers {problem QUOTE_EXPIRED}.',
    steps: [exchangeQuote('10.00'), {...executeExchange('QUOTE_EXPIRED'), wait: EXCHANGE_QUOTE_SECONDS + 1}],
    then: settles(EXCHANGE_QUOTE, 0, {status: 'EXPIRED'}),
  },
  {
    id: 'exchange-already-executed',
    group: 'Currency exchange',
    input: 'Execute an exchange quote a second time, with a new `Idempotency-Key`',
    outcome: '{problem QUOTE_ALREADY_EXECUTED}. The quote is the exchange: get it for its status.',
    fundUsd: FUNDS,
    steps: [exchangeQuote('10.00'), executeExchange(), executeExchange('QUOTE_ALREADY_EXECUTED')],
  },
  {
    id: 'exchange-pair-not-supported',
    group: 'Currency exchange',
    input: 'The same `sourceCurrency` and `targetCurrency`',
    outcome: '{problem CURRENCY_PAIR_NOT_SUPPORTED}.',
    steps: [
      {
        method: 'POST',
        path: '/currency-exchange-quotes',
        body: {sourceCurrency: 'USD', targetCurrency: 'USD', amount: usd('10.00')},
        code: 'CURRENCY_PAIR_NOT_SUPPORTED',
      },
    ],
  },
  {
    id: 'exchange-below-minimum',
    group: 'Currency exchange',
    input: 'An exchange whose `source` or `target` is below the minimum of its currency, such as `0.00000001` BTC',
    outcome: '{problem AMOUNT_OUT_OF_RANGE}; `detail` names the minimum.',
    steps: [
      {
        method: 'POST',
        path: '/currency-exchange-quotes',
        body: {sourceCurrency: 'USD', targetCurrency: 'BTC', amount: {amount: '0.00000001', currency: 'BTC'}},
        code: 'AMOUNT_OUT_OF_RANGE',
      },
    ],
  },

  // Any operation.
  {
    id: 'internal-error',
    group: 'Any operation',
    input: `The header \`${SIMULATE_HEADER}: internal-error\``,
    outcome: '{problem INTERNAL_ERROR}. Nothing runs; retry with the same `Idempotency-Key`.',
    steps: [simulate('internal-error', 'INTERNAL_ERROR')],
  },
  {
    id: 'service-unavailable',
    group: 'Any operation',
    input: `The header \`${SIMULATE_HEADER}: service-unavailable\``,
    outcome: `{problem SERVICE_UNAVAILABLE} and \`Retry-After: ${RETRY_AFTER_SECONDS}\`. Nothing runs.`,
    steps: [simulate('service-unavailable', 'SERVICE_UNAVAILABLE')],
  },
  {
    id: 'account-restricted',
    group: 'Any operation',
    input: `The header \`${SIMULATE_HEADER}: account-restricted\``,
    outcome: '{problem ACCOUNT_RESTRICTED}. Nothing runs.',
    steps: [simulate('account-restricted', 'ACCOUNT_RESTRICTED')],
  },
  {
    id: 'idempotency-key-in-use',
    group: 'Any operation',
    input: `\`${SIMULATE_HEADER}: slow\`, then the same request again`,
    outcome: `The first answers normally after ${SLOW_SECONDS} seconds; the second answers {problem IDEMPOTENCY_KEY_IN_USE}.`,
    steps: [
      {
        method: 'POST',
        path: '/invoices',
        body: {amount: usd('10.00')},
        headers: {[SIMULATE_HEADER]: 'slow'},
        key: 'slow',
        background: true,
        status: 201,
      },
      {
        method: 'POST',
        path: '/invoices',
        body: {amount: usd('10.00')},
        key: 'slow',
        code: 'IDEMPOTENCY_KEY_IN_USE',
      },
    ],
  },
  {
    id: 'idempotency-key-reused',
    group: 'Any operation',
    input: 'An `Idempotency-Key` sent again with another body, or on another operation',
    outcome: '{problem IDEMPOTENCY_KEY_REUSED}.',
    steps: [
      {method: 'POST', path: '/invoices', body: {amount: usd('10.00')}, key: 'reused', status: 201},
      {
        method: 'POST',
        path: '/invoices',
        body: {amount: usd('11.00')},
        key: 'reused',
        code: 'IDEMPOTENCY_KEY_REUSED',
      },
    ],
  },
  {
    id: 'idempotency-key-invalid',
    group: 'Any operation',
    input: 'No `Idempotency-Key` on an operation that takes one',
    outcome: '{problem IDEMPOTENCY_KEY_INVALID}.',
    steps: [
      {
        method: 'POST',
        path: '/invoices',
        body: {amount: usd('10.00')},
        key: null,
        code: 'IDEMPOTENCY_KEY_INVALID',
      },
    ],
  },
  {
    id: 'malformed-request',
    group: 'Any operation',
    input: 'A body that is not JSON, such as `{"amount":`',
    outcome: '{problem MALFORMED_REQUEST}.',
    steps: [
      {
        method: 'POST',
        path: '/invoices',
        rawBody: '{"amount":',
        headers: {'Content-Type': 'application/json'},
        code: 'MALFORMED_REQUEST',
      },
    ],
  },
  {
    id: 'validation-failed',
    group: 'Any operation',
    input: 'A field that breaks the schema, such as `"amount": "ten"`',
    outcome: '{problem VALIDATION_FAILED}; `validationErrors` names each field.',
    steps: [
      {
        method: 'POST',
        path: '/invoices',
        body: {amount: {amount: 'ten', currency: 'USD'}},
        code: 'VALIDATION_FAILED',
        field: 'amount.amount',
      },
    ],
  },
  {
    id: 'query-parameter-invalid',
    group: 'Any operation',
    input: 'A query parameter of the wrong type, such as `amount=ten`',
    outcome: '{problem VALIDATION_FAILED}; `validationErrors` names the parameter.',
    steps: [
      {
        method: 'GET',
        path: `/deposits/fee-estimate?paymentMethodId=${NO_ID}&amount=ten&currency=USD`,
        code: 'VALIDATION_FAILED',
        field: 'amount',
      },
    ],
  },
  {
    id: 'invalid-query-option',
    group: 'Any operation',
    input: 'A list option out of range, such as `$top=500`',
    outcome: '{problem INVALID_QUERY_OPTION}.',
    steps: [{method: 'GET', path: '/invoices?$top=500', code: 'INVALID_QUERY_OPTION'}],
  },
  {
    id: 'unauthorized',
    group: 'Any operation',
    input: 'No `Authorization` header',
    outcome: '{problem UNAUTHORIZED}.',
    steps: [{method: 'GET', path: '/account/balances', noAuth: true, code: 'UNAUTHORIZED'}],
  },
  {
    id: 'insufficient-scope',
    group: 'Any operation',
    input: 'A key without the operation’s scope (start the local sandbox with `--scopes partner.invoice.read`)',
    outcome: '{problem INSUFFICIENT_SCOPE}.',
    flags: ['--scopes', 'partner.invoice.read'],
    steps: [{method: 'POST', path: '/invoices', body: {amount: usd('10.00')}, code: 'INSUFFICIENT_SCOPE'}],
  },
  {
    id: 'rate-limited',
    group: 'Any operation',
    input: `${SANDBOX_LIMIT + 1} requests with one key within ${WINDOW_MS / 1000} seconds`,
    outcome: `After ${SANDBOX_LIMIT} requests, the next answers {problem RATE_LIMITED} and \`Retry-After\`.`,
    steps: [{method: 'GET', path: '/account/balances', times: SANDBOX_LIMIT + 1, code: 'RATE_LIMITED'}],
  },
  {
    id: 'not-found',
    group: 'Any operation',
    input: 'A path that no operation has, such as `/v1/nothing-here`',
    outcome: '{problem NOT_FOUND}.',
    steps: [{method: 'GET', path: '/nothing-here', code: 'NOT_FOUND'}],
  },
  {
    id: 'method-not-allowed',
    group: 'Any operation',
    input: 'A method that the path does not take, such as `DELETE` on `/v1/invoices`',
    outcome: '{problem METHOD_NOT_ALLOWED} and an `Allow` header.',
    steps: [{method: 'DELETE', path: '/invoices', code: 'METHOD_NOT_ALLOWED'}],
  },
  {
    id: 'api-version-unsupported',
    group: 'Any operation',
    input: 'A `Kestrel-Version` header naming no version the API serves, such as `0.9.0`',
    outcome: '{problem API_VERSION_UNSUPPORTED}; `detail` lists the versions served.',
    steps: [{method: 'GET', path: '/invoices', headers: {'Kestrel-Version': '0.9.0'}, code: 'API_VERSION_UNSUPPORTED'}],
  },

  // Objects that do not exist.
  notFound('INVOICE_NOT_FOUND', 'GET', '/invoices/{invoiceId}'),
  notFound('PAYOUT_ORIGINATOR_NOT_FOUND', 'GET', '/payout-originators/{originatorId}'),
  notFound('PAYOUT_NOT_FOUND', 'GET', '/payouts/{payoutId}'),
  notFound('RECEIVE_REQUEST_NOT_FOUND', 'GET', '/receive-requests/{receiveRequestId}'),
  notFound('PAYMENT_METHOD_NOT_FOUND', 'GET', '/payment-methods/bank/{paymentMethodId}'),
  notFound('CURRENCY_EXCHANGE_QUOTE_NOT_FOUND', 'GET', '/currency-exchange-quotes/{quoteId}'),
  notFound('PAYMENT_QUOTE_NOT_FOUND', 'POST', '/payment-quotes/{quoteId}/execute'),
  notFound('PAYMENT_NOT_FOUND', 'GET', '/payments/{paymentId}'),
  notFound('SUBSCRIPTION_NOT_FOUND', 'GET', '/subscriptions/{subscriptionId}'),
  notFound('ACCOUNT_NOT_FOUND', 'GET', '/accounts/{accountId}'),
  notFound('DEPOSIT_NOT_FOUND', 'GET', '/deposits/{depositId}'),
  notFound('EVENT_NOT_FOUND', 'GET', '/events/{eventId}'),
  {
    id: 'event-expired',
    group: NOT_FOUND_GROUP,
    input: `An event older than ${eventRetentionDays()} days (move the local sandbox’s clock ${eventRetentionDays()} days forward)`,
    outcome: '{problem EVENT_NOT_FOUND}, and get events no longer lists it.',
    steps: [
      {method: 'POST', path: '/invoices', body: {amount: usd('10.00')}, status: 201},
      {method: 'GET', path: '/events?$top=1', status: 200, saveAs: 'eventId'},
      {method: 'GET', path: '/events/{eventId}', wait: eventRetentionDays() * 24 * 3600 + 1, code: 'EVENT_NOT_FOUND'},
    ],
  },
];

/**
 * Error codes of the definition's catalogue that no request to the local sandbox can produce, and
 * why. Every other code has a row above.
 */
export const NOT_LOCAL: Record<string, string> = {};
