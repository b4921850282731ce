"""Idempotency keys that survive a restart: derived from your order id and an attempt number kept
beside the order, so that a process that restarts after a timeout sends the same key again, and
Kestrel runs the operation once. After a failure Kestrel keeps against the key (such as
INSUFFICIENT_FUNDS), the same key would answer that failure again for 24 hours: the attempt moves
on, so that the request sent once the cause is fixed carries a new key.
"""

import json
import os
import uuid
from typing import Callable, Dict, TypeVar

from kestrel_client import KestrelProblem, needs_new_key

T = TypeVar("T")


# #region order-key
def order_key(order_id: str, attempt: int) -> str:
    """The version 5 UUID of ``order_id:attempt``. Use one order id per operation of an order, such as ``1042-payout``."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"{order_id}:{attempt}"))
# #endregion order-key


class OrderAttempts:
    """Each order's attempt number, in a JSON file: in your application, a column beside the order."""

    def __init__(self, path: str) -> None:
        self.path = path

    def _read(self) -> Dict[str, int]:
        if not os.path.exists(self.path):
            return {}
        with open(self.path, encoding="utf-8") as file:
            return json.load(file)

    def attempt(self, order_id: str) -> int:
        return self._read().get(order_id, 1)

    def advance(self, order_id: str) -> int:
        """Moves the order to its next attempt, written before it returns (a rename, so a crash leaves the old file or the new)."""
        attempts = self._read()
        attempts[order_id] = attempts.get(order_id, 1) + 1
        with open(self.path + ".tmp", "w", encoding="utf-8") as file:
            json.dump(attempts, file)
        os.replace(self.path + ".tmp", self.path)
        return attempts[order_id]


# #region with-order-key
def with_order_key(attempts: OrderAttempts, order_id: str, call: Callable[[str], T]) -> T:
    """Calls Kestrel with the key of the order's current attempt.

    The client retries with that key what may pass (a timeout, a 429, a 5xx); a failure Kestrel keeps
    against the key moves the order to its next attempt before it is raised, so the call made once
    you fix the cause takes a new key.
    """
    try:
        return call(order_key(order_id, attempts.attempt(order_id)))
    except KestrelProblem as problem:
        if needs_new_key(problem.code):
            attempts.advance(order_id)
        raise
# #endregion with-order-key
