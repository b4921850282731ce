"""Create bank payment method: POST /payment-methods/bank.

Reads KESTREL_API_BASE, KESTREL_API_KEY from the environment. The client times out, and retries
a timeout or a network error with the same Idempotency-Key.
"""

import json
import uuid

from kestrel_client import KestrelClient

kestrel = KestrelClient()  # KESTREL_API_BASE and KESTREL_API_KEY
# #region request
payment_method = kestrel.request(
    "POST",
    "/payment-methods/bank",
    body={"currency": "EUR", "country": "DE", "accountHolderName": "Alster Coffee Trading GmbH", "accountHolderType": "BUSINESS", "bankCode": "COBADEFFXXX", "accountNumber": "DE89370400440532013000"},
    idempotency_key=str(uuid.uuid4()),
)
# #endregion request
print(json.dumps(payment_method, indent=2))
