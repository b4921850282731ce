"""Get payment by ID: GET /payments/{paymentId}.

Reads KESTREL_API_BASE, KESTREL_API_KEY, PAYMENT_ID from the environment. The client times out,
and retries a timeout or a network error (a read is safe to repeat).
"""

import json

from kestrel_client import KestrelClient, require_env

kestrel = KestrelClient()  # KESTREL_API_BASE and KESTREL_API_KEY
payment_id = require_env("PAYMENT_ID")
# #region request
payment = kestrel.request("GET", f"/payments/{payment_id}")
# #endregion request
print(json.dumps(payment, indent=2))
