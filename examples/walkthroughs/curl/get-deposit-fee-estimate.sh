#!/usr/bin/env bash
# Get deposit fee estimate: GET /deposits/fee-estimate.
# Reads KESTREL_API_BASE, KESTREL_API_KEY, FUNDING_PAYMENT_METHOD_ID from the environment.
# --retry repeats a timed-out or failed read.
set -eu
# #region request
curl --get "$KESTREL_API_BASE/deposits/fee-estimate" \
  --header "Authorization: Bearer $KESTREL_API_KEY" \
  --data-urlencode "paymentMethodId=$FUNDING_PAYMENT_METHOD_ID" \
  --data-urlencode 'amount=5000.00' \
  --data-urlencode 'currency=EUR' \
  --max-time 10 --retry 3 --silent --show-error --fail-with-body
# #endregion request
