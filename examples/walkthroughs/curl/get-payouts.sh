#!/usr/bin/env bash
# Get payouts: GET /payouts.
# Reads KESTREL_API_BASE, KESTREL_API_KEY from the environment.
# --retry repeats a timed-out or failed read.
set -eu
# #region request
curl --get "$KESTREL_API_BASE/payouts" \
  --header "Authorization: Bearer $KESTREL_API_KEY" \
  --data-urlencode "\$filter=status eq 'FAILED' and created ge 2026-11-01T00:00:00Z" \
  --data-urlencode '$orderby=created desc' \
  --data-urlencode '$top=20' \
  --max-time 10 --retry 3 --silent --show-error --fail-with-body
# #endregion request
