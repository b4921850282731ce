#!/usr/bin/env bash
# Create a payout: POST /payouts.
# Reads KESTREL_API_BASE, KESTREL_API_KEY, IDEMPOTENCY_KEY, PAYMENT_METHOD_ID, ORIGINATOR_ID from
# the environment; set IDEMPOTENCY_KEY to a new UUID for each operation and keep it for its
# retries.
# The key reaches curl from printf, a shell builtin, through a file descriptor: it is not in
# curl's arguments, where every user of the machine could read it (ps).
# The answer goes to a file (--output), which curl empties before each retry, so the file holds
# one JSON document: the answer, or the problem when the call fails (curl then exits non-zero).
# --retry repeats a timeout, a refused connection, a 408, a 429, a 500, a 502, a 503 or a 504, waiting as long as Retry-After
# asks; --retry-max-time stops retrying after 60 seconds, and --max-time ends each attempt after 10.
# Every retry sends the same Idempotency-Key, so Kestrel runs the operation once.
set -eu
# #region request
answer=$(mktemp)
trap 'rm -f "$answer"' EXIT
curl "$KESTREL_API_BASE/payouts" \
  --request POST \
  --header @<(printf 'Authorization: Bearer %s\n' "$KESTREL_API_KEY") \
  --header "Idempotency-Key: $IDEMPOTENCY_KEY" \
  --header "Content-Type: application/json" \
  --data '{"paymentMethodId": "'"$PAYMENT_METHOD_ID"'", "originatorId": "'"$ORIGINATOR_ID"'", "amount": {"amount": "2500.00", "currency": "EUR"}, "sourceCurrency": "EUR", "reference": "BRIGHTWATER INV 2291"}' \
  --max-time 10 --retry 3 --retry-connrefused --retry-max-time 60 \
  --silent --show-error --fail-with-body --output "$answer" || failed=$?
cat "$answer"
# #endregion request
exit "${failed:-0}"
