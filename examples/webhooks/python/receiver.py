"""A Kestrel webhook receiver on the standard library: http.server, sqlite3 and a worker thread.

    KESTREL_WEBHOOK_SECRET=... KESTREL_API_KEY=... python3 examples/webhooks/python/receiver.py

It reads the raw body (with a Content-Length or chunked), verifies the Kestrel-Signature header,
stores the event in SQLite (KESTREL_EVENTS_DB, default kestrel-events-<PORT>.sqlite3), answers 200, and
wakes a worker that processes the stored events: it fetches the entity each event names and marks
the event processed. When it starts, the worker first processes what a crash left stored but
unprocessed. Python 3.8 or later.

An event of a type it does not know is acknowledged and marked processed without a fetch. A failure
a later try or a fix on your side can end (Kestrel answers 429 or 5xx, a 401 or 403 of a wrong API
key, a timeout, a network error, a bug) is tried again with exponential backoff, never sooner than
Retry-After, for as long as Kestrel keeps the event. A failure that cannot succeed (a 404 or 410 of
the entity, a 400, 422 or other 4xx of the request, but not 408, 429 and 409 IDEMPOTENCY_KEY_IN_USE;
a malformed event) is dead-lettered at once: recorded in the kestrel_dead_letters table with its tries and last
error, logged, and not tried again until you replay it (python3 receiver.py --replay-dead-letter ID).

The kestrel_events table is also the processed-events store: a redelivery or a replay of an id it
holds does nothing, however late. It keeps each event for EVENT_RETENTION_DAYS, the time Kestrel can
still deliver or list it; an Idempotency-Key derived from the event id covers only 24 hours.
"""

import email.utils
import json
import os
import sqlite3
import sys
import threading
import traceback
import urllib.error
import urllib.parse
import urllib.request
import time
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable, Dict, List, Optional, Tuple

from verify_signature import KestrelSignatureError, verify_kestrel_signature

MAX_BODY_BYTES = 1024 * 1024

# How long Kestrel keeps an event, so how long it can deliver or list it again: the worker retries a
# transient failure until the event is this old, and the store keeps processed ids this long. The
# same in the Node.js, Python and Go receivers.
EVENT_RETENTION_DAYS = 30
# The first wait after a transient failure; each failure doubles it, up to MAX_RETRY_SECONDS.
FIRST_RETRY_SECONDS = 30.0
MAX_RETRY_SECONDS = 3600.0

# Where the entity of each event type this receiver knows is read: thin events carry no state.
ENTITY_PATHS = {
    "invoice.created": "/invoices/{}",
    "invoice.updated": "/invoices/{}",
    "receive-request.receive-pending": "/receive-requests/{}/receives",
    "receive-request.receive-completed": "/receive-requests/{}/receives",
    "payout.updated": "/payouts/{}",
    "payment.updated": "/payments/{}",
    "currency-exchange-quote.updated": "/currency-exchange-quotes/{}",
    "deposit.updated": "/deposits/{}",
}


def log(line: str) -> None:
    print(line, flush=True)


