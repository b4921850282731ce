/**
 * The words a developer types to find an API operation by what it defines, read from the bundled
 * definition (static/openapi.json) at build time: parameter names, request and response body
 * fields with their parent path (`amount.currency`), enum values, the error codes the operation's
 * examples answer with, and request and response header names.
 *
 * Why the definition and not the page: the search indexes built HTML, and what an operation page's
 * HTML holds depends on how the API theme renders it (today its parameters and schemas are drawn
 * in the browser only). The definition says the same thing whatever the rendering, so these words
 * reach the index as the operation's tags (packages/kestrel-search/indexing/search-index-view.ts), and the index of an
 * operation stays the same size and shape when its page later shows more.
 *
 * Which words: each identifier written together, lowercase, as one index word (`expiresinseconds`,
 * `amountcurrency`, `kestrelsignature`, `invoicenotcancellable`), and a field's or parameter's own
 * name (`currency`), each with the identifier mark in front (`_currency`). The query side
 * (config/search-query-compounds.ts) searches a one-word query with the mark too, and a query's
 * adjacent words written together, so `expiresInSeconds`, `expiresIn` (a prefix), `expires in
 * seconds`, `amount.currency` and `Kestrel-Signature` all reach these words. Unmarked, or split
 * into their words (`expires`, `signature`, `invoice`), they outweighed the guides on prose
 * queries: all eight webhook pages, whose header is `Kestrel-Signature`, outranked the signature
 * guide for "verify webhook signature", and `invoice*` reached every `invoiceId`.
 */
import kebabCase from 'lodash/kebabCase';
import {TOKENIZER_SEPARATOR} from '../search-options';
import {IDENTIFIER_MARK} from '../../../config/search-query-compounds';

type Json = Record<string, unknown>;
type Schema = Json & {
  $ref?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  additionalProperties?: Schema | boolean;
  enum?: unknown[];
  const?: unknown;
  readOnly?: boolean;
  writeOnly?: boolean;
};
type Parameter = {name: string; in: string; schema?: Schema; $ref?: string};
type MediaType = {schema?: Schema; example?: unknown; examples?: Record<string, {value?: unknown; $ref?: string}>};
type Response = {$ref?: string; headers?: Record<string, unknown>; content?: Record<string, MediaType>};
type Operation = {
  operationId?: string;
  summary?: string;
  parameters?: Parameter[];
  requestBody?: {$ref?: string; content?: Record<string, MediaType>};
  responses?: Record<string, Response>;
};
export type Definition = {
  paths?: Record<string, Record<string, unknown>>;
  webhooks?: Record<string, Record<string, unknown>>;
} & Json;

