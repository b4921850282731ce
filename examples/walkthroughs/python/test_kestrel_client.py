"""kestrel_client.py against a local fake Kestrel over real HTTP: each attempt times out, network
errors and timeouts are retried with the same Idempotency-Key (only where a repeat is harmless),
and 409 IDEMPOTENCY_KEY_IN_USE is retried after a pause.

    python3 -m unittest discover -s examples/walkthroughs/python -p 'test_*.py' -v
"""

import json
import threading
import time
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from kestrel_client import KestrelClient, KestrelNetworkError, KestrelProblem

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

    def test_a_timeout_that_is_not_above_zero_is_refused(self):
        with self.assertRaisesRegex(ValueError, "timeout must be above 0"):
            KestrelClient(api_key="k", timeout=0)


if __name__ == "__main__":
    unittest.main()
