"""Get currency exchange quote: GET /currency-exchange-quotes/{quoteId}.

Reads KESTREL_API_BASE, KESTREL_API_KEY, QUOTE_ID from the environment. The client times out,
and retries a timeout or a network error (a read is safe to repeat).
"""

import json

from kestrel_client import KestrelClient, require_env

kestrel = KestrelClient()  # KESTREL_API_BASE and KESTREL_API_KEY
quote_id = require_env("QUOTE_ID")
# #region request
quote = kestrel.request("GET", f"/currency-exchange-quotes/{quote_id}")
# #endregion request
print(json.dumps(quote, indent=2))
