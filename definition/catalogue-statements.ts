/**
 * The error catalogue (`x-error-catalogue` on the ErrorCode schema) is where each code's status and
 * retry are written. Two other parts of the definition state them as a reader needs them, and get
 * them from the catalogue when the bundle is finished (problem-responses.ts runs this):
 * - a problem example states its `status` as an answer would (after `title`);
 * - each coded row of an `x-idempotency` table states the code's `status` and, as `next`, its
 *   retry; the rows are ordered by status, the 2xx row first.
 * The source writes neither: a status or a retry stated there as well is refused, naming it.
 */
import {errorCodesOf} from './error-codes.ts';
import {isObject} from './refs.ts';
import type {Json, JsonObject} from './types.ts';

const PROBLEM_TYPE = 'urn:kestrel:problem:';

/** The ErrorCode schema, where the catalogue and the status words are written. */
export function errorCodeSchema(doc: JsonObject): JsonObject {
  const schemas = isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {};
  const schema = schemas.ErrorCode;
  if (!isObject(schema)) throw new Error('definition: the definition has no ErrorCode schema');
  return schema;
}

/**
 * Each code's status and retry, as the model reads `x-error-catalogue` (error-codes.ts, which
 * refuses a retry that is not one of the four); either may be missing.
 */
export function catalogueOf(doc: JsonObject): Map<string, {status?: number; retry?: string}> {
  return new Map(errorCodesOf(doc, []).map(({code, status, retry}) => [code, {status, retry}]));
}

type Catalogue = ReturnType<typeof catalogueOf>;
type Entry = {status: number; retry: string};

function entryOf(catalogue: Catalogue, code: string, where: string): Entry {
  const entry = catalogue.get(code);
  if (entry?.status === undefined || entry.retry === undefined)
    throw new Error(`definition: ${where} names ${code}, which has no status and retry in x-error-catalogue`);
  return {status: entry.status, retry: entry.retry};
}

function stateExampleStatuses(doc: JsonObject, catalogue: Catalogue) {
  const examples = isObject(doc.components) && isObject(doc.components.examples) ? doc.components.examples : {};
  for (const [name, example] of Object.entries(examples)) {
    const value = isObject(example) ? example.value : undefined;
    if (!isObject(value) || typeof value.code !== 'string' || !String(value.type ?? '').startsWith(PROBLEM_TYPE))
      continue;
    const where = `#/components/examples/${name}`;
    if ('status' in value)
      throw new Error(`definition: ${where} states its status; x-error-catalogue gives it (remove it)`);
    const {status} = entryOf(catalogue, value.code, where);
    const entries = Object.entries(value);
    const at = entries.findIndex(([key]) => key === 'title') + 1;
    (example as JsonObject).value = Object.fromEntries([
      ...entries.slice(0, at),
      ['status', status],
      ...entries.slice(at),
    ]);
  }
}

const rank = (status: Json | undefined) => (status === '2xx' ? 200 : Number(status));

function stateIdempotencyOutcomes(doc: JsonObject, catalogue: Catalogue) {
  const parameters = isObject(doc.components) && isObject(doc.components.parameters) ? doc.components.parameters : {};
  for (const [name, parameter] of Object.entries(parameters)) {
    const table = isObject(parameter) ? parameter['x-idempotency'] : undefined;
    if (!isObject(table) || !Array.isArray(table.outcomes)) continue;
    const rows = table.outcomes.map((row, i) => {
      if (!isObject(row) || typeof row.code !== 'string') return row;
      const where = `#/components/parameters/${name}/x-idempotency/outcomes/${i}`;
      if ('status' in row || 'next' in row)
        throw new Error(`definition: ${where} states a status or next; x-error-catalogue gives them (remove them)`);
      const {status, retry} = entryOf(catalogue, row.code, where);
      const {code, ...rest} = row;
      return {status, code, ...rest, next: retry};
    });
    table.outcomes = rows
      .map((row, i) => ({row, i}))
      .sort((a, b) => rank(isObject(a.row) ? a.row.status : 0) - rank(isObject(b.row) ? b.row.status : 0) || a.i - b.i)
      .map(({row}) => row);
  }
}

/** States, in `doc` (a bundle being finished), each code's status and retry where the definition states them. */
export function stateFromCatalogue(doc: JsonObject, catalogue: Catalogue = catalogueOf(doc)) {
  stateExampleStatuses(doc, catalogue);
  stateIdempotencyOutcomes(doc, catalogue);
}
