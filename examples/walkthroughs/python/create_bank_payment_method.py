"""Create bank payment method: POST /payment-methods/bank.

Reads KESTREL_API_BASE, KESTREL_API_KEY, IDEMPOTENCY_KEY (optional) from the environment. The client times out, and retries
a timeout or a network error with the same Idempotency-Key,
which it prints: rerun with IDEMPOTENCY_KEY set to it after a timeout.
"""

import json

from kestrel_client import KestrelClient, idempotency_key_from_env

kestrel = KestrelClient()  # KESTREL_API_BASE and KESTREL_API_KEY
# #region request
payment_method = kestrel.request(
    "POST",
    "/payment-methods/bank",
    body={"currency": "EUR", "country": "DE", "accountHolderName": "Alster Coffee Trading GmbH", "accountHolderType": "BUSINESS", "bankCode": "COBADEFFXXX", "accountNumber": "DE89370400440532013000"},
    idempotency_key=idempotency_key_from_env(),
)
# #endregion request
print(json.dumps(payment_method, indent=2))
