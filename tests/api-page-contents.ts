/**
 * What an operation or webhook page must show, read from the bundled definition the build serves
 * (build/openapi.json): its route, parameters, top-level request body fields, response codes and
 * code samples. Used by the browser tests that check the pages' static HTML.
 */
import {readFileSync} from 'node:fs';
// Not definition/index.ts: its loader finds the bundle with import.meta, which Playwright's
// CommonJS transform of a spec's imports cannot parse.
import {buildDefinition} from '../definition/model.ts';
import type {Field, JsonObject, Parameter} from '../definition/types.ts';

export type ExpectedParameter = {name: string; in: string; required: boolean; type?: string};
export type ExpectedPage = {
  route: string;
  kind: 'operation' | 'webhook';
  parameters: ExpectedParameter[];
  /** Top-level fields of the request body (a webhook's payload), readOnly fields left out. */
  bodyFields: string[];
  responseCodes: string[];
  /** Each code sample's first line. */
  sampleFirstLines: string[];
};

/** A parameter's type as the page names it: a named schema by its name (BitcoinAddress), else its title or type. */
function shownType(schema: Field): string | undefined {
  return schema.schemaName ?? schema.title ?? (schema.type.join(' or ') || undefined);
}

const expectedParameter = (p: Parameter): ExpectedParameter => ({
  name: p.name,
  in: p.in,
  required: p.required,
  type: shownType(p.schema),
});

/** The fields at the top of a body (an array's: its items'), readOnly fields left out. */
const topLevelFields = (body: Field | undefined) =>
  (body?.children ?? []).filter((field) => !field.readOnly).map((field) => field.name);

/** The pages of the definition model (definition/) read from the bundled definition the build serves. */
export function expectedPages(definitionFile = 'build/openapi.json'): ExpectedPage[] {
  const model = buildDefinition(JSON.parse(readFileSync(definitionFile, 'utf8')) as JsonObject);
  return [
    ...model.operations.map((op) => ({
      route: `/api/${op.slug}`,
      kind: 'operation' as const,
      parameters: [...op.parameters.path, ...op.parameters.query, ...op.parameters.header].map(expectedParameter),
      bodyFields: topLevelFields(op.requestBody?.schema),
      responseCodes: op.responses.map((r) => r.status),
      sampleFirstLines: op.codeSamples.map((s) => s.source.split('\n')[0]!.trim()).filter(Boolean),
    })),
    ...model.webhooks.map((hook) => ({
      route: `/api/${hook.slug}`,
      kind: 'webhook' as const,
      parameters: hook.headers.map(expectedParameter),
      bodyFields: topLevelFields(hook.payload?.schema),
      responseCodes: hook.responses.map((r) => r.status),
      sampleFirstLines: [],
    })),
  ];
}
