"""Create a payout: POST /payouts.

Reads KESTREL_API_BASE, KESTREL_API_KEY, IDEMPOTENCY_KEY (optional), PAYMENT_METHOD_ID, ORIGINATOR_ID from the environment.
The client times out, and retries a timeout or a network error with the same Idempotency-Key,
which it prints: rerun with IDEMPOTENCY_KEY set to it after a timeout.
"""

import json

from kestrel_client import KestrelClient, idempotency_key_from_env, require_env

kestrel = KestrelClient()  # KESTREL_API_BASE and KESTREL_API_KEY
payment_method_id = require_env("PAYMENT_METHOD_ID")
originator_id = require_env("ORIGINATOR_ID")
# #region request
payout = kestrel.request(
    "POST",
    "/payouts",
    body={"paymentMethodId": payment_method_id, "originatorId": originator_id, "amount": {"amount": "2500.00", "currency": "EUR"}, "sourceCurrency": "EUR", "reference": "BRIGHTWATER INV 2291"},
    idempotency_key=idempotency_key_from_env(),
)
# #endregion request
print(json.dumps(payout, indent=2))
