#!/usr/bin/env bash
# Get on-chain tiers: GET /payment-quotes/onchain/tiers.
# Reads KESTREL_API_BASE, KESTREL_API_KEY from the environment.
# --retry repeats a timed-out or failed read.
set -eu
# #region request
curl --get "$KESTREL_API_BASE/payment-quotes/onchain/tiers" \
  --header "Authorization: Bearer $KESTREL_API_KEY" \
  --data-urlencode 'address=tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx' \
  --data-urlencode 'amount=0.01000000' \
  --max-time 10 --retry 3 --silent --show-error --fail-with-body
# #endregion request