# #region store
class EventStore:
    """Keeps each verified event before the receiver answers: a 2xx tells Kestrel the event is safe.

    SQLite here; in production, the same INSERT into your database, with the event id as the key,
    and the processed mark written in the same transaction as the work the event causes.
    """

    def __init__(self, path: str = "kestrel-events.sqlite3", now: Optional[Callable[[], datetime]] = None) -> None:
        self._now = now or (lambda: datetime.now(timezone.utc))
        self._db = sqlite3.connect(path, check_same_thread=False)
        self._lock = threading.Lock()
        with self._lock, self._db:
            self._db.execute(
                "CREATE TABLE IF NOT EXISTS kestrel_events (event_id TEXT PRIMARY KEY, body TEXT NOT NULL,"
                " received_at TEXT NOT NULL, processed_at TEXT)"
            )
            # Failed processings per event; a row with dead_lettered_at set is a dead letter.
            self._db.execute(
                "CREATE TABLE IF NOT EXISTS kestrel_dead_letters (event_id TEXT PRIMARY KEY REFERENCES kestrel_events"
                " (event_id), attempts INTEGER NOT NULL, last_error TEXT NOT NULL, dead_lettered_at TEXT)"
            )

    def save(self, event_id: str, raw_body: bytes) -> bool:
        """Stores the event and commits. Returns False when its id was stored before."""
        with self._lock, self._db:
            cursor = self._db.execute(
                "INSERT OR IGNORE INTO kestrel_events (event_id, body, received_at) VALUES (?, ?, ?)",
                (event_id, raw_body.decode("utf-8"), self._now().isoformat()),
            )
            return cursor.rowcount == 1

    def unprocessed(self) -> List[dict]:
        """The stored events not yet marked processed nor dead-lettered, oldest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT body FROM kestrel_events e WHERE processed_at IS NULL AND NOT EXISTS (SELECT 1 FROM"
                " kestrel_dead_letters d WHERE d.event_id = e.event_id AND d.dead_lettered_at IS NOT NULL)"
                " ORDER BY received_at, rowid"
            ).fetchall()
        return [json.loads(body) for (body,) in rows]

    def record_failure(self, event_id: str, error: str) -> int:
        """Counts one failed processing of the event and keeps its error. Returns the failures so far."""
        with self._lock, self._db:
            self._db.execute(
                "INSERT INTO kestrel_dead_letters (event_id, attempts, last_error) VALUES (?, 1, ?)"
                " ON CONFLICT (event_id) DO UPDATE SET attempts = attempts + 1, last_error = excluded.last_error",
                (event_id, error),
            )
            return self._db.execute(
                "SELECT attempts FROM kestrel_dead_letters WHERE event_id = ?", (event_id,)
            ).fetchone()[0]

    def dead_letter(self, event_id: str) -> None:
        """Moves the event to the dead letters: the worker no longer tries it."""
        with self._lock, self._db:
            self._db.execute(
                "UPDATE kestrel_dead_letters SET dead_lettered_at = ? WHERE event_id = ?", (self._now().isoformat(), event_id)
            )

    def dead_letters(self) -> List[dict]:
        """The dead letters, oldest first, with their attempts and last error."""
        with self._lock:
            rows = self._db.execute(
                "SELECT event_id, attempts, last_error, dead_lettered_at FROM kestrel_dead_letters"
                " WHERE dead_lettered_at IS NOT NULL ORDER BY dead_lettered_at, rowid"
            ).fetchall()
        return [
            {"event_id": e, "attempts": a, "last_error": last, "dead_lettered_at": at} for (e, a, last, at) in rows
        ]

    def replay_dead_letter(self, event_id: str) -> bool:
        """Takes the event out of the dead letters with a fresh count, so the worker processes it again."""
        with self._lock, self._db:
            cursor = self._db.execute(
                "DELETE FROM kestrel_dead_letters WHERE event_id = ? AND dead_lettered_at IS NOT NULL", (event_id,)
            )
            return cursor.rowcount == 1

    def mark_processed(self, event_id: str) -> None:
        with self._lock, self._db:
            self._db.execute(
                "UPDATE kestrel_events SET processed_at = ? WHERE event_id = ?", (self._now().isoformat(), event_id)
            )

    def is_processed(self, event_id: str) -> bool:
        """Whether the event's work is done: a replay checks it before it acts."""
        with self._lock:
            return self._db.execute(
                "SELECT 1 FROM kestrel_events WHERE event_id = ? AND processed_at IS NOT NULL", (event_id,)
            ).fetchone() is not None

    def forget_processed_before(self, cutoff: datetime) -> int:
        """Forgets the processed events received before cutoff: Kestrel no longer delivers or lists them."""
        processed_before = "SELECT event_id FROM kestrel_events WHERE processed_at IS NOT NULL AND received_at < ?"
        with self._lock, self._db:
            self._db.execute(f"DELETE FROM kestrel_dead_letters WHERE event_id IN ({processed_before})", (cutoff.isoformat(),))
            return self._db.execute(
                "DELETE FROM kestrel_events WHERE processed_at IS NOT NULL AND received_at < ?", (cutoff.isoformat(),)
            ).rowcount

    def count(self) -> int:
        with self._lock:
            return self._db.execute("SELECT COUNT(*) FROM kestrel_events").fetchone()[0]

# #endregion store


# #region worker
class PermanentError(Exception):
    """A failure no later try can fix: the worker dead-letters the event at once."""


# What the worker logs after a 401 or a 403: a change of key or scopes ends it, not a later try alone.
CONFIGURATION_FIX = "needs a configuration fix: check the API key and its scopes"


def classify_failure(error: Exception) -> Tuple[bool, Optional[float], bool]:
    """Whether a later try can fix the failure, the least wait before it (Retry-After) in seconds,
    and whether a change of your configuration is what it waits for. A 401 (a key expired, revoked or
    rotated) or a 403 (a scope missing) ends once you fix the key, so it is retried, not dead-lettered."""
    if isinstance(error, PermanentError):
        return False, None, False
    if isinstance(error, urllib.error.HTTPError):
        status, code = error.code, getattr(error, "kestrel_code", None)
        configuration = status in (401, 403)
        transient = (
            configuration
            or status in (408, 429)
            or status >= 500
            or status < 400
            or (status == 409 and code == "IDEMPOTENCY_KEY_IN_USE")
        )
        return transient, parse_retry_after(error.headers.get("Retry-After") if error.headers else None), configuration
    return True, None, False  # a timeout, a network error, a bug in your code: the next try may pass


