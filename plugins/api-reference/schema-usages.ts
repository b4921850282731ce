/**
 * Where a component schema shows on the reference's pages: each request body, success response and
 * webhook payload whose tree holds it, with the element id of its row (or of the response's heading
 * when the whole body is the schema). The changelog links a change to a schema to these rows.
 */
import type {ApiDefinition, Body, Field} from '../../definition/index.ts';

export interface SchemaUsage {
  slug: string;
  summary: string;
  /** The row's id on the page: `response-200.status`, or `response-200` for the whole body. */
  anchor: string;
  /** The row's field, for the enum values it lists. */
  field: Field;
}

const holds = (field: Field, schema: string) => field.schemaName === schema || field.items?.schemaName === schema;

function inBody(body: Body, prefix: string, rootAnchor: string, schema: string): {anchor: string; field: Field}[] {
  if (holds(body.schema, schema)) return [{anchor: rootAnchor, field: body.schema}];
  const found: {anchor: string; field: Field}[] = [];
  const walk = (field: Field) => {
    for (const child of [...field.children, ...(field.additionalProperties ? [field.additionalProperties] : [])]) {
      if (holds(child, schema)) found.push({anchor: `${prefix}.${child.path}`, field: child});
      else if (!child.recursive) walk(child);
    }
  };
  walk(body.schema);
  return found;
}

export function schemaUsages(model: ApiDefinition, schema: string): SchemaUsage[] {
  const usages: SchemaUsage[] = [];
  for (const operation of model.operations) {
    const here: {anchor: string; field: Field}[] = [];
    if (operation.requestBody) here.push(...inBody(operation.requestBody, 'request-body', 'request', schema));
    for (const response of operation.responses) {
      if (!response.status.startsWith('2') || !response.body) continue;
      const anchor = `response-${response.status}`;
      here.push(...inBody(response.body, anchor, anchor, schema));
    }
    usages.push(...here.map((u) => ({slug: operation.slug, summary: operation.summary, ...u})));
  }
  for (const webhook of model.webhooks) {
    if (!webhook.payload) continue;
    const here = inBody(webhook.payload, 'payload', 'delivery', schema);
    usages.push(...here.map((u) => ({slug: webhook.slug, summary: webhook.summary, ...u})));
  }
  return usages;
}
