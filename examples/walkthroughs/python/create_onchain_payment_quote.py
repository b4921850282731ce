"""Create on-chain payment quote: POST /payment-quotes/onchain.

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
    "/payment-quotes/onchain",
    body={"address": "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", "amount": {"amount": "0.01000000", "currency": "BTC"}, "tier": "STANDARD"},
    idempotency_key=str(uuid.uuid4()),
)
# #endregion request
print(json.dumps(quote, indent=2))
