"""A Kestrel webhook receiver on the standard library: http.server, sqlite3 and a worker thread.

    KESTREL_WEBHOOK_SECRET=... python3 examples/webhooks/python/receiver.py

It reads the raw body, verifies the Kestrel-Signature header, stores the event, answers 200, and
hands a new event to a worker. Python 3.8 or later.
"""

import json
import os
import queue
import sqlite3
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable, Optional

from verify_signature import KestrelSignatureError, verify_kestrel_signature

MAX_BODY_BYTES = 1024 * 1024


# #region store
class EventStore:
    """Keeps each verified event before the receiver answers: a 2xx tells Kestrel the event is safe.

    SQLite here; in production, the same INSERT into your database, with the event id as the key.
    """

    def __init__(self, path: str = "kestrel-events.sqlite3") -> None:
        self._db = sqlite3.connect(path, check_same_thread=False)
        self._lock = threading.Lock()
        with self._lock, self._db:
            self._db.execute(
                "CREATE TABLE IF NOT EXISTS kestrel_events (event_id TEXT PRIMARY KEY, body TEXT NOT NULL)"
            )

    def save(self, event_id: str, raw_body: bytes) -> bool:
        """Stores the event and commits. Returns False when its id was stored before."""
        with self._lock, self._db:
            cursor = self._db.execute(
                "INSERT OR IGNORE INTO kestrel_events (event_id, body) VALUES (?, ?)",
                (event_id, raw_body.decode("utf-8")),
            )
            return cursor.rowcount == 1

    def count(self) -> int:
        with self._lock:
            return self._db.execute("SELECT COUNT(*) FROM kestrel_events").fetchone()[0]
# #endregion store


# #region handler
def make_handler(secret: str, store: EventStore, work: "queue.Queue[dict]", now: Optional[Callable[[], int]] = None):
    class KestrelWebhookHandler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            if self.path != "/webhooks/kestrel":
                return self._answer(404)
            length = int(self.headers.get("Content-Length") or 0)
            if length > MAX_BODY_BYTES:
                return self._answer(413)
            raw_body = self.rfile.read(length)  # the exact bytes: never parse before you verify
            try:
                verify_kestrel_signature(
                    raw_body, self.headers.get("Kestrel-Signature", ""), secret, now=now() if now else None
                )
                event = json.loads(raw_body)
            except (KestrelSignatureError, ValueError):
                # Any non-2xx answer makes Kestrel retry, which gives you time to fix a secret or a clock.
                return self._answer(400)
            # Store before the 200: after a 2xx Kestrel stops retrying, so an event held only in
            # memory would be lost in a crash. A 500 makes Kestrel deliver it again later.
            try:
                is_new = store.save(event["id"], raw_body)
            except Exception as error:  # the database is down, the disk is full...
                self.log_error("event %s not stored: %s", event.get("id"), error)
                return self._answer(500)
            self._answer(200)
            if is_new:
                work.put(event)  # a worker fetches the entity and acts on it, after the answer

        def _answer(self, status: int) -> None:
            self.send_response(status)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, format: str, *args) -> None:  # quiet: one line per error only
            pass

    return KestrelWebhookHandler
# #endregion handler


def main() -> None:
    secret = os.environ.get("KESTREL_WEBHOOK_SECRET")
    if not secret:
        raise SystemExit("Set KESTREL_WEBHOOK_SECRET.")
    port = int(os.environ.get("PORT", "3000"))
    work: "queue.Queue[dict]" = queue.Queue()

    def worker() -> None:
        while True:
            event = work.get()
            print(f"{event['eventType']} {event['data']['entityId']}: fetch it and update your records")

    threading.Thread(target=worker, daemon=True).start()
    server = ThreadingHTTPServer(("127.0.0.1", port), make_handler(secret, EventStore(), work))
    print(f"Listening on http://127.0.0.1:{port}/webhooks/kestrel")
    server.serve_forever()


if __name__ == "__main__":
    main()
