#!/usr/bin/env bash
# Create a payout: POST /payouts.
# Reads KESTREL_API_BASE, KESTREL_API_KEY, IDEMPOTENCY_KEY, PAYMENT_METHOD_ID, ORIGINATOR_ID from
# the environment; set IDEMPOTENCY_KEY to a new UUID for each operation and keep it for its
# retries.
# --retry repeats a timed-out or failed attempt with the same headers, so with the same
# Idempotency-Key: Kestrel runs the operation once.
set -eu
# #region request
curl "$KESTREL_API_BASE/payouts" \
  --request POST \
  --header "Authorization: Bearer $KESTREL_API_KEY" \
  --header "Idempotency-Key: $IDEMPOTENCY_KEY" \
  --header "Content-Type: application/json" \
  --data '{"paymentMethodId": "'"$PAYMENT_METHOD_ID"'", "originatorId": "'"$ORIGINATOR_ID"'", "amount": {"amount": "2500.00", "currency": "EUR"}, "sourceCurrency": "EUR", "reference": "BRIGHTWATER INV 2291"}' \
  --max-time 10 --retry 3 --silent --show-error --fail-with-body
# #endregion request
