/**
 * The signature check a receiver uses when the caller brings none: the definition's own scheme
 * (`x-webhook-signature`), recomputed for the delivery's `t` and compared with each `v1`.
 */
import {timingSafeEqual} from 'node:crypto';
import {readDefinition, signWebhook, webhookSignatureOf, type WebhookSignature} from '../definition/index.ts';
import type {Verify} from './receiver.ts';

let scheme: WebhookSignature | undefined;

export const definitionVerify: Verify = (rawBody, header, secret) => {
  scheme ??= webhookSignatureOf(readDefinition());
  const items = header.split(',').map((item) => item.trim().split('='));
  const t = items.find(([k]) => k === scheme!.timestampKey)?.[1];
  if (!t || !/^\d+$/.test(t)) return false;
  const expected = signWebhook(scheme, secret, Number(t), rawBody).split(',')[1]!.split('=')[1]!;
  return items
    .filter(([k, v]) => k === scheme!.signatureKey && v?.length === expected.length)
    .some(([, v]) => timingSafeEqual(Buffer.from(v!, 'hex'), Buffer.from(expected, 'hex')));
};
