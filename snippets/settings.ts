/** What every snippet does the same way, in every language and style. */

/** Seconds after which a reference sample or the Try-it copy gives up on the call. */
export const TIMEOUT_SECONDS = 10;
/** The environment variable every snippet reads the API key from. */
export const API_KEY_VARIABLE = 'KESTREL_API_KEY';
/** The header that carries an operation's idempotency key. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
