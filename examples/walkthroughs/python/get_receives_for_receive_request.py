"""Get receives for receive request: GET /receive-requests/{receiveRequestId}/receives.

Reads KESTREL_API_BASE, KESTREL_API_KEY, RECEIVE_REQUEST_ID from the environment. The client
times out, and retries a timeout or a network error (a read is safe to repeat).
"""

import json

from kestrel_client import KestrelClient, require_env

kestrel = KestrelClient()  # KESTREL_API_BASE and KESTREL_API_KEY
receive_request_id = require_env("RECEIVE_REQUEST_ID")
# #region request
receives = kestrel.request("GET", f"/receive-requests/{receive_request_id}/receives")
# #endregion request
print(json.dumps(receives, indent=2))
