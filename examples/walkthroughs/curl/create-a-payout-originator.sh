#!/usr/bin/env bash
# Create a payout originator: POST /payout-originators.
# Reads KESTREL_API_BASE, KESTREL_API_KEY, IDEMPOTENCY_KEY from the environment; set
# IDEMPOTENCY_KEY to a new UUID for each operation and keep it for its retries.
# --retry repeats a timed-out or failed attempt with the same headers, so with the same
# Idempotency-Key: Kestrel runs the operation once.
set -eu
# #region request
curl "$KESTREL_API_BASE/payout-originators" \
  --request POST \
  --header "Authorization: Bearer $KESTREL_API_KEY" \
  --header "Idempotency-Key: $IDEMPOTENCY_KEY" \
  --header "Content-Type: application/json" \
  --data '{"type": "BUSINESS", "name": "Brightwater Studio Ltd", "registrationNumber": "09876543", "address": {"line1": "12 Harbour Street", "city": "Bristol", "postalCode": "BS1 4QA", "country": "GB"}}' \
  --max-time 10 --retry 3 --silent --show-error --fail-with-body
# #endregion request
