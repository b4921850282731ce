"""Initiate deposit: POST /deposits.

Reads KESTREL_API_BASE, KESTREL_API_KEY, FUNDING_PAYMENT_METHOD_ID from the environment. The
client times out, and retries a timeout or a network error with the same Idempotency-Key.
"""

import json
import uuid

from kestrel_client import KestrelClient, require_env

kestrel = KestrelClient()  # KESTREL_API_BASE and KESTREL_API_KEY
funding_payment_method_id = require_env("FUNDING_PAYMENT_METHOD_ID")
# #region request
deposit = kestrel.request(
    "POST",
    "/deposits",
    body={"paymentMethodId": funding_payment_method_id, "amount": {"amount": "5000.00", "currency": "EUR"}, "reference": "KESTREL TOP UP NOV"},
    idempotency_key=str(uuid.uuid4()),
)
# #endregion request
print(json.dumps(deposit, indent=2))
