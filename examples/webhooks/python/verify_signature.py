"""Verifies the Kestrel-Signature header of a Kestrel webhook delivery.

    Kestrel-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>

Python 3.8 or later, standard library only. Pass the raw request body: the exact bytes Kestrel
sent, before any JSON parsing.
"""

import hashlib
import hmac
import re
import time
from typing import List, Optional, Union

DEFAULT_TOLERANCE_SECONDS = 300  # five minutes

MALFORMED_HEADER = "MALFORMED_HEADER"
TIMESTAMP_OUT_OF_TOLERANCE = "TIMESTAMP_OUT_OF_TOLERANCE"
SIGNATURE_MISMATCH = "SIGNATURE_MISMATCH"

# Leading zeros are allowed (t is signed as it appears); at most 12 significant digits.
_TIMESTAMP = re.compile(r"0*[0-9]{1,12}")
_SIGNATURE = re.compile(r"[0-9a-fA-F]{64}")


class KestrelSignatureError(Exception):
    """Raised when a delivery fails verification; ``code`` says why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code


def _malformed(message: str) -> KestrelSignatureError:
    return KestrelSignatureError(MALFORMED_HEADER, message)


# #region parse
def _parse_header(header: str):
    if not isinstance(header, str) or not header.strip():
        raise _malformed("the header is empty")
    timestamp_text: Optional[str] = None
    signatures: List[bytes] = []
    for item in header.split(","):
        key, separator, value = item.partition("=")
        if not separator:
            raise _malformed("an item is not of the form key=value")
        key, value = key.strip(" \t"), value.strip(" \t")
        if key == "t":
            if timestamp_text is not None:
                raise _malformed("t appears more than once")
            if not _TIMESTAMP.fullmatch(value):
                raise _malformed("t is not a unix time in seconds")
            timestamp_text = value
        elif key == "v1":
            if not _SIGNATURE.fullmatch(value):
                raise _malformed("a v1 signature is not 64 hex digits")
            signatures.append(bytes.fromhex(value))
        # Other keys are ignored: a later signature scheme can be added beside v1.
    if timestamp_text is None:
        raise _malformed("t is missing")
    if not signatures:
        raise _malformed("v1 is missing")
    return timestamp_text, signatures
# #endregion parse


# #region verify
def verify_kestrel_signature(
    raw_body: Union[bytes, str],
    header: str,
    secret: str,
    *,
    now: Optional[int] = None,
    tolerance_seconds: int = DEFAULT_TOLERANCE_SECONDS,
) -> int:
    """Returns the delivery's timestamp when the header is valid for this body and secret.

    Raises KestrelSignatureError otherwise.
    """
    if not secret:
        raise ValueError("verify_kestrel_signature: the secret is empty")
    timestamp_text, signatures = _parse_header(header)
    timestamp = int(timestamp_text)

    # 1. Reject a delivery stamped too far from now: an old one may be a replay.
    current = int(time.time()) if now is None else now
    if abs(current - timestamp) > tolerance_seconds:
        raise KestrelSignatureError(
            TIMESTAMP_OUT_OF_TOLERANCE,
            f"t is {current - timestamp} s from now; at most {tolerance_seconds} s is allowed",
        )

    # 2. Sign t + "." + the raw body with your secret.
    body = raw_body.encode("utf-8") if isinstance(raw_body, str) else raw_body
    expected = hmac.new(
        secret.encode("utf-8"), timestamp_text.encode("ascii") + b"." + body, hashlib.sha256
    ).digest()

    # 3. Compare in constant time with every v1 signature: during a secret rotation there are two.
    matched = False
    for signature in signatures:
        if hmac.compare_digest(signature, expected):
            matched = True
    if not matched:
        raise KestrelSignatureError(SIGNATURE_MISMATCH, "no v1 signature matches this body and secret")
    return timestamp
# #endregion verify
