#!/usr/bin/env bash
# Initiate deposit: POST /deposits.
# Reads KESTREL_API_BASE, KESTREL_API_KEY, IDEMPOTENCY_KEY, FUNDING_PAYMENT_METHOD_ID from the
# environment; set IDEMPOTENCY_KEY to a new UUID for each operation and keep it for its retries.
# --retry repeats a timed-out or failed attempt with the same headers, so with the same
# Idempotency-Key: Kestrel runs the operation once.
set -eu
# #region request
curl "$KESTREL_API_BASE/deposits" \
  --request POST \
  --header "Authorization: Bearer $KESTREL_API_KEY" \
  --header "Idempotency-Key: $IDEMPOTENCY_KEY" \
  --header "Content-Type: application/json" \
  --data '{"paymentMethodId": "'"$FUNDING_PAYMENT_METHOD_ID"'", "amount": {"amount": "5000.00", "currency": "EUR"}, "reference": "KESTREL TOP UP NOV"}' \
  --max-time 10 --retry 3 --silent --show-error --fail-with-body
# #endregion request
