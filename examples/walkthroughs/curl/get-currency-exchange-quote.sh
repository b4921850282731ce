#!/usr/bin/env bash
# Get currency exchange quote: GET /currency-exchange-quotes/{quoteId}.
# Reads KESTREL_API_BASE, KESTREL_API_KEY, QUOTE_ID from the environment.
# --retry repeats a timed-out or failed read.
set -eu
# #region request
curl "$KESTREL_API_BASE/currency-exchange-quotes/$QUOTE_ID" \
  --header "Authorization: Bearer $KESTREL_API_KEY" \
  --max-time 10 --retry 3 --silent --show-error --fail-with-body
# #endregion request
