"""The receiver stores each verified event before it answers 200, answers 500 when it cannot, reads
chunked bodies, and its worker processes the stored events once: it retries a transient failure
(a 429, a 503, an error) with backoff honouring Retry-After, dead-letters a permanent 4xx or a
malformed event on its first try, and its processed-events store makes a late redelivery do nothing.

    python3 -m unittest discover -s examples/webhooks/python -v
"""

import hashlib
import hmac
import json
import http.client
import io
import queue
from contextlib import redirect_stderr
import threading
import time
import unittest
import urllib.error
import urllib.request
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from receiver import (
    CONFIGURATION_FIX,
    EVENT_RETENTION_DAYS,
    EventStore,
    EventWorker,
    PermanentError,
    classify_failure,
    fetch_entity,
    make_handler,
)

VECTORS = json.loads((Path(__file__).resolve().parent.parent / "vectors.json").read_text("utf-8"))
VALID = next(v for v in VECTORS["vectors"] if v["name"] == "valid")


def signed(secret: str, body: str) -> str:
    t = str(int(time.time()))
    return f"t={t},v1=" + hmac.new(secret.encode(), f"{t}.{body}".encode(), hashlib.sha256).hexdigest()


class RecordingStore(EventStore):
    """An EventStore in memory that records when each save finished, or fails every save."""

    def __init__(self, fail: bool = False) -> None:
        super().__init__(":memory:")
        self.fail = fail
        self.saved_at = []

    def save(self, event_id: str, raw_body: bytes) -> bool:
        if self.fail:
            raise OSError("database down")
        is_new = super().save(event_id, raw_body)
        self.saved_at.append(time.monotonic())
        return is_new


