#!/usr/bin/env bash
# Issues an access token from the local sandbox that expires on the sandbox's clock, to try what
# your client does when Kestrel answers 401 with WWW-Authenticate error="invalid_token".
#
#   ./issue-access-token.sh [ACCOUNT] [EXPIRES_IN_SECONDS]
#
# The token control is outside the API's base path, at the sandbox's origin.
set -euo pipefail

origin="${KESTREL_SANDBOX_ORIGIN:-http://127.0.0.1:4010}"
account="${1:-default}"
expires_in="${2:-3600}"

# #region issue
curl --silent --show-error --fail-with-body --max-time 10 "$origin/_sandbox/tokens" \
  -H 'Content-Type: application/json' \
  --data "{\"account\": \"$account\", \"expiresIn\": $expires_in}"
# #endregion issue
echo
