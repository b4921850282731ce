/**
 * The values of the sandbox's test inputs that trigger each outcome: headers, Lightning invoices
 * and addresses, bank account endings and amount endings. test-inputs.ts re-exports them with the
 * table of rows; they live apart because they need no definition, so the fact table that renders
 * them into the guides and the definition's own prose (plugins/prose-facts) can read them while
 * the definition is being bundled.
 */

/** The header that makes any operation answer as Kestrel does when something goes wrong on its side. */
export const SIMULATE_HEADER = 'Kestrel-Sandbox-Simulate';

/** The values of the simulate header and the code each answers (its status is the error catalogue's). */
export const SIMULATIONS = {
  'internal-error': {code: 'INTERNAL_ERROR'},
  /** The operation runs and its answer is kept against the Idempotency-Key; then the client gets this 500. */
  'internal-error-after-work': {code: 'INTERNAL_ERROR'},
  'service-unavailable': {code: 'SERVICE_UNAVAILABLE'},
  'account-restricted': {code: 'ACCOUNT_RESTRICTED'},
  /** Answers normally, after SLOW_SECONDS: longer than the 10-second timeout the guides use. */
  slow: {code: ''},
} as const;
export type Simulation = keyof typeof SIMULATIONS;
export const SLOW_SECONDS = 12;
/** The Retry-After of a simulated 503. */
export const RETRY_AFTER_SECONDS = 30;

/** Why a Lightning payment fails, as the Payment schema's `failureReason` names it. */
export type FailureReason = 'NO_ROUTE' | 'PAYEE_REJECTED' | 'INVOICE_EXPIRED' | 'TIMEOUT';

/**
 * Test Lightning invoices (signet, 10 µBTC, that is 1,000 sats, each): one that the sandbox pays,
 * two that quoting refuses, and one per `failureReason` of a payment that fails after you execute
 * its quote. Any other `lntbs…` invoice with an amount is paid too.
 */
export const LIGHTNING_INVOICES = {
  pays: 'lntbs10u1pkestrelpays',
  noRoute: 'lntbs10u1pkestreln0r0ute',
  expired: 'lntbs10u1pkestrelstale',
  failsNoRoute: 'lntbs10u1pkestrellaten0r0ute',
  failsRejected: 'lntbs10u1pkestrelreject',
  failsExpired: 'lntbs10u1pkestrellapsed',
  failsTimeout: 'lntbs10u1pkestrelstuck',
} as const;

/** What quoting or paying a test Lightning invoice does. */
export function lightningTrigger(lnInvoice: string): {quoteCode?: string; failureReason?: FailureReason} {
  switch (lnInvoice) {
    case LIGHTNING_INVOICES.noRoute:
      return {quoteCode: 'NO_ROUTE_FOUND'};
    case LIGHTNING_INVOICES.expired:
      return {quoteCode: 'LIGHTNING_INVOICE_EXPIRED'};
    case LIGHTNING_INVOICES.failsNoRoute:
      return {failureReason: 'NO_ROUTE'};
    case LIGHTNING_INVOICES.failsRejected:
      return {failureReason: 'PAYEE_REJECTED'};
    case LIGHTNING_INVOICES.failsExpired:
      return {failureReason: 'INVOICE_EXPIRED'};
    case LIGHTNING_INVOICES.failsTimeout:
      return {failureReason: 'TIMEOUT'};
    default:
      return {};
  }
}

/** A payment that times out stays PENDING this long before it fails; the others fail at their first step. */
export const TIMEOUT_SECONDS = 60;

/** A Lightning address that resolves and is paid, and one whose server does not answer. */
export const LIGHTNING_ADDRESSES = {
  pays: 'northwind-roasters@kestrel.example',
  unreachable: 'offline@kestrel.example',
} as const;

/** An on-chain address the sandbox pays (a signet SegWit address, valid by its bech32 checksum). */
export const ONCHAIN_ADDRESS = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';

/** ONCHAIN_ADDRESS with its last character mistyped: its checksum fails, and quoting it answers 422 naming `address`. */
export const MISTYPED_ADDRESS = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsy';

/**
 * Minutes from executing an on-chain payment at the `STANDARD` tier (the tier a quote gets when it
 * names none) to its first confirmation, when it is `COMPLETED`: the tier's
 * `estimatedConfirmationMinutes` in the definition, which the sandbox keeps exactly.
 */
export const STANDARD_CONFIRMATION_MINUTES = 30;

/**
 * The last four digits of a bank account number (or IBAN) that make a payout to it fail, a
 * deposit from it fail, or a deposit from it complete and then come back. Any other account works.
 */
export const BANK_ACCOUNT_ENDINGS = {payoutFails: '0002', depositFails: '0003', depositReversed: '0004'} as const;

/** What the bank says when a test account makes a payout or deposit fail. */
export const BANK_FAILURES = {
  payoutFails: 'The beneficiary account is closed.',
  depositFails: 'The payer’s bank refused the debit: insufficient funds.',
  depositReversed: 'The payer’s bank returned the direct debit (SEPA reason code MD06).',
} as const;

/**
 * The last two decimals of an invoice amount that make it expire unpaid or its payment fail, and
 * of an exchange amount that makes the exchange fail; with an example amount of each.
 */
export const AMOUNT_ENDINGS = {expires: '.13', fails: '.66'} as const;
export const EXAMPLE_AMOUNTS = {expires: `10${AMOUNT_ENDINGS.expires}`, fails: `10${AMOUNT_ENDINGS.fails}`} as const;

/** Invoice amounts by their last two decimals, and exchanges whose amount ends in AMOUNT_ENDINGS.fails. */
export function amountOutcome(amount: string): 'expire' | 'fail' | 'pay' {
  if (amount.endsWith(AMOUNT_ENDINGS.expires)) return 'expire';
  if (amount.endsWith(AMOUNT_ENDINGS.fails)) return 'fail';
  return 'pay';
}

/**
 * What a payer sends to a receive request without an amount, `--pay-after` after it is created, in
 * the request's currency. A receive request with an amount is paid that amount.
 */
export const OPEN_AMOUNT_PAYMENT: Record<string, string> = {BTC: '0.00010000', USD: '5.00', EUR: '5.00', GBP: '5.00'};

/** A mainnet Lightning invoice and address: the sandbox pays signet only, and refuses them naming the field. */
export const MAINNET = {
  lnInvoice: 'lnbc10u1pkestrelpays',
  address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
} as const;
