#!/usr/bin/env bash
# Get account balance details: GET /account/balances.
# Reads KESTREL_API_BASE, KESTREL_API_KEY from the environment.
# --retry repeats a timed-out or failed read.
set -eu
# #region request
curl "$KESTREL_API_BASE/account/balances" \
  --header "Authorization: Bearer $KESTREL_API_KEY" \
  --max-time 10 --retry 3 --silent --show-error --fail-with-body
# #endregion request
