"""kestrel_client.py against a local fake Kestrel over real HTTP: each attempt times out, network
errors and timeouts are retried with the same Idempotency-Key (only where a repeat is harmless),
409 IDEMPOTENCY_KEY_IN_USE is retried after a pause, an answer that trickles in is cut off at the
timeout, retries stop at the call's deadline, and list_all pages until a short page.

    python3 -m unittest discover -s examples/walkthroughs/python -p 'test_*.py' -v
"""

import io
import json
import os
import threading
from contextlib import redirect_stderr
from unittest import mock
import time
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from kestrel_client import KestrelClient, KestrelNetworkError, KestrelProblem, idempotency_key_from_env

INVOICE = {"id": "416203f4-673f-44ba-b417-8d9b070174ad", "status": "UNPAID"}


def problem(status, code):
    return {"type": "urn:kestrel:problem:" + code.lower().replace("_", "-"), "title": code, "status": status, "code": code, "traceId": "0af7651916cd43dd8448eb211c80319c"}


class FakeKestrel:
    """Answers each request with the next step of a script; the last step repeats."""

    def __init__(self, steps):
        self.steps = steps
        self.seen = []  # (method, path, Idempotency-Key)
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def _serve(self):
                length = int(self.headers.get("Content-Length") or 0)
                self.rfile.read(length)
                fake.seen.append((self.command, self.path, self.headers.get("Idempotency-Key")))
                step = fake.steps[min(len(fake.seen), len(fake.steps)) - 1]
                step(self)

            do_GET = do_POST = do_PATCH = _serve

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def answer(status, body):
    def step(handler):
        data = json.dumps(body).encode()
        handler.send_response(status)
        handler.send_header("Content-Type", "application/problem+json" if status >= 400 else "application/json")
        handler.send_header("Content-Length", str(len(data)))
        handler.end_headers()
        handler.wfile.write(data)
    return step


def hang(handler):
    time.sleep(1.5)  # longer than the client's timeout: the client gives up first


def trickle(handler):
    """Headers at once, then one byte of the body every 0.1 s: no single read waits long."""
    handler.send_response(200)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", "40")
    handler.end_headers()
    try:
        for _ in range(40):
            handler.wfile.write(b" ")
            handler.wfile.flush()
            time.sleep(0.1)
    except OSError:  # the client hung up
        pass


def page(items):
    return answer(200, {"items": items, "count": 999})


def drop(handler):
    handler.close_connection = True
    handler.connection.close()


