#!/usr/bin/env bash
# Asks the local sandbox to send a test event to one of your webhook subscriptions, signed with its
# secret like every delivery, and prints the event and how the delivery went.
#
#   ./send-test-event.sh SUBSCRIPTION_ID [EVENT_TYPE]
#
# Without EVENT_TYPE it sends the subscription's first event type. The control is outside the API's
# base path, at the sandbox's origin.
set -euo pipefail

origin="${KESTREL_SANDBOX_ORIGIN:-http://127.0.0.1:4010}"
subscription="${1:?usage: send-test-event.sh SUBSCRIPTION_ID [EVENT_TYPE]}"
body='{}'
if [[ $# -ge 2 ]]; then body="{\"eventType\": \"$2\"}"; fi

# The sandbox answers once your endpoint has answered, or after the 10 seconds it waits for one:
# --max-time leaves it 5 more.
# #region send
curl --silent --show-error --fail-with-body --max-time 15 "$origin/_sandbox/subscriptions/$subscription/test-event" \
  -H 'Content-Type: application/json' \
  --data "$body"
# #endregion send
echo
