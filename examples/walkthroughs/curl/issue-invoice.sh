#!/usr/bin/env bash
# Issue invoice: POST /invoices.
# Reads KESTREL_API_BASE, KESTREL_API_KEY, IDEMPOTENCY_KEY from the environment; set
# IDEMPOTENCY_KEY to a new UUID for each operation and keep it for its retries.
# --retry repeats a timed-out or failed attempt with the same headers, so with the same
# Idempotency-Key: Kestrel runs the operation once.
set -eu
# #region request
curl "$KESTREL_API_BASE/invoices" \
  --request POST \
  --header "Authorization: Bearer $KESTREL_API_KEY" \
  --header "Idempotency-Key: $IDEMPOTENCY_KEY" \
  --header "Content-Type: application/json" \
  --data '{"amount": {"amount": "150.00", "currency": "USD"}, "description": "Order 1042: two bags of coffee", "reference": "order-1042"}' \
  --max-time 10 --retry 3 --silent --show-error --fail-with-body
# #endregion request