class ReceiverTests(unittest.TestCase):
    def serve(self, store: EventStore):
        work = queue.Queue()  # one entry per wake-up of the worker
        server = ThreadingHTTPServer(("127.0.0.1", 0), make_handler(VALID["secret"], store, lambda: work.put(True)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        self.addCleanup(server.server_close)
        self.addCleanup(server.shutdown)
        return f"http://127.0.0.1:{server.server_address[1]}/webhooks/kestrel", work

    def post(self, url: str, header: str):
        request = urllib.request.Request(
            url, data=VALID["rawBody"].encode(), method="POST",
            headers={"Content-Type": "application/json", "Kestrel-Signature": header},
        )
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, time.monotonic()
        except urllib.error.HTTPError as error:
            return error.code, time.monotonic()

    def test_stores_the_event_before_answering_and_hands_a_new_one_to_the_worker_once(self):
        store = RecordingStore()
        url, work = self.serve(store)
        status, answered_at = self.post(url, signed(VALID["secret"], VALID["rawBody"]))
        self.assertEqual(status, 200)
        self.assertEqual(store.count(), 1)
        self.assertLessEqual(store.saved_at[0], answered_at)
        self.assertEqual(self.post(url, signed(VALID["secret"], VALID["rawBody"]))[0], 200)  # a redelivery
        self.assertEqual(store.count(), 1)
        self.assertTrue(work.get(timeout=5))
        self.assertTrue(work.empty())  # the redelivery woke nobody
        self.assertEqual([e["id"] for e in store.unprocessed()], [json.loads(VALID["rawBody"])["id"]])

    def test_reads_a_chunked_body(self):
        store = RecordingStore()
        url, _ = self.serve(store)
        host, port = url.split("/")[2].split(":")
        connection = http.client.HTTPConnection(host, int(port), timeout=10)
        self.addCleanup(connection.close)
        body = VALID["rawBody"].encode()
        chunks = iter([body[:40], body[40:]])
        connection.request(
            "POST", "/webhooks/kestrel", body=chunks, encode_chunked=True,
            headers={"Content-Type": "application/json", "Kestrel-Signature": signed(VALID["secret"], VALID["rawBody"]),
                     "Transfer-Encoding": "chunked"},
        )
        self.assertEqual(connection.getresponse().status, 200)
        self.assertEqual(store.count(), 1)

    def test_answers_500_and_hands_nothing_on_when_the_store_fails(self):
        url, work = self.serve(RecordingStore(fail=True))
        errors = io.StringIO()
        with redirect_stderr(errors):
            self.assertEqual(self.post(url, signed(VALID["secret"], VALID["rawBody"]))[0], 500)
        self.assertTrue(work.empty())
        self.assertIn(f"event {json.loads(VALID['rawBody'])['id']} not stored: database down", errors.getvalue())

    def test_answers_400_to_a_bad_signature_and_stores_nothing(self):
        store = RecordingStore()
        url, _ = self.serve(store)
        errors = io.StringIO()
        with redirect_stderr(errors):
            self.assertEqual(self.post(url, signed("another_secret_0123456789", VALID["rawBody"]))[0], 400)
        self.assertEqual(store.count(), 0)
        self.assertIn("delivery rejected: SIGNATURE_MISMATCH", errors.getvalue())


def wait_until(condition, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("condition not met in time")
        time.sleep(0.01)


def stored(event_id: str, created: str = None, event_type: str = "invoice.updated") -> bytes:
    """A stored event's body, created now unless told."""
    created = created or datetime.now(timezone.utc).isoformat().replace("+00:00", "Z")
    body = {"id": event_id, "eventType": event_type, "created": created, "data": {"entityId": f"inv-{event_id}"}}
    return json.dumps(body).encode()


class FakeKestrel:
    """A fake Kestrel API on 127.0.0.1: answers each GET with the next scripted (status, headers),
    then 200 with the entity, and records the paths it was asked for."""

    def __init__(self, test: unittest.TestCase, script) -> None:
        self.script = list(script)
        self.gets = []
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                fake.gets.append(self.path)
                status, headers = fake.script.pop(0) if fake.script else (200, {})
                body = json.dumps({"code": "FAKE", "status": status} if status >= 400 else {"status": "PAID"}).encode()
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        test.addCleanup(self.server.server_close)
        test.addCleanup(self.server.shutdown)
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def process(self, event: dict) -> None:
        fetch_entity(event, self.base, "sk_sandbox_python_tests")


class WorkerTests(unittest.TestCase):
    def test_processes_what_a_restart_left_once_and_retries_a_failure(self):
        store = EventStore(":memory:")
        store.save("e1", stored("e1"))
        processed = queue.Queue()
        failures = [RuntimeError("Kestrel did not answer")]

        def process(event):
            if failures:
                raise failures.pop()
            processed.put(event["id"])

        errors = io.StringIO()
        with redirect_stderr(errors):
            worker = EventWorker(store, process, retry_seconds=0.05)
            worker.start()  # no new delivery: the stored event is processed because it is unprocessed
            self.assertEqual(processed.get(timeout=5), "e1")
        self.assertIn("event e1 failed on try 1, to try again at", errors.getvalue())
        self.assertIn("Kestrel did not answer", errors.getvalue())
        wait_until(lambda: store.unprocessed() == [])  # marked processed after its work
        store.save("e2", stored("e2"))
        worker.wake()
        self.assertEqual(processed.get(timeout=5), "e2")
        self.assertTrue(processed.empty())

    def test_retries_a_429_burst_and_a_503_maintenance_answer_until_processed(self):
        retry_after_429 = {"Retry-After": "1"}
        kestrel = FakeKestrel(self, [(429, retry_after_429), (429, retry_after_429), (503, {"Retry-After": "1"})])
        store = EventStore(":memory:")
        store.save("busy", stored("busy"))
        errors = io.StringIO()
        with redirect_stderr(errors):
            worker = EventWorker(store, kestrel.process, retry_seconds=0.05)
            started = time.monotonic()
            worker.start()
            wait_until(lambda: store.unprocessed() == [], timeout=20)
        self.assertEqual(len(kestrel.gets), 4)
        # Never sooner than Retry-After: three waits of at least one second each.
        self.assertGreaterEqual(time.monotonic() - started, 3.0)
        self.assertTrue(store.is_processed("busy"))
        self.assertEqual(store.dead_letters(), [])
        self.assertIn("failed on try 3", errors.getvalue())
        self.assertNotIn("dead-lettered", errors.getvalue())

    def test_retries_a_403_and_a_401_until_the_key_is_fixed_and_logs_the_fix(self):
        kestrel = FakeKestrel(self, [(403, {}), (401, {})])
        store = EventStore(":memory:")
        store.save("refused", stored("refused"))
        errors = io.StringIO()
        with redirect_stderr(errors):
            worker = EventWorker(store, kestrel.process, retry_seconds=0.01)
            worker.start()
            wait_until(lambda: store.is_processed("refused"))
        self.assertEqual(kestrel.gets.count("/v1/invoices/inv-refused"), 3)
        self.assertEqual(store.dead_letters(), [])
        self.assertEqual(errors.getvalue().count(f"({CONFIGURATION_FIX})"), 2)
        self.assertNotIn("dead-lettered", errors.getvalue())

    def test_classifies_only_what_no_fix_on_your_side_can_change_as_permanent(self):
        def answer(status: int, code=None) -> urllib.error.HTTPError:
            error = urllib.error.HTTPError("http://kestrel.test/v1/invoices/x", status, "answer", {}, None)
            error.kestrel_code = code
            return error

        for error, transient, configuration in [
            (answer(401, "UNAUTHORIZED"), True, True),
            (answer(403, "INSUFFICIENT_SCOPE"), True, True),
            (answer(429, "RATE_LIMITED"), True, False),
            (answer(503, "SERVICE_UNAVAILABLE"), True, False),
            (answer(408), True, False),
            (answer(409, "IDEMPOTENCY_KEY_IN_USE"), True, False),
            (answer(409, "QUOTE_ALREADY_EXECUTED"), False, False),
            (answer(404, "INVOICE_NOT_FOUND"), False, False),
            (answer(410), False, False),
            (answer(400, "MALFORMED_REQUEST"), False, False),
            (answer(422, "VALIDATION_FAILED"), False, False),
            (PermanentError("malformed event"), False, False),
            (TimeoutError("timed out"), True, False),
        ]:
            with self.subTest(error=repr(error)):
                got = classify_failure(error)
                self.assertEqual((got[0], got[2]), (transient, configuration))

    def test_dead_letters_a_permanent_4xx_on_its_first_try_and_replays_it(self):
        kestrel = FakeKestrel(self, [(404, {})])
        store = EventStore(":memory:")
        store.save("gone", stored("gone"))
        errors = io.StringIO()
        with redirect_stderr(errors):
            worker = EventWorker(store, kestrel.process, retry_seconds=0.01)
            worker.start()
            wait_until(lambda: store.dead_letters() != [])
            letter = store.dead_letters()[0]
            self.assertEqual(
                (letter["event_id"], letter["attempts"], letter["last_error"]), ("gone", 1, "HTTP Error 404: Not Found")
            )
            self.assertIn("dead-lettered gone on try 1: HTTP Error 404: Not Found", errors.getvalue())
            # Later passes leave it alone: a new event is processed, the dead letter is not tried again.
            store.save("later", stored("later"))
            worker.wake()
            wait_until(lambda: store.is_processed("later"))
            self.assertEqual(kestrel.gets.count("/v1/invoices/inv-gone"), 1)
            self.assertTrue(store.replay_dead_letter("gone"))  # the cause is fixed: the fake now answers 200
            worker.wake()
            wait_until(lambda: store.unprocessed() == [])
        self.assertEqual(kestrel.gets.count("/v1/invoices/inv-gone"), 2)
        self.assertEqual(store.dead_letters(), [])

    def test_dead_letters_a_malformed_event_at_once(self):
        store = EventStore(":memory:")
        store.save("bad", b'{"id": "bad", "eventType": "invoice.updated", "created": "2026-01-01T00:00:00Z"}')
        errors = io.StringIO()
        with redirect_stderr(errors):
            EventWorker(store, FakeKestrel(self, []).process, retry_seconds=0.01).start()
            wait_until(lambda: store.dead_letters() != [])
        self.assertEqual(store.dead_letters()[0]["attempts"], 1)
        self.assertIn("dead-lettered bad on try 1: malformed event", errors.getvalue())

    def test_gives_up_on_a_transient_failure_once_kestrel_no_longer_keeps_the_event(self):
        now = datetime.now(timezone.utc)
        old = (now - timedelta(days=EVENT_RETENTION_DAYS) + timedelta(seconds=10)).isoformat()
        store = EventStore(":memory:")
        store.save("old", stored("old", created=old))
        errors = io.StringIO()
        with redirect_stderr(errors):
            worker = EventWorker(store, FakeKestrel(self, [(503, {"Retry-After": "60"})]).process, retry_seconds=0.01)
            worker.start()
            wait_until(lambda: store.dead_letters() != [])
        self.assertIn("dead-lettered old on try 1: Kestrel no longer keeps it: HTTP Error 503", errors.getvalue())

    def test_marks_an_unknown_event_type_processed_without_processing_it(self):
        store = EventStore(":memory:")
        store.save("future", stored("future", event_type="invoice.exploded"))
        calls = []
        worker = EventWorker(store, lambda event: calls.append(event["id"]), retry_seconds=0.01)
        worker.start()
        wait_until(lambda: store.unprocessed() == [])
        self.assertEqual(calls, [])
        self.assertEqual(store.dead_letters(), [])


class ProcessedEventsTests(unittest.TestCase):
    def test_a_redelivery_25_hours_or_29_days_later_does_nothing(self):
        clock = [datetime(2026, 3, 1, tzinfo=timezone.utc)]
        store = EventStore(":memory:", now=lambda: clock[0])
        calls = []
        worker = EventWorker(store, lambda event: calls.append(event["id"]), retry_seconds=0.01, now=lambda: clock[0])
        self.assertTrue(store.save("e1", stored("e1")))
        worker.start()
        wait_until(lambda: store.is_processed("e1"))
        # The Idempotency-Key derived from the event id has expired after 24 hours; the store has not.
        for later in (timedelta(hours=25), timedelta(days=29)):
            clock[0] = datetime(2026, 3, 1, tzinfo=timezone.utc) + later
            self.assertFalse(store.save("e1", stored("e1")))  # already stored: the handler wakes nobody
            self.assertTrue(store.is_processed("e1"))
            self.assertEqual(store.unprocessed(), [])
        # Once Kestrel no longer keeps the event, a worker pass forgets it; by then it has made
        # passes after both redeliveries, and processed the event once.
        clock[0] = datetime(2026, 3, 1, tzinfo=timezone.utc) + timedelta(days=EVENT_RETENTION_DAYS, hours=1)
        worker.wake()
        wait_until(lambda: store.count() == 0)
        self.assertEqual(calls, ["e1"])


if __name__ == "__main__":
    unittest.main()
