"""Fetch public account profile info by handle: GET /accounts/handle/{handle}.

Reads KESTREL_API_BASE, KESTREL_API_KEY, RECEIVER_HANDLE from the environment. The client times
out, and retries a timeout or a network error (a read is safe to repeat).
"""

# #region request
import json

from kestrel_client import KestrelClient, require_env

kestrel = KestrelClient()  # KESTREL_API_BASE and KESTREL_API_KEY
receiver_handle = require_env("RECEIVER_HANDLE")
profile = kestrel.request(
    "GET",
    f"/accounts/handle/{receiver_handle}",
)
print(json.dumps(profile, indent=2))
# #endregion request
