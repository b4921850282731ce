"""Create subscription: POST /subscriptions.

Reads KESTREL_API_BASE, KESTREL_API_KEY, IDEMPOTENCY_KEY (optional), KESTREL_WEBHOOK_SECRET from the environment. The client
times out, and retries a timeout or a network error with the same Idempotency-Key,
which it prints: rerun with IDEMPOTENCY_KEY set to it after a timeout.
"""

import json

from kestrel_client import KestrelClient, idempotency_key_from_env, require_env

kestrel = KestrelClient()  # KESTREL_API_BASE and KESTREL_API_KEY
kestrel_webhook_secret = require_env("KESTREL_WEBHOOK_SECRET")
# #region request
subscription = kestrel.request(
    "POST",
    "/subscriptions",
    body={"webhookUrl": "https://merchant.example/webhooks/kestrel", "webhookVersion": "2025-06-01", "secret": kestrel_webhook_secret, "enabled": True, "eventTypes": ["invoice.created", "invoice.updated", "payout.updated"]},
    idempotency_key=idempotency_key_from_env(),
)
# #endregion request
print(json.dumps(subscription, indent=2))