def parse_retry_after(value: Optional[str]) -> Optional[float]:
    """A Retry-After header (delta-seconds or an HTTP date) as seconds to wait, or None."""
    if not value:
        return None
    if value.strip().isdigit():
        return float(value.strip())
    try:
        return max(0.0, email.utils.parsedate_to_datetime(value).timestamp() - time.time())
    except (TypeError, ValueError):
        return None


def retry_delay(failures: int, retry_after: Optional[float], first: float = FIRST_RETRY_SECONDS) -> float:
    """The wait before the next try after failures transient failures: doubling, at least Retry-After."""
    return max(min(MAX_RETRY_SECONDS, first * 2 ** min(failures - 1, 30)), retry_after or 0.0)


class EventWorker:
    """Processes the stored events in one thread, oldest first, and marks each processed once its
    work succeeded. An event of a type the receiver does not know is marked processed without a
    fetch. A transient failure is logged and counted, and the event is tried again after
    retry_delay, until it is EVENT_RETENTION_DAYS old; a permanent one is dead-lettered at once.
    The worker looks at the store at least every retry_seconds, and each pass forgets the processed
    events Kestrel can no longer deliver.
    """

    def __init__(
        self,
        store: EventStore,
        process: Callable[[dict], None],
        retry_seconds: float = FIRST_RETRY_SECONDS,
        now: Optional[Callable[[], datetime]] = None,
    ) -> None:
        self._store = store
        self._process = process
        self._retry_seconds = retry_seconds
        self._now = now or (lambda: datetime.now(timezone.utc))
        self._due: Dict[str, datetime] = {}  # when each failed event may be tried again
        self._wake = threading.Event()

    def start(self) -> None:
        self._wake.set()  # what a restart left stored but unprocessed comes first
        threading.Thread(target=self._run, daemon=True).start()

    def wake(self) -> None:
        self._wake.set()

    def _run(self) -> None:
        retention = timedelta(days=EVENT_RETENTION_DAYS)
        while True:
            self._wake.wait(self._retry_seconds)
            self._wake.clear()
            try:
                self._store.forget_processed_before(self._now() - retention)
                events = self._store.unprocessed()
            except Exception:
                print("stored events not read:\n" + traceback.format_exc(), file=sys.stderr, flush=True)
                continue
            for event in events:
                due = self._due.get(event["id"])
                if due is None or due <= self._now():
                    self._process_one(event, retention)

    def _process_one(self, event: dict, retention: timedelta) -> None:
        try:
            if event.get("eventType") not in ENTITY_PATHS:
                # A type added after this code was written: nothing here acts on it, and a retry would not either.
                self._store.mark_processed(event["id"])
                log(f"skipped {event['id']}: unknown event type {event.get('eventType')}")
                return
            self._process(event)
            self._store.mark_processed(event["id"])
            self._due.pop(event["id"], None)
            log(f"processed {event['id']}")
        except Exception as error:
            message = str(error) or type(error).__name__
            tries = self._store.record_failure(event["id"], message)
            transient, retry_after, configuration = classify_failure(error)
            if not transient:
                return self._dead_letter(event, tries, message)
            at = self._now() + timedelta(seconds=retry_delay(tries, retry_after, self._retry_seconds))
            try:
                created = datetime.fromisoformat(str(event.get("created")).replace("Z", "+00:00"))
            except ValueError:
                return self._dead_letter(event, tries, f"malformed event: created is {event.get('created')}")
            if at > created + retention:
                return self._dead_letter(event, tries, f"Kestrel no longer keeps it: {message}")
            self._due[event["id"]] = at
            print(
                f"event {event['id']} failed on try {tries}, to try again at {at.isoformat()}: {message}"
                + (f" ({CONFIGURATION_FIX})" if configuration else ""),
                file=sys.stderr,
                flush=True,
            )

    def _dead_letter(self, event: dict, tries: int, message: str) -> None:
        self._due.pop(event["id"], None)
        self._store.dead_letter(event["id"])
        print(f"dead-lettered {event['id']} on try {tries}: {message}", file=sys.stderr, flush=True)
# #endregion worker


class BodyError(Exception):
    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


def read_raw_body(handler: BaseHTTPRequestHandler) -> bytes:
    """The exact bytes of the body, sent with a Content-Length or chunked (Transfer-Encoding)."""
    if "chunked" in handler.headers.get("Transfer-Encoding", "").lower():
        body = b""
        while True:
            size = int(handler.rfile.readline().split(b";")[0].strip() or b"0", 16)
            if size == 0:
                while handler.rfile.readline() not in (b"\r\n", b"\n", b""):  # trailers
                    pass
                return body
            if len(body) + size > MAX_BODY_BYTES:
                raise BodyError(413)
            body += handler.rfile.read(size)
            handler.rfile.readline()  # the CRLF after each chunk
    length = int(handler.headers.get("Content-Length") or 0)
    if length > MAX_BODY_BYTES:
        raise BodyError(413)
    return handler.rfile.read(length)


