/**
 * How fast the sandbox's simulated world moves: the delay from an invoice quote (or a new receive
 * request) to its simulated payment, and the gaps between the statuses a payment, payout, deposit,
 * exchange or receive moves through. The operations schedule their steps with these, the test
 * inputs state their outcomes with them, and the guides render them (plugins/prose-facts).
 */

/** Seconds from an invoice quote or a new receive request to the simulated payer's payment (`--pay-after`'s default). */
export const PAY_AFTER_SECONDS = 10;

/** Milliseconds between the statuses of a payment, payout or exchange; a deposit takes two steps for each. */
export const STEP_MS = 2000;

/** Milliseconds from a received payment's `PENDING` to its `PAID` or `COMPLETED`. */
export const SETTLE_MS = 1000;
