/**
 * How Kestrel signs a webhook delivery, as the definition states it once in the root extension
 * `x-webhook-signature`: the header, the HMAC and what it covers, the item keys and the tolerance a
 * receiver allows. The sandbox signs by it (`signWebhook`) and two releases compare it, so a change
 * to the scheme is a change of the definition that the API-changes check sees. A missing or
 * malformed member fails, naming it: a delivery signed by a half-read scheme would verify nowhere.
 */
import {createHmac} from 'node:crypto';
import {isObject} from './refs.ts';
import type {JsonObject} from './types.ts';

const AT = '#/x-webhook-signature';

/** `x-webhook-signature`. */
export interface WebhookSignature {
  /** The header that carries the signature: `Kestrel-Signature`. */
  header: string;
  algorithm: 'HMAC-SHA256';
  /** How the subscription's secret becomes the HMAC key. */
  secretEncoding: 'utf-8';
  /** What is signed: `{t}` is the timestamp as the header writes it, `{body}` the raw request body. */
  signedPayload: string;
  /** The header item holding the unix seconds of signing. */
  timestampKey: string;
  /** The header item holding a signature; one per secret during a rotation. */
  signatureKey: string;
  signatureEncoding: 'hex';
  /** A receiver rejects a timestamp further than this from its clock, in seconds. */
  toleranceSeconds: number;
}

function text(rules: JsonObject, name: string, allowed?: readonly string[]): string {
  const value = rules[name];
  if (typeof value !== 'string' || value === '' || (allowed && !allowed.includes(value))) {
    const expected = allowed ? `one of ${allowed.join(', ')}` : 'a non-empty string';
    throw new Error(`definition: ${AT}/${name} is ${JSON.stringify(value)}, not ${expected}`);
  }
  return value;
}

/** The signature scheme of the bundled definition `doc`. */
export function webhookSignatureOf(doc: JsonObject): WebhookSignature {
  const rules = doc['x-webhook-signature'];
  if (!isObject(rules)) throw new Error(`definition: ${AT} is missing or not an object`);
  const signedPayload = text(rules, 'signedPayload');
  if (!signedPayload.includes('{t}') || !signedPayload.includes('{body}')) {
    throw new Error(`definition: ${AT}/signedPayload must name both {t} and {body}`);
  }
  const {toleranceSeconds} = rules;
  if (typeof toleranceSeconds !== 'number' || !(toleranceSeconds > 0)) {
    throw new Error(`definition: ${AT}/toleranceSeconds is ${JSON.stringify(toleranceSeconds)}, not a positive number`);
  }
  return {
    header: text(rules, 'header'),
    algorithm: text(rules, 'algorithm', ['HMAC-SHA256']) as 'HMAC-SHA256',
    secretEncoding: text(rules, 'secretEncoding', ['utf-8']) as 'utf-8',
    signedPayload,
    timestampKey: text(rules, 'timestampKey'),
    signatureKey: text(rules, 'signatureKey'),
    signatureEncoding: text(rules, 'signatureEncoding', ['hex']) as 'hex',
    toleranceSeconds,
  };
}

/** The header value for `rawBody` signed at `timestamp` with each secret: `t=…,v1=…[,v1=…]`. */
export function signWebhook(
  scheme: WebhookSignature,
  secrets: string | string[],
  timestamp: number,
  rawBody: string,
): string {
  const signed = scheme.signedPayload.replace('{t}', String(timestamp)).replace('{body}', () => rawBody);
  const signatures = [secrets]
    .flat()
    .map((secret) => createHmac('sha256', Buffer.from(secret, 'utf8')).update(signed, 'utf8').digest('hex'));
  return [`${scheme.timestampKey}=${timestamp}`, ...signatures.map((s) => `${scheme.signatureKey}=${s}`)].join(',');
}