# #region handler
def make_handler(secret: str, store: EventStore, wake: Callable[[], None], now: Optional[Callable[[], int]] = None):
    class KestrelWebhookHandler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            if self.path != "/webhooks/kestrel":
                return self._answer(404)
            try:
                raw_body = read_raw_body(self)  # the exact bytes: never parse before you verify
            except (BodyError, ValueError) as error:
                self.log_error("delivery not read: %r", error)
                self.close_connection = True
                return self._answer(error.status if isinstance(error, BodyError) else 400)
            try:
                verify_kestrel_signature(
                    raw_body, self.headers.get("Kestrel-Signature", ""), secret, now=now() if now else None
                )
                event = json.loads(raw_body)
            except (KestrelSignatureError, ValueError) as error:
                # Any non-2xx answer makes Kestrel retry, which gives you time to fix a secret or a clock.
                self.log_error("delivery rejected: %s", error)
                return self._answer(400)
            # Store before the 200: after a 2xx Kestrel stops retrying, so an event held only in
            # memory would be lost in a crash. A 500 makes Kestrel deliver it again later.
            try:
                is_new = store.save(event["id"], raw_body)
            except Exception as error:  # the database is down, the disk is full...
                self.log_error("event %s not stored: %s", event.get("id"), error)
                return self._answer(500)
            log(f"{'stored' if is_new else 'already stored'} {event['id']}")
            self._answer(200)
            log(f"answered 200 {event['id']}")
            if is_new:
                wake()  # the worker processes it from the store, after the answer

        def _answer(self, status: int) -> None:
            self.send_response(status)
            self.send_header("Content-Length", "0")
            self.end_headers()
            self.wfile.flush()

        def log_request(self, code="-", size="-") -> None:  # no access log; errors still go to stderr
            pass

    return KestrelWebhookHandler
# #endregion handler


def fetch_entity(event: dict, api_base: str, api_key: str) -> dict:
    """Reads the entity the event names: thin events carry no state. A non-2xx answer raises an
    HTTPError that carries the problem's code (kestrel_code), which with its status and Retry-After
    decides whether the worker tries again."""
    entity_id = (event.get("data") or {}).get("entityId")
    if not isinstance(entity_id, str) or not entity_id:
        raise PermanentError(f"malformed event: no entity to fetch for {event.get('eventType')}")
    path = ENTITY_PATHS[event["eventType"]].format(urllib.parse.quote(entity_id))
    request = urllib.request.Request(api_base + path, headers={"Authorization": f"Bearer {api_key}", "Accept": "application/json"})
    # The event is stored: when this times out or fails, the worker tries again later.
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as error:
        try:
            error.kestrel_code = json.loads(error.read() or b"{}").get("code")
        except (ValueError, AttributeError):
            error.kestrel_code = None
        raise


def main() -> None:
    port = int(os.environ.get("PORT", "3000"))
    # One store per port by default: a receiver restarted on its port finds what it left.
    store = EventStore(os.environ.get("KESTREL_EVENTS_DB", f"kestrel-events-{port}.sqlite3"))
    if len(sys.argv) == 3 and sys.argv[1] == "--replay-dead-letter":
        # Once the cause is fixed; the receiver processes it when it next starts.
        replayed = store.replay_dead_letter(sys.argv[2])
        log(f"replaying {sys.argv[2]}" if replayed else f"no dead letter {sys.argv[2]}")
        raise SystemExit(0 if replayed else 1)
    secret = os.environ.get("KESTREL_WEBHOOK_SECRET")
    api_key = os.environ.get("KESTREL_API_KEY")
    if not secret or not api_key:
        raise SystemExit("Set KESTREL_WEBHOOK_SECRET and KESTREL_API_KEY.")
    api_base = os.environ.get("KESTREL_API_BASE", "https://api.sandbox.kestrel.example/v1")

    def process(event: dict) -> None:
        entity = fetch_entity(event, api_base, api_key)
        log(f"{event['eventType']} {event['data']['entityId']}: {entity.get('status', '')}, update your records")

    worker = EventWorker(store, process, float(os.environ.get("KESTREL_RETRY_SECONDS", FIRST_RETRY_SECONDS)))
    worker.start()
    server = ThreadingHTTPServer(("127.0.0.1", port), make_handler(secret, store, worker.wake))
    log(f"Listening on http://127.0.0.1:{port}/webhooks/kestrel")
    server.serve_forever()


if __name__ == "__main__":
    main()
