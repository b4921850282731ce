"""Execute currency exchange quote: POST /currency-exchange-quotes/{quoteId}/execute.

Reads KESTREL_API_BASE, KESTREL_API_KEY, QUOTE_ID from the environment. The client times out,
and retries a timeout or a network error with the same Idempotency-Key.
"""

import json
import uuid

from kestrel_client import KestrelClient, require_env

kestrel = KestrelClient()  # KESTREL_API_BASE and KESTREL_API_KEY
quote_id = require_env("QUOTE_ID")
# #region request
quote = kestrel.request(
    "POST",
    f"/currency-exchange-quotes/{quote_id}/execute",
    idempotency_key=str(uuid.uuid4()),
)
# #endregion request
print(json.dumps(quote, indent=2))
