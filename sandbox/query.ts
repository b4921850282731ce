/**
 * The list options every list operation takes: `$filter` (OData comparisons `eq ne gt ge lt le`,
 * `and`, `or`, `not` and parentheses, with quoted strings and unquoted RFC 3339 times, numbers,
 * booleans and null), `$orderby` (fields with `asc` or `desc`, default `created desc`), `$skip` and
 * `$top`. The fields are the operation's `x-filterable` ones (definition/filterable.ts).
 * A list of objects inside each item (an event's `deliveries`) is filtered with OData's `any`:
 * `deliveries/any(d: d/subscriptionId eq '...' and d/status ne 'SUCCEEDED')` holds when one of
 * them matches; its fields are those `x-filterable` lists under `any`.
 * A small hand-written parser: OData libraries on npm cover far more of OData than these six
 * operators and are not maintained.
 */
import {isObject} from '../definition/index.ts';
import type {Json} from '../definition/index.ts';
import {ProblemError} from './problems.ts';

type Node =
  | {kind: 'and' | 'or'; left: Node; right: Node}
  | {kind: 'not'; operand: Node}
  | {kind: 'compare'; field: string; op: string; value: Json}
  | {kind: 'any'; collection: string; inner: Node};

const COMPARISONS = new Set(['eq', 'ne', 'gt', 'ge', 'lt', 'le']);
const TOKEN =
  /\s*(?:(\()|(\))|'((?:[^']|'')*)'|(\d{4}-\d{2}-\d{2}T[0-9:.]+(?:Z|[+-]\d{2}:\d{2}))|(-?\d+(?:\.\d+)?)(?![\w/-])|([A-Za-z_$][\w/]*)|(:))/y;

type Token = {type: 'open' | 'close' | 'string' | 'time' | 'number' | 'word' | 'colon'; text: string};

const invalid = (detail: string) => new ProblemError('INVALID_QUERY_OPTION', detail);

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  while (at < text.length) {
    if (/^\s*$/.test(text.slice(at))) break;
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(text);
    if (!m) throw invalid(`$filter does not parse at character ${at + 1}: "${text.slice(at, at + 20)}".`);
    at = TOKEN.lastIndex;
    if (m[1]) tokens.push({type: 'open', text: '('});
    else if (m[2]) tokens.push({type: 'close', text: ')'});
    else if (m[3] !== undefined) tokens.push({type: 'string', text: m[3].replace(/''/g, "'")});
    else if (m[4]) tokens.push({type: 'time', text: m[4]});
    else if (m[5]) tokens.push({type: 'number', text: m[5]});
    else if (m[7]) tokens.push({type: 'colon', text: ':'});
    else tokens.push({type: 'word', text: m[6]!});
  }
  return tokens;
}

/**
 * `fields` can be compared; `anyFields` (`deliveries/status`) only inside `deliveries/any(d: ...)`,
 * where `d/status` names the element's `status`.
 */
export function parseFilter(text: string, fields: string[], anyFields: string[] = []): Node {
  const tokens = tokenize(text);
  let i = 0;
  /** Inside `any`: its variable and collection, so `d/status` is checked as `deliveries/status`. */
  let lambda: {variable: string; collection: string} | undefined;
  const peekWord = (w: string) => tokens[i]?.type === 'word' && tokens[i]!.text === w;
  const or = (): Node => {
    let left = and();
    while (peekWord('or')) {
      i++;
      left = {kind: 'or', left, right: and()};
    }
    return left;
  };
  const and = (): Node => {
    let left = not();
    while (peekWord('and')) {
      i++;
      left = {kind: 'and', left, right: not()};
    }
    return left;
  };
  const not = (): Node => {
    if (peekWord('not')) {
      i++;
      return {kind: 'not', operand: not()};
    }
    return primary();
  };
  const primary = (): Node => {
    const t = tokens[i];
    if (!t) throw invalid('$filter ends where a comparison was expected.');
    if (t.type === 'open') {
      i++;
      const inner = or();
      if (tokens[i]?.type !== 'close') throw invalid('$filter has a "(" without its ")".');
      i++;
      return inner;
    }
    if (t.type !== 'word') throw invalid(`$filter expected a field name, got "${t.text}".`);
    const collection = /^(.+)\/any$/.exec(t.text)?.[1];
    if (collection !== undefined) return any(collection);
    if (lambda) {
      const [variable, ...rest] = t.text.split('/');
      const field = `${lambda.collection}/${rest.join('/')}`;
      if (variable !== lambda.variable || !anyFields.includes(field)) {
        const allowed = anyFields.filter((f) => f.startsWith(`${lambda!.collection}/`));
        throw invalid(
          `$filter names "${t.text}" inside ${lambda.collection}/any, which cannot filter on it. Use one of: ${allowed.map((f) => f.replace(/^[^/]+/, lambda!.variable)).join(', ')}.`,
        );
      }
      return comparison(t.text, rest.join('/'));
    }
    if (!fields.includes(t.text)) {
      throw invalid(
        `$filter names the field "${t.text}", which this list cannot filter on. Use one of: ${fields.join(', ')}.`,
      );
    }
    return comparison(t.text, t.text);
  };
  /** `field op value` at tokens[i], as written (`written`) and as read from the item (`field`). */
  const comparison = (written: string, field: string): Node => {
    const op = tokens[i + 1];
    if (op?.type !== 'word' || !COMPARISONS.has(op.text))
      throw invalid(`$filter expected eq, ne, gt, ge, lt or le after "${written}".`);
    const v = tokens[i + 2];
    if (!v || v.type === 'open' || v.type === 'close' || v.type === 'colon')
      throw invalid(`$filter expected a value after "${written} ${op.text}".`);
    i += 3;
    let value: Json;
    if (v.type === 'string' || v.type === 'time') value = v.text;
    else if (v.type === 'number') value = Number(v.text);
    else if (v.text === 'true' || v.text === 'false') value = v.text === 'true';
    else if (v.text === 'null') value = null;
    else throw invalid(`$filter value "${v.text}" is not a quoted string, time, number, boolean or null.`);
    return {kind: 'compare', field, op: op.text, value};
  };
  /** `collection/any(v: expression)`, at tokens[i]. */
  const any = (collection: string): Node => {
    if (lambda) throw invalid('$filter cannot nest any inside any.');
    if (!anyFields.some((f) => f.startsWith(`${collection}/`)))
      throw invalid(`$filter names "${collection}/any", but this list cannot filter on ${collection} with any.`);
    const variable = tokens[i + 2];
    if (
      tokens[i + 1]?.type !== 'open' ||
      variable?.type !== 'word' ||
      variable.text.includes('/') ||
      tokens[i + 3]?.type !== 'colon'
    )
      throw invalid(`$filter expected "${collection}/any(d: ...)", a variable and a colon after "${collection}/any(".`);
    i += 4;
    lambda = {variable: variable.text, collection};
    const inner = or();
    lambda = undefined;
    if (tokens[i]?.type !== 'close') throw invalid(`$filter has a "${collection}/any(" without its ")".`);
    i++;
    return {kind: 'any', collection, inner};
  };
  const tree = or();
  if (i < tokens.length) throw invalid(`$filter has unexpected text after the expression: "${tokens[i]!.text}".`);
  return tree;
}

