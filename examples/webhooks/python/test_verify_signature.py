"""Runs every shared test vector (../vectors.json) through verify_kestrel_signature.

    python3 -m unittest discover -s examples/webhooks/python -v

One test per vector, named test_vector_<name>.
"""

import json
import re
import unittest
from pathlib import Path

from verify_signature import KestrelSignatureError, verify_kestrel_signature

VECTORS = json.loads((Path(__file__).resolve().parent.parent / "vectors.json").read_text("utf-8"))


class VectorTests(unittest.TestCase):
    pass


def _make_test(vector):
    def test(self):
        body = vector["rawBody"].encode("utf-8")
        if vector["expected"] == "valid":
            timestamp = verify_kestrel_signature(body, vector["header"], vector["secret"], now=vector["now"])
            self.assertIsInstance(timestamp, int)
        else:
            with self.assertRaises(KestrelSignatureError) as raised:
                verify_kestrel_signature(body, vector["header"], vector["secret"], now=vector["now"])
            self.assertEqual(raised.exception.code, vector["expected"])

    test.__doc__ = None  # keep the -v output to the test name
    return test


for _vector in VECTORS["vectors"]:
    _name = "test_vector_" + re.sub(r"[^0-9A-Za-z]+", "_", _vector["name"])
    setattr(VectorTests, _name, _make_test(_vector))


class StringBodyTests(unittest.TestCase):
    def test_str_body_is_encoded_as_utf8(self):
        vector = next(v for v in VECTORS["vectors"] if v["name"] == "valid-non-ascii-body")
        verify_kestrel_signature(vector["rawBody"], vector["header"], vector["secret"], now=vector["now"])


if __name__ == "__main__":
    unittest.main()
