"""Idempotency keys that survive a restart: derived from your order id, the operation and an attempt
number kept beside the order, so that a process that restarts after a timeout sends the same key
again, and Kestrel runs the operation once. Each operation of an order has its own key: one key for
two operations (creating a payout, then initiating it) answers the second 409
IDEMPOTENCY_KEY_REUSED. After a failure Kestrel keeps against the key (such as INSUFFICIENT_FUNDS),
the same key would answer that failure again for 24 hours: that operation's attempt moves on, so
that the request sent once the cause is fixed carries a new key. A kept answer is the first one,
not the object as it is now: after an initiate answers QUOTE_EXPIRED, the create key still answers
the expired payout as NEW. Move the create step to its next attempt too and create the order again
(examples/core/held-order.ts). Kestrel keeps an answer for 24 hours; after that the same key runs
the operation again.
"""

import json
import os
import re
import uuid
from typing import Callable, Dict, TypeVar

from kestrel_client import KestrelProblem, needs_new_key

T = TypeVar("T")


# #region order-key
def order_key(order_id: str, operation_id: str, attempt: int) -> str:
    """The version 5 UUID of ``ORDER_ID:OPERATION_ID:ATTEMPT``, such as ``1042:createAPayout:1``,
    where OPERATION_ID is the operationId of the call in the API reference. An operationId has no
    colon and the attempt is a number, so no two (order, operation, attempt) share a name, even when
    an order id holds a colon.
    """
    if order_id == "":
        raise ValueError("order_key: the order id is empty")
    if not re.fullmatch(r"[A-Za-z][A-Za-z0-9]*", operation_id):
        raise ValueError(f'order_key: the operation id must be an operationId such as createAPayout, not "{operation_id}"')
    if isinstance(attempt, bool) or not isinstance(attempt, int) or attempt < 1:
        raise ValueError(f"order_key: the attempt must be a whole number from 1, not {attempt!r}")
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"{order_id}:{operation_id}:{attempt}"))
# #endregion order-key


class OrderAttempts:
    """The attempt number of each operation of each order, in a JSON file: in your application, a
    column per operation beside the order."""

    def __init__(self, path: str) -> None:
        self.path = path

    def _read(self) -> Dict[str, Dict[str, int]]:
        if not os.path.exists(self.path):
            return {}
        with open(self.path, encoding="utf-8") as file:
            return json.load(file)

    def attempt(self, order_id: str, operation_id: str) -> int:
        return self._read().get(order_id, {}).get(operation_id, 1)

    def advance(self, order_id: str, operation_id: str) -> int:
        """Moves one operation of the order to its next attempt, written before it returns (a rename,
        so a crash leaves the old file or the new). The order's other operations keep theirs."""
        attempts = self._read()
        order = attempts.setdefault(order_id, {})
        order[operation_id] = order.get(operation_id, 1) + 1
        with open(self.path + ".tmp", "w", encoding="utf-8") as file:
            json.dump(attempts, file)
        os.replace(self.path + ".tmp", self.path)
        return order[operation_id]


# #region with-order-key
def with_order_key(attempts: OrderAttempts, order_id: str, operation_id: str, call: Callable[[str], T]) -> T:
    """Calls Kestrel with the key of the operation's current attempt for the order.

    The client retries with that key what may pass (a timeout, a 429, a 5xx); a failure Kestrel keeps
    against the key moves that operation to its next attempt before it is raised, so the call made
    once you fix the cause takes a new key. Only that operation moves: after QUOTE_EXPIRED, advance
    the create step yourself, since its key replays the expired object as first created.
    """
    try:
        return call(order_key(order_id, operation_id, attempts.attempt(order_id, operation_id)))
    except KestrelProblem as problem:
        if needs_new_key(problem.code):
            attempts.advance(order_id, operation_id)
        raise
# #endregion with-order-key
