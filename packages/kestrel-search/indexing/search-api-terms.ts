/**
 * The words a developer types to find an API operation by what it defines, read from the bundled
 * definition (static/openapi.json) at build time: parameter names, request and response body
 * fields with their parent path (`amount.currency`), enum values, the error codes the operation's
 * examples answer with, and request and response header names.
 *
 * Why the definition and not the page: the page's parameter, field and response sections are left
 * out of the index (./search-index-view.ts: hundreds of generic words such as "string" and
 * "required" outranked the guides); the definition gives the names in them exactly, whatever the
 * rendering, as the operation's tags.
 *
 * Which words: each identifier written together, lowercase, as one index word (`expiresinseconds`,
 * `amountcurrency`, `kestrelsignature`, `invoicenotcancellable`), and a field's or parameter's own
 * name (`currency`), each with the identifier mark in front (`_currency`). The query side
 * (../engine/query-compounds.ts) searches a one-word query with the mark too, and a query's
 * adjacent words written together, so `expiresInSeconds`, `expiresIn` (a prefix), `expires in
 * seconds`, `amount.currency` and `Kestrel-Signature` all reach these words. Unmarked, or split
 * into their words (`expires`, `signature`, `invoice`), they outweighed the guides on prose
 * queries: all eight webhook pages, whose header is `Kestrel-Signature`, outranked the signature
 * guide for "verify webhook signature", and `invoice*` reached every `invoiceId`.
 */
import {TOKENIZER_SEPARATOR} from '../engine/analysis.ts';
import {IDENTIFIER_MARK} from '../engine/query-compounds.ts';
import {
  buildDefinition,
  flattenFields,
  type Body,
  type Field,
  type JsonObject,
  type Parameter,
  type Response,
} from '../../../definition/index.ts';

/** The bundled definition as parsed JSON: the model (definition/) reads it. */
export type Definition = JsonObject;

/** What one operation (or webhook) defines, as the search indexes it. */
export type OperationTerms = {
  /** The route of its page: `/api/{slug}`, the slug the definition model gives it. */
  route: string;
  /** `GET /invoices`, or `webhook invoice.created`: for messages. */
  name: string;
  /** Query parameter names, as written. */
  queryParameters: string[];
  /** Request body fields by their path from the body (`amount.currency`), writable ones only. */
  requestFields: string[];
  /** Success response body fields by their path from the body (`items.id`), readable ones only. */
  responseFields: string[];
  /** Parameter names and request and response fields by path, as written. */
  names: string[];
  /** Header names, enum values and error codes, as written. */
  values: string[];
  /** All of `names` and `values`. */
  identifiers: string[];
};

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
 * The index words of an operation, marked (../engine/query-compounds.ts), IDENTIFIER_TAG_REPEATS
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
