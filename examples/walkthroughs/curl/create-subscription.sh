#!/usr/bin/env bash
# Create subscription: POST /subscriptions.
# Reads KESTREL_API_BASE, KESTREL_API_KEY, IDEMPOTENCY_KEY, KESTREL_WEBHOOK_SECRET from the
# environment; set IDEMPOTENCY_KEY to a new UUID for each operation and keep it for its retries.
# --retry repeats a timed-out or failed attempt with the same headers, so with the same
# Idempotency-Key: Kestrel runs the operation once.
set -eu
# #region request
curl "$KESTREL_API_BASE/subscriptions" \
  --request POST \
  --header "Authorization: Bearer $KESTREL_API_KEY" \
  --header "Idempotency-Key: $IDEMPOTENCY_KEY" \
  --header "Content-Type: application/json" \
  --data '{"webhookUrl": "https://merchant.example/webhooks/kestrel", "webhookVersion": "2025-06-01", "secret": "'"$KESTREL_WEBHOOK_SECRET"'", "enabled": true, "eventTypes": ["invoice.created", "invoice.updated", "payout.updated"]}' \
  --max-time 10 --retry 3 --silent --show-error --fail-with-body
# #endregion request
