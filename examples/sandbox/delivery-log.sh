#!/usr/bin/env bash
# Prints the local sandbox's webhook delivery log: every attempt, newest first, with its URL, the
# status your endpoint answered or why there was none, latency, attempt number, next retry and the
# Kestrel-Signature header it carried.
#
#   ./delivery-log.sh [SUBSCRIPTION_ID]
#
# The log is outside the API's base path, at the sandbox's origin. It also takes eventId and limit.
set -euo pipefail

origin="${KESTREL_SANDBOX_ORIGIN:-http://127.0.0.1:4010}"
query="limit=20"
if [[ $# -ge 1 ]]; then query="$query&subscriptionId=$1"; fi

# #region log
curl --silent --show-error --fail-with-body --max-time 10 "$origin/_sandbox/deliveries?$query"
# #endregion log
echo
