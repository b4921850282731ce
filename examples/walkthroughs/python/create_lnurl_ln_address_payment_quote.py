"""Create LNURL or Lightning address payment quote: POST /payment-quotes/lnurl.

Reads KESTREL_API_BASE, KESTREL_API_KEY from the environment. The client times out, and retries
a timeout or a network error with the same Idempotency-Key.
"""

import json
import uuid

from kestrel_client import KestrelClient

kestrel = KestrelClient()  # KESTREL_API_BASE and KESTREL_API_KEY
# #region request
quote = kestrel.request(
    "POST",
    "/payment-quotes/lnurl",
    body={"destination": "northwind-roasters@kestrel.example", "amount": {"amount": "25.00", "currency": "USD"}, "comment": "Thanks for the beans"},
    idempotency_key=str(uuid.uuid4()),
)
# #endregion request
print(json.dumps(quote, indent=2))
