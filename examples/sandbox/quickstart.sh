#!/usr/bin/env bash
# The local sandbox in five minutes: subscribe your webhook receiver, issue an invoice, ask for
# its quote and watch the simulated customer pay it. Needs bash, curl and Node.js.
#
#   KESTREL_WEBHOOK_SECRET=... ./quickstart.sh [webhook URL]
#
# KESTREL_API_BASE defaults to the local sandbox, http://127.0.0.1:4010/v1, and KESTREL_API_KEY to
# any token, since the local sandbox accepts every bearer token unless started with --token.
set -euo pipefail

base="${KESTREL_API_BASE:-http://127.0.0.1:4010/v1}"
api_key="${KESTREL_API_KEY:-local-test-token}"
hook="${1:-http://127.0.0.1:3001/webhooks/kestrel}"
secret="${KESTREL_WEBHOOK_SECRET:?set KESTREL_WEBHOOK_SECRET to the secret your receiver verifies with}"

# Calls the API: prints the answer, or the problem and fails. The answer goes to a file that curl
# empties before each retry, so it holds one JSON document. curl retries a timeout, a refused
# connection, a 408, 429, 500, 502, 503 or 504, for 30 seconds at most; each attempt ends after 10. The key reaches
# curl from printf, a shell builtin, through a file descriptor: it is not in curl's arguments,
# where every user of the machine could read it (ps).
api() {
  local answer status=0
  answer=$(mktemp)
  curl --silent --show-error --fail-with-body --max-time 10 --retry 3 --retry-connrefused --retry-max-time 30 \
    --output "$answer" --header @<(printf 'Authorization: Bearer %s\n' "$api_key") "$@" || status=$?
  cat "$answer"
  rm -f "$answer"
  return "$status"
}
# Prints one field of the JSON on stdin.
field() { node -e 'let s = ""; process.stdin.on("data", (c) => (s += c)).on("end", () => console.log(JSON.parse(s)[process.argv[1]]))' "$1"; }
key() { node -p 'crypto.randomUUID()'; }

# #region subscribe
# The body holds the webhook secret, so it too reaches curl from printf.
api "$base/subscriptions" -H 'Content-Type: application/json' -H "Idempotency-Key: $(key)" \
  --data @<(printf '{"webhookUrl": "%s", "webhookVersion": "2025-06-01", "secret": "%s", "eventTypes": ["invoice.created", "invoice.updated"]}' "$hook" "$secret") >/dev/null
echo "Subscribed $hook to invoice events"
# #endregion subscribe

# #region issue
invoice=$(api "$base/invoices" -H 'Content-Type: application/json' -H "Idempotency-Key: $(key)" \
  --data '{"amount": {"amount": "10.00", "currency": "USD"}, "description": "Local sandbox quickstart"}')
id=$(echo "$invoice" | field id)
echo "Invoice $id is $(echo "$invoice" | field status)"

api --request POST "$base/invoices/$id/quote" -H "Idempotency-Key: $(key)" | field lnInvoice
# #endregion issue

# #region watch
# Prints each status once, when it first reads it. A status that lasts less than 2 seconds, such
# as PENDING, can fall between two reads.
seen=$(echo "$invoice" | field status)
while true; do
  status=$(api "$base/invoices/$id" | field status)
  if [ "$status" != "$seen" ]; then
    echo "Invoice $id is $status"
    seen=$status
  fi
  if [ "$status" = PAID ]; then break; fi
  sleep 2
done
# #endregion watch
