/** Finding one page's share of the model, and a request body's schema for a validator. */
import {standaloneSchema} from './refs.ts';
import type {ApiDefinition, JsonObject, Operation, Webhook} from './types.ts';

/** The operation with this slug or operationId; an unknown one fails, naming it. */
export function findOperation(model: ApiDefinition, slugOrId: string): Operation {
  const found = model.operations.find((op) => op.slug === slugOrId || op.operationId === slugOrId);
  if (!found) throw new Error(`definition: no operation has the slug or operationId "${slugOrId}"`);
  return found;
}

/** The webhook with this slug or event type (`invoice.created`); an unknown one fails, naming it. */
export function findWebhook(model: ApiDefinition, slugOrEvent: string): Webhook {
  const found = model.webhooks.find((w) => w.slug === slugOrEvent || w.event === slugOrEvent);
  if (!found) throw new Error(`definition: no webhook has the slug or event type "${slugOrEvent}"`);
  return found;
}

/**
 * The request body's schema as one self-contained JSON Schema 2020-12 document (the schemas it
 * uses under `$defs`), for Ajv to check a body before it is sent; undefined without a body.
 */
export function requestBodySchema(model: ApiDefinition, operation: Operation): JsonObject | undefined {
  return operation.requestBody ? standaloneSchema(model.document, operation.requestBody.schemaPointer) : undefined;
}
