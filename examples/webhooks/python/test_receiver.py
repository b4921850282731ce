"""The receiver stores each verified event before it answers 200, answers 500 when it cannot, reads
chunked bodies, and its worker processes the stored events once, retrying a failure.

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
from http.server import ThreadingHTTPServer
from pathlib import Path

from receiver import MAX_PROCESSING_ATTEMPTS, EventStore, EventWorker, make_handler

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


class WorkerTests(unittest.TestCase):
    def test_processes_what_a_restart_left_once_and_retries_a_failure(self):
        store = EventStore(":memory:")
        store.save("e1", b'{"id": "e1", "eventType": "invoice.updated"}')
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
        self.assertIn("event e1 failed, to try again", errors.getvalue())
        self.assertIn("Kestrel did not answer", errors.getvalue())
        wait_until(lambda: store.unprocessed() == [])  # marked processed after its work
        store.save("e2", b'{"id": "e2", "eventType": "invoice.updated"}')
        worker.wake()
        self.assertEqual(processed.get(timeout=5), "e2")
        self.assertTrue(processed.empty())

    def test_dead_letters_an_event_that_keeps_failing_and_replays_it(self):
        store = EventStore(":memory:")
        store.save("gone", b'{"id": "gone", "eventType": "invoice.updated"}')
        calls = []
        entity_gone = [True]

        def process(event):
            calls.append(event["id"])
            if event["id"] == "gone" and entity_gone[0]:
                raise RuntimeError("HTTP Error 404: Not Found")

        errors = io.StringIO()
        with redirect_stderr(errors):
            worker = EventWorker(store, process, retry_seconds=0.01)
            worker.start()
            wait_until(lambda: store.dead_letters() != [])
            letter = store.dead_letters()[0]
            self.assertEqual(
                (letter["event_id"], letter["attempts"], letter["last_error"]),
                ("gone", MAX_PROCESSING_ATTEMPTS, "HTTP Error 404: Not Found"),
            )
            self.assertIn(f"dead-lettered gone after {MAX_PROCESSING_ATTEMPTS} attempts", errors.getvalue())
            # Later passes leave it alone: a new event is processed, the dead letter is not tried again.
            store.save("later", b'{"id": "later", "eventType": "invoice.updated"}')
            worker.wake()
            wait_until(lambda: "later" in calls)
            self.assertEqual(calls.count("gone"), MAX_PROCESSING_ATTEMPTS)
            entity_gone[0] = False  # the cause is fixed
            self.assertTrue(store.replay_dead_letter("gone"))
            worker.wake()
            wait_until(lambda: store.unprocessed() == [])
        self.assertEqual(calls.count("gone"), MAX_PROCESSING_ATTEMPTS + 1)
        self.assertEqual(store.dead_letters(), [])

    def test_marks_an_unknown_event_type_processed_without_processing_it(self):
        store = EventStore(":memory:")
        store.save("future", b'{"id": "future", "eventType": "invoice.exploded"}')
        calls = []
        worker = EventWorker(store, lambda event: calls.append(event["id"]), retry_seconds=0.01)
        worker.start()
        wait_until(lambda: store.unprocessed() == [])
        self.assertEqual(calls, [])
        self.assertEqual(store.dead_letters(), [])


if __name__ == "__main__":
    unittest.main()
