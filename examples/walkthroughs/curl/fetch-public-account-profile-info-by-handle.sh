#!/usr/bin/env bash
# Fetch public account profile info by handle: GET /accounts/handle/{handle}.
# Reads KESTREL_API_BASE, KESTREL_API_KEY, RECEIVER_HANDLE from the environment.
# --retry repeats a timed-out or failed read.
set -eu
# #region request
curl "$KESTREL_API_BASE/accounts/handle/$RECEIVER_HANDLE" \
  --header "Authorization: Bearer $KESTREL_API_KEY" \
  --max-time 10 --retry 3 --silent --show-error --fail-with-body
# #endregion request
