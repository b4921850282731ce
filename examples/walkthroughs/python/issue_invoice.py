"""Issue invoice: POST /invoices.

Reads KESTREL_API_BASE, KESTREL_API_KEY, IDEMPOTENCY_KEY (optional) from the environment. The client times out, and retries
a timeout or a network error with the same Idempotency-Key,
which it prints: rerun with IDEMPOTENCY_KEY set to it after a timeout.
"""

import json

from kestrel_client import KestrelClient, idempotency_key_from_env

kestrel = KestrelClient()  # KESTREL_API_BASE and KESTREL_API_KEY
# #region request
invoice = kestrel.request(
    "POST",
    "/invoices",
    body={"amount": {"amount": "150.00", "currency": "USD"}, "description": "Order 1042: two bags of coffee", "reference": "order-1042"},
    idempotency_key=idempotency_key_from_env(),
)
# #endregion request
print(json.dumps(invoice, indent=2))
