"""Create currency exchange quote: POST /currency-exchange-quotes.

Reads KESTREL_API_BASE, KESTREL_API_KEY, IDEMPOTENCY_KEY (optional) from the environment. The client times out, and retries
a timeout or a network error with the same Idempotency-Key,
which it prints: rerun with IDEMPOTENCY_KEY set to it after a timeout.
"""

import json

from kestrel_client import KestrelClient, idempotency_key_from_env

kestrel = KestrelClient()  # KESTREL_API_BASE and KESTREL_API_KEY
# #region request
quote = kestrel.request(
    "POST",
    "/currency-exchange-quotes",
    body={"sourceCurrency": "USD", "targetCurrency": "BTC", "amount": {"amount": "500.00", "currency": "USD"}},
    idempotency_key=idempotency_key_from_env(),
)
# #endregion request
print(json.dumps(quote, indent=2))
