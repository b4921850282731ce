"""Get deposit fee estimate: GET /deposits/fee-estimate.

Reads KESTREL_API_BASE, KESTREL_API_KEY, FUNDING_PAYMENT_METHOD_ID from the environment. The
client times out, and retries a timeout or a network error (a read is safe to repeat).
"""

import json

from kestrel_client import KestrelClient, require_env

kestrel = KestrelClient()  # KESTREL_API_BASE and KESTREL_API_KEY
funding_payment_method_id = require_env("FUNDING_PAYMENT_METHOD_ID")
# #region request
estimate = kestrel.request(
    "GET",
    "/deposits/fee-estimate",
    query={"paymentMethodId": funding_payment_method_id, "amount": "5000.00", "currency": "EUR"},
)
# #endregion request
print(json.dumps(estimate, indent=2))
