#!/usr/bin/env bash
# Sends a signed test delivery to your webhook endpoint, signed the way Kestrel signs:
#   Kestrel-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>
#
#   KESTREL_WEBHOOK_SECRET=... ./send-test-delivery.sh http://127.0.0.1:3000/webhooks/kestrel [body.json]
#
# Needs bash, openssl and curl. Without a body file it sends a sample invoice.updated event.
set -euo pipefail

url="${1:?usage: send-test-delivery.sh URL [BODY_FILE]}"
secret="${KESTREL_WEBHOOK_SECRET:?set KESTREL_WEBHOOK_SECRET to your subscription secret}"

# #region sign
if [[ $# -ge 2 ]]; then
  body="$(cat "$2")"
else
  body='{"id":"5f0c2a8e-3b1d-4c6e-9a47-2d8b1e6f7c30","eventType":"invoice.updated","webhookVersion":"2025-06-01","data":{"entityId":"c1d7e4a2-6f3b-4d8e-b915-0a2c7e5f9d14","changes":["status"]},"created":"2025-03-14T09:26:41Z","deliverySuccess":false}'
fi

t="$(date +%s)"
v1="$(printf '%s.%s' "$t" "$body" | openssl dgst -sha256 -hmac "$secret" | sed 's/^.*= //')"

curl --silent --show-error --fail-with-body --max-time 10 \
  --request POST "$url" \
  --header 'Content-Type: application/json' \
  --header "Kestrel-Signature: t=$t,v1=$v1" \
  --data-binary "$body"
# #endregion sign
echo
