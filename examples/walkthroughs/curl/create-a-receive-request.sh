#!/usr/bin/env bash
# Create a receive request: POST /receive-requests.
# Reads KESTREL_API_BASE, KESTREL_API_KEY, IDEMPOTENCY_KEY from the environment; set
# IDEMPOTENCY_KEY to a new UUID for each operation and keep it for its retries.
# --retry repeats a timed-out or failed attempt with the same headers, so with the same
# Idempotency-Key: Kestrel runs the operation once.
set -eu
# #region request
curl "$KESTREL_API_BASE/receive-requests" \
  --request POST \
  --header "Authorization: Bearer $KESTREL_API_KEY" \
  --header "Idempotency-Key: $IDEMPOTENCY_KEY" \
  --header "Content-Type: application/json" \
  --data '{"currency": "USD", "description": "Tip jar, Saturday stream", "reference": "tips-2026-11-07", "expiresInSeconds": 604800}' \
  --max-time 10 --retry 3 --silent --show-error --fail-with-body
# #endregion request
