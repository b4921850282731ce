#!/usr/bin/env bash
# Get receives for receive request: GET /receive-requests/{receiveRequestId}/receives.
# Reads KESTREL_API_BASE, KESTREL_API_KEY, RECEIVE_REQUEST_ID from the environment.
# --retry repeats a timed-out or failed read.
set -eu
# #region request
curl "$KESTREL_API_BASE/receive-requests/$RECEIVE_REQUEST_ID/receives" \
  --header "Authorization: Bearer $KESTREL_API_KEY" \
  --max-time 10 --retry 3 --silent --show-error --fail-with-body
# #endregion request
