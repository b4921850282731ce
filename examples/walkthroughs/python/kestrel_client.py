"""A minimal Kestrel API client on the Python standard library (urllib), for Python 3.8 or later.

- Base URL from KESTREL_API_BASE (default: the sandbox), API key from KESTREL_API_KEY.
- Gives up on an attempt after a timeout (10 seconds by default), however slowly the answer
  trickles in, and on the call, retries included, after a total deadline (60 seconds by default).
- Retries 429 answers; 5xx answers, network errors and timeouts where a repeat is harmless (a read,
  or a write with its Idempotency-Key, sent again unchanged); and 409 IDEMPOTENCY_KEY_IN_USE after
  a pause: the answers Kestrel does not keep and that may pass (retries_with_same_key). Waits never less than Retry-After, otherwise a jittered exponential backoff.
- Raises KestrelProblem, with status, code, detail and trace_id, for every other error answer.
"""

import json
import os
import queue
import random
import socket
import sys
import threading
import time
import uuid
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Dict, Iterator, Optional, Tuple

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
        # Everything you need to act or to ask support, on one line: status, code, detail, traceId.
        super().__init__(f"{self.status} {self.code}: {self.detail or body.get('title', '')} (traceId {self.trace_id or 'none'})")


class KestrelNetworkError(Exception):
    """No answer at all after every attempt: a network error or a timeout each time."""


# #region idempotency-key
def idempotency_key_from_env() -> str:
    """The Idempotency-Key of this run: IDEMPOTENCY_KEY when it is set, otherwise a new UUID.

    It is printed on standard error: if the run times out, run it again with IDEMPOTENCY_KEY set to
    that key, and Kestrel answers the first result instead of doing the operation twice.
    """
    key = os.environ.get("IDEMPOTENCY_KEY") or str(uuid.uuid4())
    print(f"Idempotency-Key: {key}", file=sys.stderr, flush=True)
    return key
# #endregion idempotency-key


# #region idempotency-outcomes
def retries_with_same_key(status: int, code: Optional[str]) -> bool:
    """Whether the client sends a request again, unchanged and with the same Idempotency-Key, after
    this answer: Kestrel did not keep it, and it may pass (429, 5xx, or the first request with the key
    still running). Every other answer is final for this call, as the idempotency outcomes on the API
    introduction say.
    """
    return status in RETRYABLE_STATUSES or (status == 409 and code == "IDEMPOTENCY_KEY_IN_USE")


# Failures after which the next attempt at the operation needs a new Idempotency-Key: Kestrel keeps
# the business failures the operation decided (the same key would answer them again for 24 hours),
# and a key that is invalid or holds another request cannot be used. Fix the cause first.
NEW_KEY_CODES = frozenset({
    "INSUFFICIENT_FUNDS",
    "LIMIT_EXCEEDED",
    "QUOTE_EXPIRED",
    "AMOUNT_OUT_OF_RANGE",
    "CURRENCY_PAIR_NOT_SUPPORTED",
    "CURRENCY_MISMATCH",
    "LIGHTNING_INVOICE_EXPIRED",
    "NO_ROUTE_FOUND",
    "IDEMPOTENCY_KEY_INVALID",
    "IDEMPOTENCY_KEY_REUSED",
})


def needs_new_key(code: Optional[str]) -> bool:
    return code in NEW_KEY_CODES
