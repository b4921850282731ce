#!/usr/bin/env bash
# Get LNURL details: GET /lnurl/details.
# Reads KESTREL_API_BASE, KESTREL_API_KEY from the environment.
# --retry repeats a timed-out or failed read.
set -eu
# #region request
curl --get "$KESTREL_API_BASE/lnurl/details" \
  --header "Authorization: Bearer $KESTREL_API_KEY" \
  --data-urlencode 'destination=northwind-roasters@kestrel.example' \
  --max-time 10 --retry 3 --silent --show-error --fail-with-body
# #endregion request
