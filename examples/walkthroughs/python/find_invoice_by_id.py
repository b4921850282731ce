"""Find invoice by ID: GET /invoices/{invoiceId}.

Reads KESTREL_API_BASE, KESTREL_API_KEY, INVOICE_ID from the environment. The client times out,
and retries a timeout or a network error (a read is safe to repeat).
"""

import json

from kestrel_client import KestrelClient, require_env

kestrel = KestrelClient()  # KESTREL_API_BASE and KESTREL_API_KEY
invoice_id = require_env("INVOICE_ID")
# #region request
invoice = kestrel.request("GET", f"/invoices/{invoice_id}")
# #endregion request
print(json.dumps(invoice, indent=2))
