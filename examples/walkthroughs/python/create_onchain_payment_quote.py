"""Create on-chain payment quote: POST /payment-quotes/onchain.

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
    "/payment-quotes/onchain",
    body={"address": "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", "amount": {"amount": "0.01000000", "currency": "BTC"}, "tier": "STANDARD"},
    idempotency_key=idempotency_key_from_env(),
)
# #endregion request
print(json.dumps(quote, indent=2))
