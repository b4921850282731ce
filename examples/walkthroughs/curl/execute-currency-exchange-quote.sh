#!/usr/bin/env bash
# Execute currency exchange quote: POST /currency-exchange-quotes/{quoteId}/execute.
# Reads KESTREL_API_BASE, KESTREL_API_KEY, IDEMPOTENCY_KEY, QUOTE_ID from the environment; set
# IDEMPOTENCY_KEY to a new UUID for each operation and keep it for its retries.
# --retry repeats a timed-out or failed attempt with the same headers, so with the same
# Idempotency-Key: Kestrel runs the operation once.
set -eu
# #region request
curl "$KESTREL_API_BASE/currency-exchange-quotes/$QUOTE_ID/execute" \
  --request POST \
  --header "Authorization: Bearer $KESTREL_API_KEY" \
  --header "Idempotency-Key: $IDEMPOTENCY_KEY" \
  --max-time 10 --retry 3 --silent --show-error --fail-with-body
# #endregion request
