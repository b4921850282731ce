#!/usr/bin/env bash
# Moves the local sandbox's clock forward, running everything that falls due on the way:
# expirations, simulated payments, status changes and webhook retries.
#
#   ./advance-clock.sh SECONDS
#
# The clock control is outside the API's base path, at the sandbox's origin.
set -euo pipefail

origin="${KESTREL_SANDBOX_ORIGIN:-http://127.0.0.1:4010}"
seconds="${1:?usage: advance-clock.sh SECONDS}"

# #region advance
curl --silent --show-error --fail-with-body --max-time 10 "$origin/_sandbox/clock" \
  -H 'Content-Type: application/json' \
  --data "{\"advanceSeconds\": $seconds}"
# #endregion advance
echo
