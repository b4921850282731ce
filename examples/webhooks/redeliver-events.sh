#!/usr/bin/env bash
# Asks the local sandbox to deliver stored events to one of your webhook subscriptions again, in the
# order you give them: name an event twice to send a duplicate, or an older one after a newer one
# to try your receiver's ordering. Each is signed like every delivery and logged as an extra
# attempt (GET /_sandbox/deliveries).
#
#   ./redeliver-events.sh SUBSCRIPTION_ID EVENT_ID [EVENT_ID...]
#
# The control is outside the API's base path, at the sandbox's origin. It answers 202 at once;
# the deliveries follow, one after another.
set -euo pipefail

origin="${KESTREL_SANDBOX_ORIGIN:-http://127.0.0.1:4010}"
subscription="${1:?usage: redeliver-events.sh SUBSCRIPTION_ID EVENT_ID [EVENT_ID...]}"
shift
[[ $# -ge 1 ]] || { echo 'usage: redeliver-events.sh SUBSCRIPTION_ID EVENT_ID [EVENT_ID...]' >&2; exit 2; }
ids=$(printf '"%s",' "$@")

# #region redeliver
curl --silent --show-error --fail-with-body --max-time 10 "$origin/_sandbox/subscriptions/$subscription/redeliver" \
  -H 'Content-Type: application/json' \
  --data "{\"eventIds\": [${ids%,}]}"
# #endregion redeliver
echo