class ClientTests(unittest.TestCase):
    def fake(self, *steps):
        fake = FakeKestrel(list(steps))
        self.addCleanup(fake.close)
        return fake, KestrelClient(api_key="sk_sandbox_test", base_url=fake.base, timeout=0.3, base_delay=0.01)

    def test_a_timed_out_write_is_retried_with_the_same_idempotency_key(self):
        fake, client = self.fake(hang, answer(201, INVOICE))
        invoice = client.request("POST", "/invoices", body={"amount": {"amount": "1.00", "currency": "USD"}}, idempotency_key="c4e05986-aba3-4466-b066-8987cb084fa2")
        self.assertEqual(invoice["id"], INVOICE["id"])
        self.assertEqual([key for _, _, key in fake.seen], ["c4e05986-aba3-4466-b066-8987cb084fa2"] * 2)

    def test_a_network_error_is_retried_with_the_same_idempotency_key(self):
        fake, client = self.fake(drop, answer(201, INVOICE))
        client.request("POST", "/invoices", body={}, idempotency_key="9411a87e-8604-4954-b8a5-1973a54d2827")
        self.assertEqual([key for _, _, key in fake.seen], ["9411a87e-8604-4954-b8a5-1973a54d2827"] * 2)

    def test_409_idempotency_key_in_use_is_retried_after_a_pause(self):
        fake, client = self.fake(answer(409, problem(409, "IDEMPOTENCY_KEY_IN_USE")), answer(201, INVOICE))
        client.request("POST", "/invoices", body={}, idempotency_key="35f6b86d-50e9-4229-8efd-2e317fb64bdf")
        self.assertEqual(len(fake.seen), 2)
        self.assertEqual(fake.seen[0][2], fake.seen[1][2])

    def test_a_write_without_a_key_is_not_repeated_after_a_network_error(self):
        fake, client = self.fake(drop, answer(200, INVOICE))
        with self.assertRaises(KestrelNetworkError) as raised:
            client.request("PATCH", "/invoices/416203f4-673f-44ba-b417-8d9b070174ad/cancel")
        self.assertIn("PATCH /invoices/416203f4-673f-44ba-b417-8d9b070174ad/cancel: no answer after 1 attempt ", str(raised.exception))
        self.assertEqual(len(fake.seen), 1)

    def test_other_problems_are_raised_with_their_code(self):
        fake, client = self.fake(answer(409, problem(409, "IDEMPOTENCY_KEY_REUSED")))
        with self.assertRaises(KestrelProblem) as raised:
            client.request("POST", "/invoices", body={}, idempotency_key="0d5b7c42-9e1a-4f36-8b2d-6a4e1c9f7b03")
        self.assertEqual((raised.exception.status, raised.exception.code), (409, "IDEMPOTENCY_KEY_REUSED"))
        self.assertEqual(len(fake.seen), 1)

    def test_an_answer_that_trickles_in_is_cut_off_at_the_timeout(self):
        fake, client = self.fake(trickle)
        client.max_retries = 0
        # Read to the end, the 40 spaces would not parse as JSON: the call must end before that.
        with self.assertRaisesRegex(KestrelNetworkError, r"no complete answer within 0\.3 s"):
            client.request("GET", "/invoices")

    def test_retries_stop_at_the_deadline_of_the_call(self):
        fake, client = self.fake(answer(503, problem(503, "SERVICE_UNAVAILABLE")))
        client.max_retries = 100
        client.base_delay = 0.8
        client.deadline = 2.0
        # Waits of 0.4 s, 0.8 s, then 1.6 s, which would end past the deadline: three attempts.
        with mock.patch("kestrel_client.random.random", return_value=0.5), self.assertRaises(KestrelProblem) as raised:
            client.request("GET", "/invoices")
        self.assertEqual(raised.exception.code, "SERVICE_UNAVAILABLE")
        self.assertEqual(len(fake.seen), 3)

    def test_a_problem_names_its_status_code_detail_and_trace_id(self):
        fake, client = self.fake(answer(422, {**problem(422, "INSUFFICIENT_FUNDS"), "detail": "Not enough EUR."}))
        with self.assertRaises(KestrelProblem) as raised:
            client.request("POST", "/payouts", body={}, idempotency_key="4c0e2b8a-8d8f-4f55-9d0e-8d7d8e0f9a11")
        self.assertEqual(str(raised.exception), "422 INSUFFICIENT_FUNDS: Not enough EUR. (traceId 0af7651916cd43dd8448eb211c80319c)")

    def test_list_all_pages_until_a_short_page_and_returns_each_item_once(self):
        items = [{"id": str(i)} for i in range(5)]
        # The second page repeats item 1: an item that entered the set moved it along.
        fake, client = self.fake(page(items[0:2]), page([items[1], items[2]]), page(items[3:4]))
        self.assertEqual([i["id"] for i in client.list_all("/invoices", {"$orderby": "created asc"}, page_size=2)], ["0", "1", "2", "3"])
        self.assertEqual([p for _, p, _ in fake.seen], [
            "/v1/invoices?%24orderby=created%20asc&%24top=2&%24skip=0",
            "/v1/invoices?%24orderby=created%20asc&%24top=2&%24skip=2",
            "/v1/invoices?%24orderby=created%20asc&%24top=2&%24skip=4",
        ])

    def test_the_idempotency_key_comes_from_the_environment_and_is_printed(self):
        err = io.StringIO()
        with mock.patch.dict(os.environ, {"IDEMPOTENCY_KEY": "6f1d3c1e-2b5a-4d8e-9c7f-0a1b2c3d4e5f"}), redirect_stderr(err):
            self.assertEqual(idempotency_key_from_env(), "6f1d3c1e-2b5a-4d8e-9c7f-0a1b2c3d4e5f")
        self.assertEqual(err.getvalue(), "Idempotency-Key: 6f1d3c1e-2b5a-4d8e-9c7f-0a1b2c3d4e5f\n")
        err = io.StringIO()
        with mock.patch.dict(os.environ, {"IDEMPOTENCY_KEY": ""}), redirect_stderr(err):
            key = idempotency_key_from_env()
        self.assertRegex(key, r"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")
        self.assertEqual(err.getvalue(), f"Idempotency-Key: {key}\n")

    def test_a_timeout_that_is_not_above_zero_is_refused(self):
        with self.assertRaisesRegex(ValueError, "timeout must be above 0"):
            KestrelClient(api_key="k", timeout=0)


if __name__ == "__main__":
    unittest.main()
