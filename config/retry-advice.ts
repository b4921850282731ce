/**
 * Whether and how to send a request again after an answer, once: the four values the definition's
 * error catalogue (`x-error-catalogue` `retry`) and idempotency outcomes (`x-idempotency` `next`)
 * take, and the words every reader shows for them: the error catalogue on /api/introduction, the
 * idempotency outcomes on `/` and the MCP server's error rows. Short enough for a phone's column.
 */
export const RETRY_WORDS = {
  no: 'No',
  'same-key': 'Yes, with the same Idempotency-Key',
  'same-key-once-fixed': 'Once fixed, with the same key',
  'new-key': 'Once fixed, with a new key',
} as const;

/**
 * `same-key`: the same request again, with the same key; `same-key-once-fixed`: the request with the
 * same key once what the answer names is fixed; `new-key`: the request with a new key once its cause
 * is fixed; `no`: nothing, the request cannot succeed as it is (or has already run).
 */
export type RetryAdvice = keyof typeof RETRY_WORDS;

/** The four values, in the table's order. */
export const RETRY_ADVICE = Object.keys(RETRY_WORDS) as readonly RetryAdvice[];
