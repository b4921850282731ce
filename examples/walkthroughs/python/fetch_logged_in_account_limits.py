"""Fetch logged-in account limits: GET /account/limits.

Reads KESTREL_API_BASE, KESTREL_API_KEY from the environment. The client times out, and retries
a timeout or a network error (a read is safe to repeat).
"""

import json

from kestrel_client import KestrelClient

kestrel = KestrelClient()  # KESTREL_API_BASE and KESTREL_API_KEY
# #region request
limits = kestrel.request("GET", "/account/limits")
# #endregion request
print(json.dumps(limits, indent=2))
