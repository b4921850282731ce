"""Fetch public account profile info by handle: GET /accounts/handle/{handle}.

Reads KESTREL_API_BASE, KESTREL_API_KEY, RECEIVER_HANDLE from the environment. The client times
out, and retries a timeout or a network error (a read is safe to repeat).
"""

import json

from kestrel_client import KestrelClient, require_env

kestrel = KestrelClient()  # KESTREL_API_BASE and KESTREL_API_KEY
receiver_handle = require_env("RECEIVER_HANDLE")
# #region request
profile = kestrel.request("GET", f"/accounts/handle/{receiver_handle}")
# #endregion request
print(json.dumps(profile, indent=2))
