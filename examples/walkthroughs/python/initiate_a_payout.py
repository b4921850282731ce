"""Initiate a payout: PATCH /payouts/{payoutId}/initiate.

Reads KESTREL_API_BASE, KESTREL_API_KEY, IDEMPOTENCY_KEY (optional), PAYOUT_ID from the environment. The client times out,
and retries a timeout or a network error with the same Idempotency-Key,
which it prints: rerun with IDEMPOTENCY_KEY set to it after a timeout.
"""

import json

from kestrel_client import KestrelClient, idempotency_key_from_env, require_env

kestrel = KestrelClient()  # KESTREL_API_BASE and KESTREL_API_KEY
payout_id = require_env("PAYOUT_ID")
# #region request
payout = kestrel.request(
    "PATCH",
    f"/payouts/{payout_id}/initiate",
    idempotency_key=idempotency_key_from_env(),
)
# #endregion request
print(json.dumps(payout, indent=2))
