"""Create a receive request: POST /receive-requests.

Reads KESTREL_API_BASE, KESTREL_API_KEY from the environment. The client times out, and retries
a timeout or a network error with the same Idempotency-Key.
"""

import json
import uuid

from kestrel_client import KestrelClient

kestrel = KestrelClient()  # KESTREL_API_BASE and KESTREL_API_KEY
# #region request
receive_request = kestrel.request(
    "POST",
    "/receive-requests",
    body={"currency": "USD", "description": "Tip jar, Saturday stream", "reference": "tips-2026-11-07", "expiresInSeconds": 604800},
    idempotency_key=str(uuid.uuid4()),
)
# #endregion request
print(json.dumps(receive_request, indent=2))
