"""Initiate deposit: POST /deposits.

Reads KESTREL_API_BASE, KESTREL_API_KEY, IDEMPOTENCY_KEY (optional), FUNDING_PAYMENT_METHOD_ID from the environment. The
client times out, and retries a timeout or a network error with the same Idempotency-Key,
which it prints: rerun with IDEMPOTENCY_KEY set to it after a timeout.
"""

import json

from kestrel_client import KestrelClient, idempotency_key_from_env, require_env

kestrel = KestrelClient()  # KESTREL_API_BASE and KESTREL_API_KEY
funding_payment_method_id = require_env("FUNDING_PAYMENT_METHOD_ID")
# #region request
deposit = kestrel.request(
    "POST",
    "/deposits",
    body={"paymentMethodId": funding_payment_method_id, "amount": {"amount": "5000.00", "currency": "EUR"}, "reference": "KESTREL TOP UP NOV"},
    idempotency_key=idempotency_key_from_env(),
)
# #endregion request
print(json.dumps(deposit, indent=2))
