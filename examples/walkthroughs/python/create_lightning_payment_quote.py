"""Create Lightning payment quote: POST /payment-quotes/lightning.

Reads KESTREL_API_BASE, KESTREL_API_KEY, LN_INVOICE from the environment. The client times out,
and retries a timeout or a network error with the same Idempotency-Key.
"""

import json
import uuid

from kestrel_client import KestrelClient, require_env

kestrel = KestrelClient()  # KESTREL_API_BASE and KESTREL_API_KEY
ln_invoice = require_env("LN_INVOICE")
# #region request
quote = kestrel.request(
    "POST",
    "/payment-quotes/lightning",
    body={"lnInvoice": ln_invoice, "sourceCurrency": "USD"},
    idempotency_key=str(uuid.uuid4()),
)
# #endregion request
print(json.dumps(quote, indent=2))
