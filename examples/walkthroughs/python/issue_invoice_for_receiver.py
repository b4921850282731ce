"""Issue invoice for receiver: POST /accounts/handle/{handle}/invoices.

Reads KESTREL_API_BASE, KESTREL_API_KEY, RECEIVER_HANDLE from the environment. The client times
out, and retries a timeout or a network error with the same Idempotency-Key.
"""

import json
import uuid

from kestrel_client import KestrelClient, require_env

kestrel = KestrelClient()  # KESTREL_API_BASE and KESTREL_API_KEY
receiver_handle = require_env("RECEIVER_HANDLE")
# #region request
invoice = kestrel.request(
    "POST",
    f"/accounts/handle/{receiver_handle}/invoices",
    body={"amount": {"amount": "80.00", "currency": "GBP"}, "description": "Wholesale beans, November delivery", "reference": "po-7781", "expiresInSeconds": 604800},
    idempotency_key=str(uuid.uuid4()),
)
# #endregion request
print(json.dumps(invoice, indent=2))
