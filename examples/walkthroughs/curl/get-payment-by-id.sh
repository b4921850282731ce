#!/usr/bin/env bash
# Get payment by ID: GET /payments/{paymentId}.
# Reads KESTREL_API_BASE, KESTREL_API_KEY, PAYMENT_ID from the environment.
# --retry repeats a timed-out or failed read.
set -eu
# #region request
curl "$KESTREL_API_BASE/payments/$PAYMENT_ID" \
  --header "Authorization: Bearer $KESTREL_API_KEY" \
  --max-time 10 --retry 3 --silent --show-error --fail-with-body
# #endregion request
