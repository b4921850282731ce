"""Initiate a payout: PATCH /payouts/{payoutId}/initiate.

Reads KESTREL_API_BASE, KESTREL_API_KEY, PAYOUT_ID from the environment. The client times out,
and retries a timeout or a network error with the same Idempotency-Key.
"""

import json
import uuid

from kestrel_client import KestrelClient, require_env

kestrel = KestrelClient()  # KESTREL_API_BASE and KESTREL_API_KEY
payout_id = require_env("PAYOUT_ID")
# #region request
payout = kestrel.request(
    "PATCH",
    f"/payouts/{payout_id}/initiate",
    idempotency_key=str(uuid.uuid4()),
)
# #endregion request
print(json.dumps(payout, indent=2))
