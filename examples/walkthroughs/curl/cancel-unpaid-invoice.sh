#!/usr/bin/env bash
# Cancel unpaid invoice: PATCH /invoices/{invoiceId}/cancel.
# Reads KESTREL_API_BASE, KESTREL_API_KEY, INVOICE_ID from the environment.
# The key reaches curl from printf, a shell builtin, through a file descriptor: it is not in
# curl's arguments, where every user of the machine could read it (ps).
# The answer goes to a file (--output), which curl empties before each retry, so the file holds
# one JSON document: the answer, or the problem when the call fails (curl then exits non-zero).
# --retry repeats a timeout, a refused connection, a 408, a 429, a 500, a 502, a 503 or a 504, waiting as long as Retry-After
# asks; --retry-max-time stops retrying after 60 seconds, and --max-time ends each attempt after 10.
# A repeated cancel is harmless: if an earlier attempt cancelled the invoice, the retry answers
# 200 with the invoice unchanged (CANCELLED).
set -eu
# #region request
answer=$(mktemp)
trap 'rm -f "$answer"' EXIT
curl "$KESTREL_API_BASE/invoices/$INVOICE_ID/cancel" \
  --request PATCH \
  --header @<(printf 'Authorization: Bearer %s\n' "$KESTREL_API_KEY") \
  --max-time 10 --retry 3 --retry-connrefused --retry-max-time 60 \
  --silent --show-error --fail-with-body --output "$answer" || failed=$?
cat "$answer"
# #endregion request
exit "${failed:-0}"
