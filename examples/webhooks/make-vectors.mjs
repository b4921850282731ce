#!/usr/bin/env node
// Regenerates vectors.json: the test vectors that every Kestrel signature verifier in this folder
// (Node.js, Python, Go) must agree on. The output is deterministic: fixed secrets, bodies and times.
//
//   node examples/webhooks/make-vectors.mjs           write vectors.json
//   node examples/webhooks/make-vectors.mjs --check   exit 1 if vectors.json is out of date
import {createHmac} from 'node:crypto';
import {readFileSync, writeFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';

const OUT = fileURLToPath(new URL('./vectors.json', import.meta.url));
const TOLERANCE = 300;
const NOW = 1741944413; // 2025-03-14T09:26:53Z

const SECRET = 'kestrel_test_secret_3f9a1c7e5b2d4086';
const OLD_SECRET = 'kestrel_old_secret_a81d0c94e2b7f365';
const WRONG_SECRET = 'kestrel_wrong_secret_5c2e9b7d01f4a6';

const event = {
  id: '5f0c2a8e-3b1d-4c6e-9a47-2d8b1e6f7c30',
  eventType: 'invoice.updated',
  webhookVersion: '2025-06-01',
  data: {entityId: 'c1d7e4a2-6f3b-4d8e-b915-0a2c7e5f9d14', changes: ['status', 'updated']},
  created: '2025-03-14T09:26:41Z',
  deliverySuccess: false,
};
const BODY = JSON.stringify(event);
// Not an event: a fixture that checks a verifier hashes UTF-8 bytes, not characters.
const BODY_NON_ASCII = JSON.stringify({fixture: 'UTF-8 bytes: Café für Zoë ☕'});
const TAMPERED_BODY = BODY.replace('"changes":["status","updated"]', '"changes":["status","amount","updated"]');
const RESERIALIZED_BODY = JSON.stringify(event, null, 2);

const hmacHex = (/** @type {string} */ secret, /** @type {number | string} */ t, /** @type {string} */ body) =>
  createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex');
const header = (/** @type {number | string} */ t, /** @type {string[]} */ ...sigs) =>
  [`t=${t}`, ...sigs.map((s) => `v1=${s}`)].join(',');

const t = NOW - 12; // a delivery 12 s old: the usual case
const sig = hmacHex(SECRET, t, BODY);

const vectors = [
  // Valid deliveries
  {
    name: 'valid',
    description: 'A delivery signed with the secret, 12 seconds old.',
    secret: SECRET,
    rawBody: BODY,
    header: header(t, sig),
    now: NOW,
    expected: 'valid',
  },
  {
    name: 'valid-non-ascii-body',
    description: 'A fixture body (not an event) with non-ASCII characters: the HMAC covers its UTF-8 bytes.',
    secret: SECRET,
    rawBody: BODY_NON_ASCII,
    header: header(t, hmacHex(SECRET, t, BODY_NON_ASCII)),
    now: NOW,
    expected: 'valid',
  },
  {
    name: 'valid-whitespace-in-header',
    description: 'Spaces around the comma-separated items are ignored.',
    secret: SECRET,
    rawBody: BODY,
    header: `t=${t}, v1=${sig}`,
    now: NOW,
    expected: 'valid',
  },
  {
    name: 'valid-uppercase-hex',
    description: 'Hex digits are compared as bytes, so upper case also matches.',
    secret: SECRET,
    rawBody: BODY,
    header: header(t, sig.toUpperCase()),
    now: NOW,
    expected: 'valid',
  },
  {
    name: 'valid-unknown-scheme-ignored',
    description: 'Items other than t and v1 (a future scheme) are ignored.',
    secret: SECRET,
    rawBody: BODY,
    header: `t=${t},v0=not-a-scheme-this-verifier-knows,v1=${sig}`,
    now: NOW,
    expected: 'valid',
  },
  {
    name: 'valid-rotation-new-secret-matches-second',
    description: 'During secret rotation the header carries two v1 signatures; the second (new secret) matches.',
    secret: SECRET,
    rawBody: BODY,
    header: header(t, hmacHex(OLD_SECRET, t, BODY), sig),
    now: NOW,
    expected: 'valid',
  },
  {
    name: 'valid-rotation-old-secret-matches-first',
    description: 'During secret rotation a receiver that still holds the old secret matches the first v1 signature.',
    secret: OLD_SECRET,
    rawBody: BODY,
    header: header(t, hmacHex(OLD_SECRET, t, BODY), sig),
    now: NOW,
    expected: 'valid',
  },
  {
    name: 'valid-age-at-tolerance-limit',
    description: 'A timestamp exactly 300 seconds old is still accepted.',
    secret: SECRET,
    rawBody: BODY,
    header: header(NOW - TOLERANCE, hmacHex(SECRET, NOW - TOLERANCE, BODY)),
    now: NOW,
    expected: 'valid',
  },
  {
    name: 'valid-timestamp-after-signature',
    description: 'The items may come in any order: here t follows v1.',
    secret: SECRET,
    rawBody: BODY,
    header: `v1=${sig},t=${t}`,
    now: NOW,
    expected: 'valid',
  },
  {
    name: 'valid-timestamp-leading-zeros',
    description:
      't with leading zeros, signed as it appears in the header: the HMAC covers the text of t, not the number.',
    secret: SECRET,
    rawBody: BODY,
    header: header(`000${t}`, hmacHex(SECRET, `000${t}`, BODY)),
    now: NOW,
    expected: 'valid',
  },
  {
    name: 'valid-future-within-tolerance',
    description: 'A timestamp 60 seconds ahead (clock skew) is accepted.',
    secret: SECRET,
    rawBody: BODY,
    header: header(NOW + 60, hmacHex(SECRET, NOW + 60, BODY)),
    now: NOW,
    expected: 'valid',
  },

  // Signature mismatches
  {
    name: 'tampered-body',
    description: 'The body was changed after signing.',
    secret: SECRET,
    rawBody: TAMPERED_BODY,
    header: header(t, sig),
    now: NOW,
    expected: 'SIGNATURE_MISMATCH',
  },
  {
    name: 'reserialized-body',
    description:
      'The same JSON, parsed and serialized again with indentation: the bytes differ, so the signature does not match.',
    secret: SECRET,
    rawBody: RESERIALIZED_BODY,
    header: header(t, sig),
    now: NOW,
    expected: 'SIGNATURE_MISMATCH',
  },
  {
    name: 'wrong-secret',
    description: 'The receiver verifies with a secret other than the subscription secret.',
    secret: WRONG_SECRET,
    rawBody: BODY,
    header: header(t, sig),
    now: NOW,
    expected: 'SIGNATURE_MISMATCH',
  },
  {
    name: 'rotation-no-signature-matches',
    description: 'Two v1 signatures, neither made with the receiver secret.',
    secret: WRONG_SECRET,
    rawBody: BODY,
    header: header(t, hmacHex(OLD_SECRET, t, BODY), sig),
    now: NOW,
    expected: 'SIGNATURE_MISMATCH',
  },
  {
    name: 'timestamp-replaced',
    description:
      'An old delivery replayed with a fresh t: t is part of the signed payload, so the signature no longer matches.',
    secret: SECRET,
    rawBody: BODY,
    header: header(NOW, hmacHex(SECRET, NOW - 3600, BODY)),
    now: NOW,
    expected: 'SIGNATURE_MISMATCH',
  },
  {
    name: 'timestamp-leading-zeros-not-signed',
    description:
      't with leading zeros added after signing: a verifier that signs the number instead of the text of t would wrongly accept it.',
    secret: SECRET,
    rawBody: BODY,
    header: header(`000${t}`, sig),
    now: NOW,
    expected: 'SIGNATURE_MISMATCH',
  },

  // Timestamps outside the 300-second tolerance
  {
    name: 'stale-timestamp',
    description: 'A correctly signed delivery one hour old.',
    secret: SECRET,
    rawBody: BODY,
    header: header(NOW - 3600, hmacHex(SECRET, NOW - 3600, BODY)),
    now: NOW,
    expected: 'TIMESTAMP_OUT_OF_TOLERANCE',
  },
  {
    name: 'stale-timestamp-just-past-tolerance',
    description: 'A correctly signed delivery 301 seconds old.',
    secret: SECRET,
    rawBody: BODY,
    header: header(NOW - TOLERANCE - 1, hmacHex(SECRET, NOW - TOLERANCE - 1, BODY)),
    now: NOW,
    expected: 'TIMESTAMP_OUT_OF_TOLERANCE',
  },
  {
    name: 'future-timestamp-beyond-tolerance',
    description: 'A correctly signed delivery stamped 301 seconds in the future.',
    secret: SECRET,
    rawBody: BODY,
    header: header(NOW + TOLERANCE + 1, hmacHex(SECRET, NOW + TOLERANCE + 1, BODY)),
    now: NOW,
    expected: 'TIMESTAMP_OUT_OF_TOLERANCE',
  },
  {
    name: 'stale-timestamp-checked-before-signature',
    description: 'Stale, and verified with a secret other than the one that signed it: the timestamp is checked first.',
    secret: WRONG_SECRET,
    rawBody: BODY,
    header: header(NOW - 3600, hmacHex(SECRET, NOW - 3600, BODY)),
    now: NOW,
    expected: 'TIMESTAMP_OUT_OF_TOLERANCE',
  },

  // Malformed headers
  {
    name: 'malformed-empty-header',
    description: 'The header is empty (or missing).',
    secret: SECRET,
    rawBody: BODY,
    header: '',
    now: NOW,
    expected: 'MALFORMED_HEADER',
  },
  {
    name: 'malformed-missing-timestamp',
    description: 'No t item.',
    secret: SECRET,
    rawBody: BODY,
    header: `v1=${sig}`,
    now: NOW,
    expected: 'MALFORMED_HEADER',
  },
  {
    name: 'malformed-missing-signature',
    description: 'No v1 item.',
    secret: SECRET,
    rawBody: BODY,
    header: `t=${t}`,
    now: NOW,
    expected: 'MALFORMED_HEADER',
  },
  {
    name: 'malformed-non-hex-signature',
    description: 'The v1 value has 64 characters, not all of them hex digits.',
    secret: SECRET,
    rawBody: BODY,
    header: header(t, `${sig.slice(0, 60)}zz9q`),
    now: NOW,
    expected: 'MALFORMED_HEADER',
  },
  {
    name: 'malformed-short-signature',
    description: 'The v1 value has 63 hex digits; an HMAC-SHA256 has 64.',
    secret: SECRET,
    rawBody: BODY,
    header: header(t, sig.slice(0, 63)),
    now: NOW,
    expected: 'MALFORMED_HEADER',
  },
  {
    name: 'malformed-empty-signature',
    description: 'The v1 value is empty.',
    secret: SECRET,
    rawBody: BODY,
    header: `t=${t},v1=`,
    now: NOW,
    expected: 'MALFORMED_HEADER',
  },
  {
    name: 'malformed-non-numeric-timestamp',
    description: 'The t value is not a whole number of seconds.',
    secret: SECRET,
    rawBody: BODY,
    header: `t=2025-03-14T09:26:41Z,v1=${sig}`,
    now: NOW,
    expected: 'MALFORMED_HEADER',
  },
  {
    name: 'malformed-duplicate-timestamp',
    description: 'Two t items.',
    secret: SECRET,
    rawBody: BODY,
    header: `t=${t},t=${t},v1=${sig}`,
    now: NOW,
    expected: 'MALFORMED_HEADER',
  },
  {
    name: 'malformed-duplicate-timestamp-after-signature',
    description: 'Two t items with different values, one after v1: a verifier must not keep the first or the last.',
    secret: SECRET,
    rawBody: BODY,
    header: `t=${t},v1=${sig},t=${NOW}`,
    now: NOW,
    expected: 'MALFORMED_HEADER',
  },
  {
    name: 'malformed-no-key-value-pairs',
    description: 'Items without a key=value form.',
    secret: SECRET,
    rawBody: BODY,
    header: `${t} ${sig}`,
    now: NOW,
    expected: 'MALFORMED_HEADER',
  },
];

const names = new Set(vectors.map((v) => v.name));
if (names.size !== vectors.length) throw new Error('vector names must be unique');

const output = `${JSON.stringify(
  {
    description:
      'Test vectors for the Kestrel-Signature header: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>. ' +
      'Verify each with now as the current time and the default tolerance. expected is "valid" or the error code. ' +
      'Generated by make-vectors.mjs: do not edit by hand.',
    toleranceSeconds: TOLERANCE,
    errorCodes: ['MALFORMED_HEADER', 'TIMESTAMP_OUT_OF_TOLERANCE', 'SIGNATURE_MISMATCH'],
    vectors,
  },
  null,
  2,
)}\n`;

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(OUT, 'utf8');
  } catch {
    // a missing file is out of date
  }
  if (current !== output) {
    console.error('vectors.json is out of date: run node examples/webhooks/make-vectors.mjs');
    process.exit(1);
  }
  console.log(`vectors.json is up to date (${vectors.length} vectors)`);
} else {
  writeFileSync(OUT, output);
  console.log(`wrote ${OUT} (${vectors.length} vectors)`);
}
