/**
 * Verifies the Kestrel-Signature header of a Kestrel webhook delivery.
 *
 *   Kestrel-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>
 *
 * Node.js 22 or later, node:crypto only. Pass the raw request body: the exact bytes Kestrel sent,
 * before any JSON parsing.
 */
import {createHmac, timingSafeEqual} from 'node:crypto';

// #region errors
/** Why a delivery failed verification. */
export type KestrelSignatureErrorCode =
  | 'MALFORMED_HEADER' // the header is missing, empty, or not t=...,v1=...
  | 'TIMESTAMP_OUT_OF_TOLERANCE' // t is more than the tolerance away from now
  | 'SIGNATURE_MISMATCH'; // no v1 signature matches the body and secret

export class KestrelSignatureError extends Error {
  readonly code: KestrelSignatureErrorCode;

  constructor(code: KestrelSignatureErrorCode, message: string) {
    super(`${code}: ${message}`);
    this.name = 'KestrelSignatureError';
    this.code = code;
  }
}
// #endregion errors

/** Five minutes, in seconds. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

export interface VerifyOptions {
  /** The current time in unix seconds. Defaults to the system clock. */
  now?: number;
  /** How far t may be from now, in the past or the future. Defaults to 300 seconds. */
  toleranceSeconds?: number;
}

interface ParsedHeader {
  /** t exactly as it appears in the header: it is part of the signed payload. */
  timestampText: string;
  timestamp: number;
  signatures: Buffer[];
}

// Leading zeros are allowed (t is signed as it appears); at most 12 significant digits keep it a safe integer.
const TIMESTAMP = /^0*[0-9]{1,12}$/;
const SIGNATURE = /^[0-9a-fA-F]{64}$/;

function malformed(message: string): never {
  throw new KestrelSignatureError('MALFORMED_HEADER', message);
}

// #region parse
function parseHeader(header: string): ParsedHeader {
  if (typeof header !== 'string' || header.trim() === '') malformed('the header is empty');
  let timestampText: string | undefined;
  const signatures: Buffer[] = [];
  for (const item of header.split(',')) {
    const separator = item.indexOf('=');
    if (separator < 0) malformed('an item is not of the form key=value');
    const key = item.slice(0, separator).replace(/^[ \t]+|[ \t]+$/g, '');
    const value = item.slice(separator + 1).replace(/^[ \t]+|[ \t]+$/g, '');
    if (key === 't') {
      if (timestampText !== undefined) malformed('t appears more than once');
      if (!TIMESTAMP.test(value)) malformed('t is not a unix time in seconds');
      timestampText = value;
    } else if (key === 'v1') {
      if (!SIGNATURE.test(value)) malformed('a v1 signature is not 64 hex digits');
      signatures.push(Buffer.from(value, 'hex'));
    }
    // Other keys are ignored: a later signature scheme can be added beside v1.
  }
  if (timestampText === undefined) malformed('t is missing');
  if (signatures.length === 0) malformed('v1 is missing');
  return {timestampText, timestamp: Number(timestampText), signatures};
}
// #endregion parse

// #region verify
/**
 * Returns the delivery's timestamp when the header is valid for this body and secret;
 * throws a KestrelSignatureError otherwise.
 */
export function verifyKestrelSignature(
  rawBody: string | Buffer,
  header: string,
  secret: string,
  opts: VerifyOptions = {},
): {timestamp: number} {
  if (!secret) throw new TypeError('verifyKestrelSignature: the secret is empty');
  const {timestampText, timestamp, signatures} = parseHeader(header);

  // 1. Reject a delivery stamped too far from now: an old one may be a replay.
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  const tolerance = opts.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (Math.abs(now - timestamp) > tolerance) {
    throw new KestrelSignatureError(
      'TIMESTAMP_OUT_OF_TOLERANCE',
      `t is ${now - timestamp} s from now; at most ${tolerance} s is allowed`,
    );
  }

  // 2. Sign t + "." + the raw body with your secret.
  const expected = createHmac('sha256', secret)
    .update(`${timestampText}.`, 'utf8')
    .update(typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody)
    .digest();

  // 3. Compare in constant time with every v1 signature: during a secret rotation there are two.
  let matched = false;
  for (const signature of signatures) {
    if (timingSafeEqual(signature, expected)) matched = true;
  }
  if (!matched) {
    throw new KestrelSignatureError('SIGNATURE_MISMATCH', 'no v1 signature matches this body and secret');
  }
  return {timestamp};
}
// #endregion verify
