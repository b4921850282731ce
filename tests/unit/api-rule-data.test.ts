/**
 * The rule data the API-changes check compares, as definition/ reads it: which enums are open,
 * the lifecycle rules, and the webhook signature scheme the sandbox signs by.
 */
import {describe, expect, it} from 'vitest';
import {readReleases} from '../../definition/changes/index.ts';
import {deprecationOf, lifecycleOf} from '../../definition/lifecycle.ts';
import {readDefinition} from '../../definition/load.ts';
import {isOpenEnum, openEnumsOf} from '../../definition/open-enums.ts';
import type {JsonObject} from '../../definition/types.ts';
import {signWebhook, webhookSignatureOf} from '../../definition/webhook-signature.ts';

describe('open enums', () => {
  it('are the catalogues that grow (currencies, payment networks, error codes, event types, webhook versions); no status a client switches on is open', () => {
    const doc = readDefinition();
    expect(openEnumsOf(doc).sort()).toEqual([
      'Currency',
      'ErrorCode',
      'EventType',
      'FiatCurrency',
      'PaymentNetwork',
      'WebhookVersion',
    ]);
    expect(openEnumsOf(doc).filter((name) => name.endsWith('Status'))).toEqual([]);
  });

  it('are declared with x-ms-enum modelAsString, and only that', () => {
    expect(isOpenEnum({type: 'string', enum: ['A'], 'x-ms-enum': {name: 'A', modelAsString: true}})).toBe(true);
    expect(isOpenEnum({type: 'string', enum: ['A'], 'x-ms-enum': {name: 'A', modelAsString: false}})).toBe(false);
    expect(isOpenEnum({type: 'string', enum: ['A']})).toBe(false);
  });
});

describe('lifecycle', () => {
  it('gives 180 days between a deprecation and its sunset, and 365 days for a superseded webhook version', () => {
    expect(lifecycleOf(readDefinition())).toEqual({deprecationNoticeDays: 180, webhookVersionSupportDays: 365});
  });

  it('is absent from release 1.0.0, which stated no policy', () => {
    expect(lifecycleOf(readReleases()[0]!.definition as JsonObject)).toBeUndefined();
  });

  it('fails on a malformed value, naming it', () => {
    expect(() =>
      lifecycleOf({'x-api-lifecycle': {deprecationNoticeDays: '180', webhookVersionSupportDays: 365}}),
    ).toThrow('#/x-api-lifecycle/deprecationNoticeDays is "180", not a whole number of days');
    expect(() => deprecationOf({'x-deprecation': {since: '2026-12-01', sunset: 'June'}}, '#/paths/~1a/get')).toThrow(
      '#/paths/~1a/get/x-deprecation/sunset is "June", not a date (YYYY-MM-DD)',
    );
  });
});

describe('the webhook signature scheme', () => {
  it('is HMAC-SHA256 over "{t}.{body}" in Kestrel-Signature, with a 300-second tolerance', () => {
    expect(webhookSignatureOf(readDefinition())).toMatchObject({
      header: 'Kestrel-Signature',
      algorithm: 'HMAC-SHA256',
      signedPayload: '{t}.{body}',
      timestampKey: 't',
      signatureKey: 'v1',
      toleranceSeconds: 300,
    });
  });

  it('makes the header from the data: other item keys or signed bytes give another header', () => {
    const scheme = webhookSignatureOf(readDefinition());
    const header = signWebhook(scheme, 'whsec_test', 1741944401, '{"id":1}');
    expect(header).toMatch(/^t=1741944401,v1=[0-9a-f]{64}$/);
    expect(signWebhook({...scheme, timestampKey: 'ts', signatureKey: 'v2'}, 'whsec_test', 1741944401, '{"id":1}')).toBe(
      header.replace('t=', 'ts=').replace('v1=', 'v2='),
    );
    expect(signWebhook({...scheme, signedPayload: '{t}:{body}'}, 'whsec_test', 1741944401, '{"id":1}')).not.toBe(
      header,
    );
  });

  it('fails on a missing or malformed member, naming it', () => {
    const doc = readDefinition();
    const rules = doc['x-webhook-signature'] as JsonObject;
    expect(() => webhookSignatureOf({...doc, 'x-webhook-signature': {...rules, algorithm: 'MD5'}})).toThrow(
      '#/x-webhook-signature/algorithm is "MD5", not one of HMAC-SHA256',
    );
    expect(() => webhookSignatureOf({...doc, 'x-webhook-signature': {...rules, signedPayload: '{body}'}})).toThrow(
      '#/x-webhook-signature/signedPayload must name both {t} and {body}',
    );
  });
});
