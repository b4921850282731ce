#!/usr/bin/env bash
# Cancel unpaid invoice: PATCH /invoices/{invoiceId}/cancel.
# Reads KESTREL_API_BASE, KESTREL_API_KEY, INVOICE_ID from the environment.
# No --retry: without an Idempotency-Key a repeat could run twice, so a failure is reported instead.
set -eu
# #region request
curl "$KESTREL_API_BASE/invoices/$INVOICE_ID/cancel" \
  --request PATCH \
  --header "Authorization: Bearer $KESTREL_API_KEY" \
  --max-time 10 --silent --show-error --fail-with-body
# #endregion request