# #endregion idempotency-outcomes


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
        deadline: float = 60.0,
    ) -> None:
        self.api_key = api_key or require_env("KESTREL_API_KEY")
        self.base_url = (base_url or os.environ.get("KESTREL_API_BASE") or SANDBOX_BASE_URL).rstrip("/")
        if timeout <= 0:
            raise ValueError(f"timeout must be above 0 seconds, not {timeout}")
        if deadline <= 0:
            raise ValueError(f"deadline must be above 0 seconds, not {deadline}")
        self.timeout = timeout
        self.deadline = deadline
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

        deadline = time.monotonic() + self.deadline

        def fits(wait: float) -> bool:  # a wait that would end past the deadline is not taken
            return time.monotonic() + wait < deadline

        attempt = 0
        while True:
            attempt += 1
            last_attempt = attempt > self.max_retries
            # The same method, headers (Idempotency-Key included) and body on every attempt.
            request = urllib.request.Request(url, data=data, method=method, headers=headers)
            try:
                status, answer_headers, text = _send(request, max(0.001, min(self.timeout, deadline - time.monotonic())))
            except (urllib.error.URLError, socket.timeout, TimeoutError, ConnectionError) as error:
                wait = self._backoff(attempt)
                if not safe_to_repeat or last_attempt or not fits(wait):
                    plural = "" if attempt == 1 else "s"
                    raise KestrelNetworkError(f"{method} {path}: no answer after {attempt} attempt{plural} ({error})") from error
                time.sleep(wait)
                continue
            if status < 400:
                return json.loads(text) if text else None
            problem = _parse_problem(text)
            key_in_use = status == 409 and problem.get("code") == "IDEMPOTENCY_KEY_IN_USE"
            retryable = retries_with_same_key(status, problem.get("code")) and (status == 429 or key_in_use or safe_to_repeat)
            retry_after = _retry_after(answer_headers.get("Retry-After"))
            if retry_after is not None:
                wait = retry_after + random.random() * self.base_delay  # never sooner than Retry-After
            elif key_in_use:
                wait = self.base_delay + self._backoff(attempt)  # a pause, then the same key
            else:
                wait = self._backoff(attempt)
            if not retryable or last_attempt or (retry_after is not None and retry_after > MAX_WAIT_SECONDS) or not fits(wait):
                raise KestrelProblem(status, problem)
            time.sleep(wait)
    # #endregion request

    # #region list-all
    def list_all(self, path: str, query: Optional[Dict[str, str]] = None, page_size: int = 100) -> Iterator[Dict[str, Any]]:
        """Every item of a list, page by page: $top stays fixed, $skip grows by $top, and the first
        page shorter than $top is the last (count can change while you page, so it does not decide).
        An item that moved onto a later page is returned once. Order by a field that never changes,
        such as "created asc".
        """
        seen = set()
        skip = 0
        while True:
            page = self.request("GET", path, query={**(query or {}), "$top": str(page_size), "$skip": str(skip)})
            for item in page["items"]:
                if item["id"] not in seen:
                    seen.add(item["id"])
                    yield item
            if len(page["items"]) < page_size:
                return
            skip += page_size
    # #endregion list-all

    def _backoff(self, attempt: int) -> float:
        """Full jitter: a random wait up to base_delay doubled per attempt, at most MAX_WAIT_SECONDS."""
        return random.random() * min(MAX_WAIT_SECONDS, self.base_delay * 2 ** (attempt - 1))


def _send(request: urllib.request.Request, seconds: float) -> Tuple[int, Any, str]:
    """Sends the request and reads the whole answer within `seconds`, or raises socket.timeout.

    urlopen's timeout bounds each socket operation, not the call: an answer that trickles in a
    byte at a time never trips it. So the call runs in a thread, and the wait for it is bounded.
    """
    outcome: "queue.Queue[Any]" = queue.Queue(maxsize=1)

    def call() -> None:
        try:
            with urllib.request.urlopen(request, timeout=seconds) as response:
                outcome.put((response.status, response.headers, response.read().decode("utf-8")))
        except urllib.error.HTTPError as error:  # an error answer: read it all here too
            outcome.put((error.code, error.headers, error.read().decode("utf-8", "replace")))
        except BaseException as error:  # noqa: BLE001 - handed to the caller
            outcome.put(error)

    # A daemon thread: one that is still stuck on a socket never keeps the program from exiting.
    threading.Thread(target=call, daemon=True).start()
    try:
        result = outcome.get(timeout=seconds)
    except queue.Empty:
        raise socket.timeout(f"no complete answer within {seconds:g} s") from None
    if isinstance(result, BaseException):
        raise result
    return result


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
