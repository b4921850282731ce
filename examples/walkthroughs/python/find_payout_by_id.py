"""Find payout by ID: GET /payouts/{payoutId}.

Reads KESTREL_API_BASE, KESTREL_API_KEY, PAYOUT_ID from the environment. The client times out,
and retries a timeout or a network error (a read is safe to repeat).
"""

import json

from kestrel_client import KestrelClient, require_env

kestrel = KestrelClient()  # KESTREL_API_BASE and KESTREL_API_KEY
payout_id = require_env("PAYOUT_ID")
# #region request
payout = kestrel.request("GET", f"/payouts/{payout_id}")
# #endregion request
print(json.dumps(payout, indent=2))
