#!/usr/bin/env bash
# Initiate a payout: PATCH /payouts/{payoutId}/initiate.
# Reads KESTREL_API_BASE, KESTREL_API_KEY, IDEMPOTENCY_KEY, PAYOUT_ID from the environment; set
# IDEMPOTENCY_KEY to a new UUID for each operation and keep it for its retries.
# --retry repeats a timed-out or failed attempt with the same headers, so with the same
# Idempotency-Key: Kestrel runs the operation once.
set -eu
# #region request
curl "$KESTREL_API_BASE/payouts/$PAYOUT_ID/initiate" \
  --request PATCH \
  --header "Authorization: Bearer $KESTREL_API_KEY" \
  --header "Idempotency-Key: $IDEMPOTENCY_KEY" \
  --max-time 10 --retry 3 --silent --show-error --fail-with-body
# #endregion request
