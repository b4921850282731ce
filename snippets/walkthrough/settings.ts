/** What every walkthrough sample does the same way, in every language. */

/** The environment variable that holds the API's base URL, such as the sandbox's. */
export const BASE_VARIABLE = 'KESTREL_API_BASE';
/** The environment variable a write's samples read (curl) or may read (the clients) its key from. */
export const IDEMPOTENCY_VARIABLE = 'IDEMPOTENCY_KEY';
/** How many times curl retries an attempt that failed in a way safe to retry. */
export const RETRY_ATTEMPTS = 3;
/** Seconds after which curl stops retrying. */
export const RETRY_SECONDS = 60;
