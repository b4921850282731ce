"""Issue invoice for receiver: POST /accounts/handle/{handle}/invoices.

Reads KESTREL_API_BASE, KESTREL_API_KEY, IDEMPOTENCY_KEY (optional), RECEIVER_HANDLE from the environment. The client times
out, and retries a timeout or a network error with the same Idempotency-Key,
which it prints: rerun with IDEMPOTENCY_KEY set to it after a timeout.
"""

import json

from kestrel_client import KestrelClient, idempotency_key_from_env, require_env

kestrel = KestrelClient()  # KESTREL_API_BASE and KESTREL_API_KEY
receiver_handle = require_env("RECEIVER_HANDLE")
# #region request
invoice = kestrel.request(
    "POST",
    f"/accounts/handle/{receiver_handle}/invoices",
    body={"amount": {"amount": "80.00", "currency": "GBP"}, "description": "Wholesale beans, November delivery", "reference": "po-7781", "expiresInSeconds": 604800},
    idempotency_key=idempotency_key_from_env(),
)
# #endregion request
print(json.dumps(invoice, indent=2))
