#!/usr/bin/env bash
# Create on-chain payment quote: POST /payment-quotes/onchain.
# Reads KESTREL_API_BASE, KESTREL_API_KEY, IDEMPOTENCY_KEY from the environment; set
# IDEMPOTENCY_KEY to a new UUID for each operation and keep it for its retries.
# --retry repeats a timed-out or failed attempt with the same headers, so with the same
# Idempotency-Key: Kestrel runs the operation once.
set -eu
# #region request
curl "$KESTREL_API_BASE/payment-quotes/onchain" \
  --request POST \
  --header "Authorization: Bearer $KESTREL_API_KEY" \
  --header "Idempotency-Key: $IDEMPOTENCY_KEY" \
  --header "Content-Type: application/json" \
  --data '{"address": "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", "amount": {"amount": "0.01000000", "currency": "BTC"}, "tier": "STANDARD"}' \
  --max-time 10 --retry 3 --silent --show-error --fail-with-body
# #endregion request
