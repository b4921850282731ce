/**
 * What an operation or webhook page must show, read from the bundled definition the build serves
 * (build/openapi.json): its route, parameters, top-level request body fields, response codes and
 * code samples. Used by the browser tests that check the pages' static HTML.
 */
import {readFileSync} from 'node:fs';
import kebabCase from 'lodash/kebabCase';
import {valueAt} from '../scripts/json-pointer.mjs';

type Json = Record<string, unknown>;

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

function deref(doc: Json, node: unknown): Json {
  let current = node as Json | undefined;
  for (let hops = 0; current && typeof current.$ref === 'string'; hops++) {
    if (hops > 20) throw new Error(`api-page-contents: reference cycle at ${String(current.$ref)}`);
    const target = valueAt(doc, current.$ref) as Json | undefined;
    if (!target) throw new Error(`api-page-contents: ${String(current.$ref)} names nothing in the definition`);
    current = target;
  }
  return current ?? {};
}

/** The fields a reader sees at the top of a body schema: its properties, through allOf, oneOf, anyOf and array items. */
export function topLevelFields(doc: Json, schemaNode: unknown, seen = new Set<unknown>()): string[] {
  const schema = deref(doc, schemaNode);
  if (seen.has(schema)) return [];
  seen.add(schema);
  const fields = Object.entries((schema.properties ?? {}) as Record<string, unknown>)
    .filter(([, property]) => !deref(doc, property).readOnly)
    .map(([name]) => name);
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    for (const part of (schema[key] ?? []) as unknown[]) fields.push(...topLevelFields(doc, part, seen));
  }
  if (schema.type === 'array' && schema.items) fields.push(...topLevelFields(doc, schema.items, seen));
  return [...new Set(fields)];
}

/** A parameter's type as the page names it: a named schema by its name (BitcoinAddress), else its title or type. */
function shownType(doc: Json, schema: unknown): string | undefined {
  const ref = (schema as Json | undefined)?.$ref;
  if (typeof ref === 'string') return ref.split('/').pop();
  const resolved = deref(doc, schema);
  return (resolved.title ?? resolved.type) as string | undefined;
}

export function expectedPages(definitionFile = 'build/openapi.json'): ExpectedPage[] {
  const doc = JSON.parse(readFileSync(definitionFile, 'utf8')) as Json;
  const pages: ExpectedPage[] = [];
  for (const kind of ['operation', 'webhook'] as const) {
    const section = (doc[kind === 'operation' ? 'paths' : 'webhooks'] ?? {}) as Record<string, unknown>;
    for (const rawItem of Object.values(section)) {
      const item = deref(doc, rawItem);
      const shared = ((item.parameters ?? []) as unknown[]).map((p) => deref(doc, p));
      for (const [method, rawOperation] of Object.entries(item)) {
        if (method === 'parameters' || !rawOperation || typeof rawOperation !== 'object') continue;
        const operation = rawOperation as Json;
        if (typeof operation.operationId !== 'string') continue;
        const own = ((operation.parameters ?? []) as unknown[]).map((p) => deref(doc, p));
        const parameters = [...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in)), ...own].map(
          (p) => ({
            name: String(p.name),
            in: String(p.in),
            required: p.required === true,
            type: shownType(doc, p.schema),
          }),
        );
        const body = deref(doc, operation.requestBody);
        const content = (body.content ?? {}) as Record<string, {schema?: unknown}>;
        const bodyFields = [
          ...new Set(
            Object.values(content).flatMap((media) => (media.schema ? topLevelFields(doc, media.schema) : [])),
          ),
        ];
        const samples = (operation['x-codeSamples'] ?? []) as {source: string}[];
        pages.push({
          route: `/api/${kebabCase(operation.operationId)}`,
          kind,
          parameters,
          bodyFields,
          responseCodes: Object.keys((operation.responses ?? {}) as Json),
          sampleFirstLines: samples.map((s) => s.source.split('\n')[0]!.trim()).filter(Boolean),
        });
      }
    }
  }
  return pages;
}
