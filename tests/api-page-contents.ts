/**
 * What an operation or webhook page must show, read from the definition model of the bundle the
 * build serves (build/openapi.json): its route, every parameter, every request and response field
 * at every depth (by the anchor of its row), every status, and every code sample. Used by the
 * browser tests that check the pages' static HTML.
 */
import {readFileSync} from 'node:fs';
// Not definition/index.ts: its loader finds the bundle with import.meta, which Playwright's
// CommonJS transform of a spec's imports cannot parse.
import {flattenFields} from '../definition/fields.ts';
import {buildDefinition} from '../definition/model.ts';
import type {Body, Field, Header, JsonObject, Parameter, Response} from '../definition/types.ts';

export type ExpectedRow = {anchor: string; name: string; required: boolean};
export type ExpectedPage = {
  route: string;
  kind: 'operation' | 'webhook';
  /** Parameters (a webhook's delivery headers), by location. */
  parameters: (ExpectedRow & {in: string})[];
  /** Every field of the request body (a webhook's payload), at every depth. */
  bodyFields: ExpectedRow[];
  /** The statuses, 2xx first, then the others, each in the definition's order. */
  responseCodes: string[];
  /** Every response header and body field, at every depth. */
  responseRows: ExpectedRow[];
  /** Each code sample's first line. */
  sampleFirstLines: string[];
};

const row = (anchor: string, field: Field): ExpectedRow => ({
  anchor,
  name: field.name === '*' ? '{key}' : field.name,
  required: field.required,
});

function bodyRows(body: Body | undefined, prefix: string): ExpectedRow[] {
  if (!body) return [];
  return flattenFields(body.schema).map((field) => row(`${prefix}.${field.path}`, field));
}

const parameterRow = (p: Parameter | Header, prefix: string) => ({
  in: prefix,
  anchor: `${prefix}.${p.name}`,
  name: p.name,
  required: p.required,
});

function responses(list: Response[]): {responseCodes: string[]; responseRows: ExpectedRow[]} {
  const ordered = [...list.filter((r) => r.status.startsWith('2')), ...list.filter((r) => !r.status.startsWith('2'))];
  return {
    responseCodes: ordered.map((r) => r.status),
    responseRows: ordered.flatMap((r) => [
      ...r.headers.map((h) => {
        const {in: _, ...header} = parameterRow(h, `response-${r.status}.headers`);
        return header;
      }),
      ...bodyRows(r.body, `response-${r.status}`),
    ]),
  };
}

/** The pages of the definition model (definition/) read from the bundled definition the build serves. */
export function expectedPages(definitionFile = 'build/openapi.json'): ExpectedPage[] {
  const model = buildDefinition(JSON.parse(readFileSync(definitionFile, 'utf8')) as JsonObject);
  return [
    ...model.operations.map((op): ExpectedPage => ({
      route: `/api/${op.slug}`,
      kind: 'operation',
      parameters: (['path', 'query', 'header'] as const).flatMap((where) =>
        op.parameters[where].map((p) => parameterRow(p, where)),
      ),
      bodyFields: bodyRows(op.requestBody, 'request-body'),
      ...responses(op.responses),
      sampleFirstLines: op.codeSamples.map((s) => s.source.split('\n')[0]!.trim()).filter(Boolean),
    })),
    ...model.webhooks.map((hook): ExpectedPage => ({
      route: `/api/${hook.slug}`,
      kind: 'webhook',
      parameters: hook.headers.map((h) => parameterRow(h, 'header')),
      bodyFields: bodyRows(hook.payload, 'payload'),
      ...responses(hook.responses),
      sampleFirstLines: [],
    })),
  ];
}
