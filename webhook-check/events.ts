/**
 * The events the check delivers: shaped like the definition's event example, each with a fresh id
 * and a fresh invoice, and signed as Kestrel signs them (definition/webhook-signature.ts).
 */
import {randomUUID} from 'node:crypto';
import {signWebhook} from '../definition/index.ts';
import type {JsonObject} from '../sandbox/api-data.ts';
import type {KestrelRules} from './rules.ts';

/** What a `*.updated` event of a status change lists in `data.changes`. */
const STATUS_CHANGES = ['status', 'updated'];

export interface CheckEvent {
  id: string;
  invoiceId: string;
  /** The delivery body: the exact bytes that are signed and sent. */
  raw: string;
}

export interface EventOptions {
  eventType?: string;
  /** When the change happened; now by default. */
  createdMs?: number;
  /** The invoice it names; a new one by default. */
  invoiceId?: string;
}

/** An `invoice.updated` (or `eventType`) event with a new id. */
export function newEvent(
  rules: KestrelRules,
  {eventType = 'invoice.updated', createdMs = Date.now(), invoiceId = randomUUID()}: EventOptions = {},
): CheckEvent {
  const id = randomUUID();
  const data = rules.eventExample.data as JsonObject | undefined;
  const event = {
    ...rules.eventExample,
    id,
    eventType,
    data: {...data, entityId: invoiceId, changes: STATUS_CHANGES},
    // `created` is RFC 3339 in whole seconds, as Kestrel writes it.
    created: new Date(createdMs).toISOString().replace(/\.\d+Z$/, 'Z'),
    deliverySuccess: false,
  };
  return {id, invoiceId, raw: JSON.stringify(event)};
}

/** The signature header value for `raw`, signed with `secret` at `timestamp` (unix seconds). */
export const sign = (rules: KestrelRules, secret: string, timestamp: number, raw: string): string =>
  signWebhook(rules.signature, secret, timestamp, raw);

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
