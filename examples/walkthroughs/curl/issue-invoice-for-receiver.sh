#!/usr/bin/env bash
# Issue invoice for receiver: POST /accounts/handle/{handle}/invoices.
# Reads KESTREL_API_BASE, KESTREL_API_KEY, IDEMPOTENCY_KEY, RECEIVER_HANDLE from the environment;
# set IDEMPOTENCY_KEY to a new UUID for each operation and keep it for its retries.
# --retry repeats a timed-out or failed attempt with the same headers, so with the same
# Idempotency-Key: Kestrel runs the operation once.
set -eu
# #region request
curl "$KESTREL_API_BASE/accounts/handle/$RECEIVER_HANDLE/invoices" \
  --request POST \
  --header "Authorization: Bearer $KESTREL_API_KEY" \
  --header "Idempotency-Key: $IDEMPOTENCY_KEY" \
  --header "Content-Type: application/json" \
  --data '{"amount": {"amount": "80.00", "currency": "GBP"}, "description": "Wholesale beans, November delivery", "reference": "po-7781", "expiresInSeconds": 604800}' \
  --max-time 10 --retry 3 --silent --show-error --fail-with-body
# #endregion request
