/**
 * Prints, as JSON, what each operation and webhook page must show (./api-page-contents.ts reads
 * it): run by Node, which loads the definition model as the ES modules it is.
 *
 *   node tests/api-pages-expected.ts [build/openapi.json]
 */
import {
  flattenFields,
  loadDefinition,
  type Body,
  type Field,
  type Header,
  type Parameter,
  type Response,
} from '../definition/index.ts';

import type {ExpectedPage, ExpectedRow} from './api-page-contents.ts';

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

function expectedPages(definitionFile: string): ExpectedPage[] {
  const model = loadDefinition(definitionFile);
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

process.stdout.write(JSON.stringify(expectedPages(process.argv[2] ?? 'build/openapi.json')));
