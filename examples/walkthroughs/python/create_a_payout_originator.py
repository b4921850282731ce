"""Create a payout originator: POST /payout-originators.

Reads KESTREL_API_BASE, KESTREL_API_KEY from the environment. The client times out, and retries
a timeout or a network error with the same Idempotency-Key.
"""

import json
import uuid

from kestrel_client import KestrelClient

kestrel = KestrelClient()  # KESTREL_API_BASE and KESTREL_API_KEY
# #region request
originator = kestrel.request(
    "POST",
    "/payout-originators",
    body={"type": "BUSINESS", "name": "Brightwater Studio Ltd", "registrationNumber": "09876543", "address": {"line1": "12 Harbour Street", "city": "Bristol", "postalCode": "BS1 4QA", "country": "GB"}},
    idempotency_key=str(uuid.uuid4()),
)
# #endregion request
print(json.dumps(originator, indent=2))
