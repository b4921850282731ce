"""Create subscription: POST /subscriptions.

Reads KESTREL_API_BASE, KESTREL_API_KEY, KESTREL_WEBHOOK_SECRET from the environment. The client
times out, and retries a timeout or a network error with the same Idempotency-Key.
"""

import json
import uuid

from kestrel_client import KestrelClient, require_env

kestrel = KestrelClient()  # KESTREL_API_BASE and KESTREL_API_KEY
kestrel_webhook_secret = require_env("KESTREL_WEBHOOK_SECRET")
# #region request
subscription = kestrel.request(
    "POST",
    "/subscriptions",
    body={"webhookUrl": "https://merchant.example/webhooks/kestrel", "webhookVersion": "2025-06-01", "secret": kestrel_webhook_secret, "enabled": True, "eventTypes": ["invoice.created", "invoice.updated", "payout.updated"]},
    idempotency_key=str(uuid.uuid4()),
)
# #endregion request
print(json.dumps(subscription, indent=2))
