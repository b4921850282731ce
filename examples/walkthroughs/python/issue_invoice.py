"""Issue invoice: POST /invoices.

Reads KESTREL_API_BASE, KESTREL_API_KEY from the environment. The client times out, and retries
a timeout or a network error with the same Idempotency-Key.
"""

import json
import uuid

from kestrel_client import KestrelClient

kestrel = KestrelClient()  # KESTREL_API_BASE and KESTREL_API_KEY
# #region request
invoice = kestrel.request(
    "POST",
    "/invoices",
    body={"amount": {"amount": "150.00", "currency": "USD"}, "description": "Order 1042: two bags of coffee", "reference": "order-1042"},
    idempotency_key=str(uuid.uuid4()),
)
# #endregion request
print(json.dumps(invoice, indent=2))
