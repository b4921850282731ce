/**
 * The API terms of each operation and webhook page, read from the bundled definition through the
 * definition model, for the search index: the search theme is given them by its `apiTerms` option
 * (docusaurus.config.ts) and turns them into index words (packages/kestrel-search/indexing/
 * search-api-terms.ts says which words and why). The search package itself knows no definition.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {
  buildDefinition,
  flattenFields,
  type Body,
  type Field,
  type JsonObject,
  type Parameter,
  type Response,
} from '../../definition/index.ts';
import type {OperationTerms} from '../../packages/kestrel-search/indexing/search-api-terms.ts';

/** The bundled definition as parsed JSON: the model (definition/) reads it. */
export type Definition = JsonObject;

/**
 * A field's path as the index words write it: the model marks array items (`items[].id`) and map
 * values (`balances.*`); a developer types `items.id`, so the marks go.
 */
const searchPath = (field: Field) =>
  field.path
    .replace(/\[\]/g, '')
    .replace(/(^|\.)\*(?=\.|$)/g, '')
    .replace(/^\.|\.$/g, '');

/** The enum and const values of a field tree, at every depth. */
function enumValues(root: Field): string[] {
  return [root, ...flattenFields(root)].flatMap((field) =>
    [...(field.enum ?? []), ...(field.const !== undefined ? [field.const] : []), ...(field.items?.enum ?? [])]
      .filter((value) => typeof value === 'string' || typeof value === 'number')
      .map(String),
  );
}

/** The field paths of a body (a map's values add no name of their own) and its enum values. */
function bodyTerms(body: Body | undefined): {fields: string[]; values: string[]} {
  if (!body) return {fields: [], values: []};
  const fields = flattenFields(body.schema)
    .map(searchPath)
    .filter((path, i, all) => path !== '' && all.indexOf(path) === i);
  return {fields, values: enumValues(body.schema)};
}

/** The `code` of each example of an error body: the codes this operation documents sending. */
function exampleCodes(body: Body | undefined): string[] {
  return (body?.examples ?? []).flatMap(({value}) =>
    value && typeof value === 'object' && !Array.isArray(value) && typeof value.code === 'string' ? [value.code] : [],
  );
}

/**
 * Headers left out of the operations' words: the guide's Idempotency section (on `/`) explains
 * both, and the operations would bury it. `Idempotent-Replayed` marks a replay on all 16
 * operations that take an `Idempotency-Key`; its word `_idempotentreplayed` shares the prefix of
 * `_idempotencykey`, so with it those 16 pages matched "idempotency" twice, and all eight results
 * were operation pages. `Idempotency-Key` itself: with guides and API pages on one score scale
 * (../engine/ranking.ts), its word is rare across the site, and the 16 operations again took the
 * eight results for "idempot" and the first three for "idempotency key"
 * (tests/after-build/search-relevance.test.ts, search-index.test.ts).
 */
const UNINDEXED_HEADERS = new Set(['Idempotent-Replayed', 'Idempotency-Key']);

/**
 * The words of one page: its parameters (headers as values), its request body (a webhook's
 * payload), the headers of its answers, the fields of its success answers and the problem codes
 * of its error answers. The problem schema is every error's: its enum would give every operation
 * every code, so an error answer gives the codes of its own examples only.
 */
function termsOf(
  slug: string,
  name: string,
  parameters: Parameter[],
  request: Body | undefined,
  responses: Response[],
): OperationTerms {
  const names: string[] = [];
  const values: string[] = [];
  for (const p of parameters) {
    if (p.in === 'header' && UNINDEXED_HEADERS.has(p.name)) continue;
    (p.in === 'header' ? values : names).push(p.name);
    values.push(...enumValues(p.schema));
  }
  const requestTerms = bodyTerms(request);
  names.push(...requestTerms.fields);
  values.push(...requestTerms.values);
  const responseFields: string[] = [];
  for (const response of responses) {
    values.push(...response.headers.filter((h) => !UNINDEXED_HEADERS.has(h.name)).map((h) => h.name));
    if (/^2/.test(response.status)) {
      const out = bodyTerms(response.body);
      responseFields.push(...out.fields);
      names.push(...out.fields);
      values.push(...out.values);
    } else {
      values.push(...exampleCodes(response.body));
    }
  }
  const unique = (list: string[]) => [...new Set(list)];
  return {
    route: `/api/${slug}`,
    name,
    queryParameters: unique(parameters.filter((p) => p.in === 'query').map((p) => p.name)),
    requestFields: requestTerms.fields,
    responseFields: unique(responseFields),
    names: unique(names),
    values: unique(values),
    identifiers: unique([...names, ...values]),
  };
}

/** The terms of every operation and webhook of the definition, one entry per page. */
export function apiTerms(definition: Definition): OperationTerms[] {
  const model = buildDefinition(definition);
  return [
    ...model.operations.map((op) =>
      termsOf(
        op.slug,
        `${op.method} ${op.path}`,
        [...op.parameters.path, ...op.parameters.query, ...op.parameters.header],
        op.requestBody,
        op.responses,
      ),
    ),
    ...model.webhooks.map((hook) =>
      termsOf(hook.slug, `webhook ${hook.event}`, hook.headers, hook.payload, hook.responses),
    ),
  ];
}

/** The terms of the site's bundled definition (static/openapi.json, which gen-api writes). */
export function bundledApiTerms(siteDir: string): OperationTerms[] {
  const file = path.join(siteDir, 'static', 'openapi.json');
  if (!existsSync(file))
    throw new Error(`search: ${file} is missing; run \`npm run gen-api\` (the build does) before indexing`);
  return apiTerms(JSON.parse(readFileSync(file, 'utf8')) as Definition);
}
