"""Create currency exchange quote: POST /currency-exchange-quotes.

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
    "/currency-exchange-quotes",
    body={"sourceCurrency": "USD", "targetCurrency": "BTC", "amount": {"amount": "500.00", "currency": "USD"}},
    idempotency_key=str(uuid.uuid4()),
)
# #endregion request
print(json.dumps(quote, indent=2))
