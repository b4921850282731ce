"""Execute payment quote: POST /payment-quotes/{quoteId}/execute.

Reads KESTREL_API_BASE, KESTREL_API_KEY, IDEMPOTENCY_KEY (optional), QUOTE_ID from the environment. The client times out,
and retries a timeout or a network error with the same Idempotency-Key,
which it prints: rerun with IDEMPOTENCY_KEY set to it after a timeout.
"""

import json

from kestrel_client import KestrelClient, idempotency_key_from_env, require_env

kestrel = KestrelClient()  # KESTREL_API_BASE and KESTREL_API_KEY
quote_id = require_env("QUOTE_ID")
# #region request
payment = kestrel.request(
    "POST",
    f"/payment-quotes/{quote_id}/execute",
    idempotency_key=idempotency_key_from_env(),
)
# #endregion request
print(json.dumps(payment, indent=2))
