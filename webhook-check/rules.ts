/**
 * What the check knows about Kestrel, all read from the bundled definition (as the sandbox reads
 * it), so a change there changes the check: the signature scheme and its tolerance, the delivery
 * timeout and attempts, the event types, a delivery's body and the invoice an event names.
 */
import {readDefinition, webhookSignatureOf, type WebhookDelivery, type WebhookSignature} from '../definition/index.ts';
import {Definition} from '../sandbox/definition.ts';
import type {JsonObject} from '../sandbox/api-data.ts';
import {isObject} from '../definition/index.ts';

export interface KestrelRules {
  signature: WebhookSignature;
  delivery: WebhookDelivery;
  /** Every event type Kestrel sends. */
  eventTypes: string[];
  /** A delivery body as the definition's event example has it, without `deliveries`. */
  eventExample: JsonObject;
  /** The invoice the API answers, as the definition's example has it. */
  invoiceExample: JsonObject;
  /** The API's base path, such as `/v1`. */
  apiBasePath: string;
  /** Where under it one invoice is read, such as `/invoices/{invoiceId}`. */
  invoicePath: string;
}

let rules: KestrelRules | undefined;

function objectOrFail(value: unknown, what: string): JsonObject {
  if (!isObject(value)) throw new Error(`definition: ${what} is not an object`);
  return value;
}

export function kestrelRules(): KestrelRules {
  if (rules) return rules;
  const definition = new Definition(readDefinition());
  const delivery = definition.model.webhookDelivery;
  if (!delivery) throw new Error('definition: x-webhook-delivery is missing; nothing says how Kestrel delivers');
  const events = objectOrFail(definition.responseExample(definition.operation('getEvents')), 'the getEvents example');
  const {deliveries, ...eventExample} = objectOrFail(
    Array.isArray(events.items) ? events.items[0] : undefined,
    'the first event of the getEvents example',
  );
  const findInvoice = definition.operation('findInvoiceById');
  const server = definition.model.servers[0]?.url;
  if (!server) throw new Error('definition: no server URL, so no API base path');
  rules = {
    signature: webhookSignatureOf(definition.doc),
    delivery,
    eventTypes: definition.schemaEnum('EventType').map(String),
    eventExample,
    invoiceExample: objectOrFail(definition.responseExample(findInvoice), 'the findInvoiceById example'),
    apiBasePath: new URL(server).pathname.replace(/\/$/, ''),
    invoicePath: findInvoice.path,
  };
  return rules;
}
