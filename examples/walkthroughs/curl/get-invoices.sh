#!/usr/bin/env bash
# Get invoices: GET /invoices.
# Reads KESTREL_API_BASE, KESTREL_API_KEY from the environment.
# --retry repeats a timed-out or failed read.
set -eu
# #region request
curl --get "$KESTREL_API_BASE/invoices" \
  --header "Authorization: Bearer $KESTREL_API_KEY" \
  --data-urlencode "\$filter=payeeHandle eq 'northwind-roasters' and status eq 'PAID' and updated ge 2026-11-01T00:00:00Z" \
  --data-urlencode '$orderby=updated desc' \
  --data-urlencode '$top=50' \
  --max-time 10 --retry 3 --silent --show-error --fail-with-body
# #endregion request
