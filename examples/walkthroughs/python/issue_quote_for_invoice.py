"""Issue quote for invoice: POST /invoices/{invoiceId}/quote.

Reads KESTREL_API_BASE, KESTREL_API_KEY, INVOICE_ID from the environment. The client times out,
and retries a timeout or a network error with the same Idempotency-Key.
"""

import json
import uuid

from kestrel_client import KestrelClient, require_env

kestrel = KestrelClient()  # KESTREL_API_BASE and KESTREL_API_KEY
invoice_id = require_env("INVOICE_ID")
# #region request
quote = kestrel.request("POST", f"/invoices/{invoice_id}/quote", idempotency_key=str(uuid.uuid4()))
# #endregion request
print(json.dumps(quote, indent=2))
