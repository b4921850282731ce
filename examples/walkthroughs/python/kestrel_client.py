"""A minimal Kestrel API client on the Python standard library (urllib), for Python 3.8 or later.

- Base URL from KESTREL_API_BASE (default: the sandbox), API key from KESTREL_API_KEY.
- Gives up on an attempt after a timeout (10 seconds by default).
- Retries 429 answers; 5xx answers, network errors and timeouts where a repeat is harmless (a read,
  or a write with its Idempotency-Key, sent again unchanged); and 409 IDEMPOTENCY_KEY_IN_USE after
  a pause. Waits never less than Retry-After, otherwise a jittered exponential backoff.
- Raises KestrelProblem, with status, code and trace_id, for every other error answer.
"""

import json
import os
import random
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Dict, Optional

SANDBOX_BASE_URL = "https://api.sandbox.kestrel.example/v1"
RETRYABLE_STATUSES = {429, 500, 502, 503, 504}
MAX_WAIT_SECONDS = 30.0


class KestrelProblem(Exception):
    """An RFC 9457 problem answer: branch on ``code``, quote ``trace_id`` to support."""

    def __init__(self, status: int, body: Dict[str, Any]) -> None:
        self.status = int(body.get("status", status))
        self.code = str(body.get("code", "UNKNOWN"))
        self.trace_id = body.get("traceId")
        self.detail = body.get("detail")
        self.validation_errors = body.get("validationErrors")
        super().__init__(f"{self.status} {self.code}: {self.detail or body.get('title', '')}")


class KestrelNetworkError(Exception):
    """No answer at all after every attempt: a network error or a timeout each time."""


def require_env(name: str) -> str:
    """The value of an environment variable, or an error that names it."""
    value = os.environ.get(name, "")
    if not value:
        raise SystemExit(f"Set the environment variable {name}.")
    return value


class KestrelClient:
    def __init__(
        self,
        api_key: Optional[str] = None,
        base_url: Optional[str] = None,
        timeout: float = 10.0,
        max_retries: int = 3,
        base_delay: float = 0.5,
    ) -> None:
        self.api_key = api_key or require_env("KESTREL_API_KEY")
        self.base_url = (base_url or os.environ.get("KESTREL_API_BASE") or SANDBOX_BASE_URL).rstrip("/")
        if timeout <= 0:
            raise ValueError(f"timeout must be above 0 seconds, not {timeout}")
        self.timeout = timeout
        self.max_retries = max_retries
        self.base_delay = base_delay

    # #region request
    def request(
        self,
        method: str,
        path: str,
        *,
        query: Optional[Dict[str, str]] = None,
        body: Optional[Dict[str, Any]] = None,
        idempotency_key: Optional[str] = None,
    ) -> Any:
        url = self.base_url + path
        if query:
            url += "?" + urllib.parse.urlencode(query, quote_via=urllib.parse.quote)
        headers = {"Authorization": f"Bearer {self.api_key}", "Accept": "application/json"}
        if idempotency_key:
            headers["Idempotency-Key"] = idempotency_key
        data = None
        if body is not None:
            headers["Content-Type"] = "application/json"
            data = json.dumps(body).encode("utf-8")
        # A 5xx, a network error or a timeout may come after the work was done: repeat those only
        # where a repeat is harmless (a read, or a write with an Idempotency-Key).
        safe_to_repeat = method in ("GET", "DELETE") or bool(idempotency_key)

        attempt = 0
        while True:
            attempt += 1
            last_attempt = attempt > self.max_retries
            # The same method, headers (Idempotency-Key included) and body on every attempt.
            request = urllib.request.Request(url, data=data, method=method, headers=headers)
            try:
                with urllib.request.urlopen(request, timeout=self.timeout) as response:
                    text = response.read().decode("utf-8")
                    return json.loads(text) if text else None
            except urllib.error.HTTPError as error:
                text = error.read().decode("utf-8", "replace")
                problem = _parse_problem(text)
                key_in_use = error.code == 409 and problem.get("code") == "IDEMPOTENCY_KEY_IN_USE"
                retryable = error.code == 429 or key_in_use or (safe_to_repeat and error.code in RETRYABLE_STATUSES)
                retry_after = _retry_after(error.headers.get("Retry-After"))
                if not retryable or last_attempt or (retry_after is not None and retry_after > MAX_WAIT_SECONDS):
                    raise KestrelProblem(error.code, problem) from None
                if retry_after is not None:
                    time.sleep(retry_after + random.random() * self.base_delay)
                elif key_in_use:
                    time.sleep(self.base_delay + self._backoff(attempt))  # a pause, then the same key
                else:
                    time.sleep(self._backoff(attempt))
            except (urllib.error.URLError, socket.timeout, TimeoutError, ConnectionError) as error:
                if not safe_to_repeat or last_attempt:
                    plural = "" if attempt == 1 else "s"
                    raise KestrelNetworkError(f"{method} {path}: no answer after {attempt} attempt{plural} ({error})") from error
                time.sleep(self._backoff(attempt))
    # #endregion request

    def _backoff(self, attempt: int) -> float:
        """Full jitter: a random wait up to base_delay doubled per attempt, at most MAX_WAIT_SECONDS."""
        return random.random() * min(MAX_WAIT_SECONDS, self.base_delay * 2 ** (attempt - 1))


def _parse_problem(text: str) -> Dict[str, Any]:
    try:
        parsed = json.loads(text)
        if isinstance(parsed, dict):
            return parsed
    except ValueError:
        pass
    return {"detail": text[:200]} if text else {}


def _retry_after(value: Optional[str]) -> Optional[float]:
    if value and value.strip().isdigit():
        return float(value.strip())
    return None
