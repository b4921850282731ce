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
  body='{"id":"5f0c2a8e-3b1d-4c6e-9a47-2d8b1e6f7c30","eventType":"invoice.updated","webhookVersion":"2025-06-01","data":{"entityId":"c1d7e4a2-6f3b-4d8e-b915-0a2c7e5f9d14","changes":["status","updated"]},"created":"2025-03-14T09:26:41Z","deliverySuccess":false}'
fi

# HMAC-SHA256 (RFC 2104) of standard input under the secret, in hex, made of two plain SHA-256
# runs: openssl reads the secret on its standard input, never in its arguments (openssl -hmac
# would put it there, where every user of the machine could read it with ps).
hmac_sha256() {
  local key ipad='' opad='' i byte
  key="$(printf '%s' "$secret" | od -An -v -tx1 | tr -d ' \n')"
  # A key longer than SHA-256's 64-byte block is hashed first; a shorter one is padded with zeros.
  if ((${#key} > 128)); then key="$(printf '%s' "$secret" | openssl dgst -sha256 | sed 's/^.*= //')"; fi
  while ((${#key} < 128)); do key+=00; done
  for ((i = 0; i < 128; i += 2)); do
    byte=$((16#${key:i:2}))
    ipad+="$(printf '\\x%02x' $((byte ^ 0x36)))"
    opad+="$(printf '\\x%02x' $((byte ^ 0x5c)))"
  done
  { printf '%b' "$opad" && { printf '%b' "$ipad" && cat; } | openssl dgst -sha256 -binary; } |
    openssl dgst -sha256 | sed 's/^.*= //'
}

t="$(date +%s)"
v1="$(printf '%s.%s' "$t" "$body" | hmac_sha256)"

curl --silent --show-error --fail-with-body --max-time 10 \
  --request POST "$url" \
  --header 'Content-Type: application/json' \
  --header "Kestrel-Signature: t=$t,v1=$v1" \
  --data-binary "$body"
# #endregion sign
echo
