"""Create Lightning payment quote: POST /payment-quotes/lightning.

Reads KESTREL_API_BASE, KESTREL_API_KEY, IDEMPOTENCY_KEY (optional), LN_INVOICE from the environment. The client times out,
and retries a timeout or a network error with the same Idempotency-Key,
which it prints: rerun with IDEMPOTENCY_KEY set to it after a timeout.
"""

import json

from kestrel_client import KestrelClient, idempotency_key_from_env, require_env

kestrel = KestrelClient()  # KESTREL_API_BASE and KESTREL_API_KEY
ln_invoice = require_env("LN_INVOICE")
# #region request
quote = kestrel.request(
    "POST",
    "/payment-quotes/lightning",
    body={"lnInvoice": ln_invoice, "sourceCurrency": "USD"},
    idempotency_key=idempotency_key_from_env(),
)
# #endregion request
print(json.dumps(quote, indent=2))
