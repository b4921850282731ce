/**
 * `x-filterable` on a list operation: the fields of each item that its `$filter` compares and its
 * `$orderby` sorts on, the lists inside each item that `$filter` reaches with `any`, and filters
 * that work. The one statement of them: the sandbox refuses a filter on any other field, and the
 * operation's page lists them.
 */
import {flattenFields} from './fields.ts';
import {isObject} from './refs.ts';
import type {Json, ListFilter, Operation} from './types.ts';

function fail(at: string, what: string): never {
  throw new Error(`definition: ${at} ${what}`);
}

/** A non-empty list of OData field paths (`amount/currency`). */
function fieldsOf(value: Json | undefined, at: string): string[] {
  if (!Array.isArray(value) || value.length === 0) fail(at, 'is not a non-empty list of field names');
  return value.map((field, i) => {
    if (typeof field !== 'string' || !/^[A-Za-z_]\w*(?:\/[A-Za-z_]\w*)*$/.test(field))
      fail(`${at}/${i}`, `is ${JSON.stringify(field)}, not a field path such as "amount/currency"`);
    return field;
  });
}

/** The operation's `x-filterable`, read and checked; undefined when it has none. */
export function filterableOf(raw: Json | undefined, at: string): ListFilter | undefined {
  if (raw === undefined) return undefined;
  if (!isObject(raw)) fail(at, 'is not an object');
  const known = new Set(['fields', 'any', 'examples']);
  for (const key of Object.keys(raw)) if (!known.has(key)) fail(`${at}/${key}`, 'is not a field of x-filterable');
  const any = raw.any ?? {};
  if (!isObject(any)) fail(`${at}/any`, 'is not an object of lists, such as {deliveries: [status]}');
  const examples = raw.examples ?? [];
  if (!Array.isArray(examples)) fail(`${at}/examples`, 'is not a list');
  return {
    fields: fieldsOf(raw.fields, `${at}/fields`),
    any: Object.entries(any).map(([collection, fields]) => ({
      collection,
      fields: fieldsOf(fields, `${at}/any/${collection}`),
    })),
    examples: examples.map((example, i) => {
      if (!isObject(example) || typeof example.filter !== 'string')
        fail(`${at}/examples/${i}`, 'is not an object with a "filter" string');
      if (example.finds !== undefined && typeof example.finds !== 'string')
        fail(`${at}/examples/${i}/finds`, 'is not a string');
      return example.finds === undefined ? {filter: example.filter} : {filter: example.filter, finds: example.finds};
    }),
  };
}

/**
 * A list operation (one that takes `$filter`) must declare what it filters on, and only a list
 * operation may: a filter rule stated nowhere, or stated where no filter is taken, is a defect.
 */
export function checkFilterable(operation: Operation): void {
  const takesFilter = operation.parameters.query.some((p) => p.name === '$filter');
  if (takesFilter && !operation.filterable)
    fail(operation.pointer, 'takes $filter but declares no x-filterable: list the fields it filters and sorts on');
  if (!takesFilter && operation.filterable)
    fail(`${operation.pointer}/x-filterable`, 'is declared, but the operation takes no $filter');
  checkFilterableFields(operation);
}

/**
 * Every declared field is a field of the list's items (`amount/currency` is `items[].amount.currency`
 * of the success answer), so the page never offers a filter the API cannot apply.
 */
export function checkFilterableFields(operation: Operation): void {
  const filterable = operation.filterable;
  if (!filterable) return;
  const page = operation.responses.find((r) => r.status.startsWith('2'))?.body?.schema;
  const paths = new Set(page ? flattenFields(page).map((f) => f.path) : []);
  const check = (field: string, at: string) => {
    if (!paths.has(`items[].${field.replace(/\//g, '.')}`))
      fail(at, `names "${field}", which the items of ${operation.operationId}'s answer do not have`);
  };
  filterable.fields.forEach((field, i) => check(field, `${operation.pointer}/x-filterable/fields/${i}`));
  for (const {collection, fields} of filterable.any) {
    fields.forEach((field, i) =>
      check(`${collection}[]/${field}`, `${operation.pointer}/x-filterable/any/${collection}/${i}`),
    );
  }
}