/** What one operation (or webhook) defines, as the search indexes it. */
export type OperationTerms = {
  /** The route of its page: the API plugin names a page by the kebab-case operationId. */
  route: string;
  /** `GET /invoices`, or `webhook invoice.created`: for messages. */
  name: string;
  /** Query parameter names, as written. */
  queryParameters: string[];
  /** Request body fields by their path from the body (`amount.currency`), writable ones only. */
  requestFields: string[];
  /** Parameter names and request and response fields by path, as written. */
  names: string[];
  /** Header names, enum values and error codes, as written. */
  values: string[];
  /** All of `names` and `values`. */
  identifiers: string[];
};

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** Follows a local `#/components/...` reference; anything else is an error naming it. */
function resolver(definition: Definition) {
  return function resolve<T>(node: T): T {
    let current = node as T & {$ref?: string};
    for (let hops = 0; current && typeof current === 'object' && typeof current.$ref === 'string'; hops++) {
      const ref = current.$ref;
      if (!ref.startsWith('#/') || hops > 20)
        throw new Error(`search-api-terms: cannot follow $ref "${ref}" in the API definition`);
      let target: unknown = definition;
      for (const part of ref.slice(2).split('/')) {
        target = (target as Json | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
      }
      if (target === undefined) throw new Error(`search-api-terms: $ref "${ref}" names nothing in the API definition`);
      current = target as T & {$ref?: string};
    }
    return current;
  };
}

/**
 * The fields of a schema by path, and its enum values. `skip` leaves out readOnly fields of a
 * request or writeOnly fields of a response. Array items keep their array's path; the branches of
 * allOf, oneOf and anyOf add to the same path.
 */
function walkSchema(
  resolve: ReturnType<typeof resolver>,
  schema: Schema | undefined,
  skip: 'readOnly' | 'writeOnly',
  out: {fields: string[]; values: string[]},
  prefix = '',
  seen: Set<Schema> = new Set(),
): void {
  if (!schema || typeof schema !== 'object') return;
  const s = resolve(schema);
  // A schema under itself (a tree of replies, say) is not walked again below itself.
  if (seen.has(s)) return;
  const inner = new Set(seen).add(s);
  for (const value of [...(s.enum ?? []), ...(s.const !== undefined ? [s.const] : [])]) {
    if (typeof value === 'string' || typeof value === 'number') out.values.push(String(value));
  }
  for (const [name, property] of Object.entries(s.properties ?? {})) {
    const resolved = resolve(property);
    if (resolved?.[skip]) continue;
    const path = prefix ? `${prefix}.${name}` : name;
    out.fields.push(path);
    walkSchema(resolve, resolved, skip, out, path, inner);
  }
  for (const branch of [...(s.allOf ?? []), ...(s.oneOf ?? []), ...(s.anyOf ?? [])])
    walkSchema(resolve, branch, skip, out, prefix, inner);
  if (s.items) walkSchema(resolve, s.items, skip, out, prefix, inner);
  if (s.additionalProperties && typeof s.additionalProperties === 'object')
    walkSchema(resolve, s.additionalProperties, skip, out, prefix, inner);
}

/** The `code` of each error example of a response (problem details answer with one). */
function exampleCodes(resolve: ReturnType<typeof resolver>, media: MediaType): string[] {
  const values = [media.example, ...Object.values(media.examples ?? {}).map((e) => resolve(e)?.value)];
  return values.flatMap((v) =>
    v && typeof v === 'object' && typeof (v as Json).code === 'string' ? [(v as Json).code as string] : [],
  );
}

function termsOf(
  resolve: ReturnType<typeof resolver>,
  operation: Operation,
  shared: Parameter[],
  name: string,
): OperationTerms {
  const id = operation.operationId ?? operation.summary;
  if (!id)
    throw new Error(`search-api-terms: ${name} has neither operationId nor summary, so its page route is unknown`);
  const names: string[] = [];
  const values: string[] = [];
  const queryParameters: string[] = [];
  // Operation parameters override path-level ones of the same name and location.
  const parameters = new Map<string, Parameter>();
  for (const p of [...shared, ...(operation.parameters ?? [])].map((p) => resolve(p)))
    parameters.set(`${p.in}:${p.name}`, p);
  for (const p of parameters.values()) {
    (p.in === 'header' ? values : names).push(p.name);
    if (p.in === 'query') queryParameters.push(p.name);
    const out = {fields: [], values: []} as {fields: string[]; values: string[]};
    walkSchema(resolve, p.schema, 'readOnly', out);
    values.push(...out.values);
  }
  const request = {fields: [], values: []} as {fields: string[]; values: string[]};
  for (const media of Object.values(resolve(operation.requestBody)?.content ?? {}))
    walkSchema(resolve, media.schema, 'readOnly', request);
  names.push(...request.fields);
  values.push(...request.values);
  for (const [status, raw] of Object.entries(operation.responses ?? {})) {
    const response = resolve(raw);
    values.push(...Object.keys(response.headers ?? {}));
    for (const media of Object.values(response.content ?? {})) {
      if (/^2/.test(status)) {
        const out = {fields: [], values: []} as {fields: string[]; values: string[]};
        walkSchema(resolve, media.schema, 'writeOnly', out);
        names.push(...out.fields);
        values.push(...out.values);
      } else {
        // An error body is the same problem schema everywhere: its examples' codes are what this
        // operation documents.
        values.push(...exampleCodes(resolve, media));
      }
    }
  }
  const unique = (list: string[]) => [...new Set(list)];
  return {
    route: `/api/${kebabCase(id)}`,
    name,
    queryParameters: unique(queryParameters),
    requestFields: unique(request.fields),
    names: unique(names),
    values: unique(values),
    identifiers: unique([...names, ...values]),
  };
}

/** The terms of every operation and webhook of the definition, one entry per page. */
export function apiTerms(definition: Definition): OperationTerms[] {
  if (!definition || typeof definition !== 'object' || typeof definition.paths !== 'object') {
    throw new Error('search-api-terms: the API definition has no "paths" object');
  }
  const resolve = resolver(definition);
  const terms: OperationTerms[] = [];
  for (const [group, entries, label] of [
    ['paths', definition.paths ?? {}, (method: string, key: string) => `${method.toUpperCase()} ${key}`],
    ['webhooks', definition.webhooks ?? {}, (_method: string, key: string) => `webhook ${key}`],
  ] as const) {
    for (const [key, rawItem] of Object.entries(entries)) {
      const item = resolve(rawItem) as Record<string, unknown> & {parameters?: Parameter[]};
      if (!item || typeof item !== 'object')
        throw new Error(`search-api-terms: ${group} entry "${key}" is not an object`);
      for (const [method, operation] of Object.entries(item)) {
        if (!METHODS.has(method)) continue;
        terms.push(termsOf(resolve, operation as Operation, item.parameters ?? [], label(method, key)));
      }
    }
  }
  return terms;
}

/** An identifier written together, lowercase, as the index holds it: `amount.currency` -> `amountcurrency`. */
export function joinedWord(identifier: string): string {
  return identifier.toLowerCase().split(TOKENIZER_SEPARATOR).join('');
}

/**
 * How many times each identifier is a tag of its page. lunr weighs a word by how often a field
 * holds it; once, a field or parameter name (`$orderby`, `sourceCurrency`) lost to the guides that
 * quote it in their code, and only 88 % of the definition's request fields and query parameters
 * found an operation that defines them in the first three results; twice, all of them, with the
 * relevance of prose queries unchanged (tests/after-build/search-fields.test.ts and
 * search-relevance.test.ts print both).
 */
export const IDENTIFIER_TAG_REPEATS = 2;

/**
 * The index words of an operation, marked (config/search-query-compounds.ts), IDENTIFIER_TAG_REPEATS
 * times each: every name and value written together, and each name's last segment (the field's own
 * name, `currency` of `amount.currency`).
 */
export function indexWords(terms: Pick<OperationTerms, 'names' | 'values'>): string[] {
  const words = new Set<string>();
  for (const identifier of [...terms.names, ...terms.values]) words.add(joinedWord(identifier));
  for (const name of terms.names) words.add(joinedWord(name.slice(name.lastIndexOf('.') + 1)));
  words.delete('');
  const marked = [...words].map((w) => IDENTIFIER_MARK + w);
  return Array.from({length: IDENTIFIER_TAG_REPEATS}, () => marked).flat();
}