const fieldValue = (item: Json, field: string): Json | undefined =>
  field.split('/').reduce<Json | undefined>((v, k) => (isObject(v) ? v[k] : undefined), item);

const isTime = (v: Json | undefined): v is string =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v));

function compare(a: Json | undefined, b: Json | undefined): number | undefined {
  if (a === null || a === undefined || b === null) return a === b || (a === undefined && b === null) ? 0 : undefined;
  if (isTime(a) && isTime(b)) return Date.parse(a) - Date.parse(b);
  if (typeof b === 'number') {
    const n = Number(a);
    return Number.isNaN(n) ? undefined : n - b;
  }
  if (typeof a === 'boolean' || typeof b === 'boolean') return a === b ? 0 : undefined;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

export function matches(node: Node, item: Json): boolean {
  switch (node.kind) {
    case 'and':
      return matches(node.left, item) && matches(node.right, item);
    case 'or':
      return matches(node.left, item) || matches(node.right, item);
    case 'not':
      return !matches(node.operand, item);
    case 'any': {
      const elements = fieldValue(item, node.collection);
      return Array.isArray(elements) && elements.some((element) => matches(node.inner, element));
    }
    case 'compare': {
      const c = compare(fieldValue(item, node.field), node.value);
      if (node.op === 'ne') return c !== 0;
      if (c === undefined) return false;
      return {eq: c === 0, gt: c > 0, ge: c >= 0, lt: c < 0, le: c <= 0}[node.op as 'eq']!;
    }
  }
}

export interface ListOptions {
  $filter?: string;
  $orderby?: string;
  $skip?: number;
  $top?: number;
}

/** Applies the list options to `items` (oldest first) and answers `{items, count}`. */
export function listPage<Item extends Json>(
  items: Item[],
  options: ListOptions,
  fields: string[],
  anyFields: string[] = [],
): {items: Item[]; count: number} {
  const filter = options.$filter ? parseFilter(options.$filter, fields, anyFields) : undefined;
  const order = (options.$orderby ?? 'created desc').split(',').map((part) => {
    const [field = '', direction = 'asc', extra] = part.trim().split(/\s+/);
    if (!fields.includes(field) || !['asc', 'desc'].includes(direction) || extra !== undefined) {
      throw new ProblemError(
        'INVALID_QUERY_OPTION',
        `$orderby "${part.trim()}" is not a field of this list followed by asc or desc. Fields: ${fields.join(', ')}.`,
      );
    }
    return {field, sign: direction === 'desc' ? -1 : 1};
  });
  // Index as tie-breaker: objects created in the same second keep their creation order.
  const indexed = items.map((item, index) => ({item, index})).filter(({item}) => !filter || matches(filter, item));
  indexed.sort((a, b) => {
    for (const {field, sign} of order) {
      const c = compare(fieldValue(a.item, field), fieldValue(b.item, field)) ?? 0;
      if (c !== 0) return sign * c;
    }
    return order[0]!.sign * (a.index - b.index);
  });
  const skip = options.$skip ?? 0;
  const top = options.$top ?? 50;
  return {items: indexed.slice(skip, skip + top).map((x) => x.item), count: indexed.length};
}
