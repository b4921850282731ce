/**
 * Arazzo runtime expressions and success criteria, the subset the workflow documents use:
 * `$inputs.x`, `$steps.s.outputs.y`, `$statusCode`, `$response.body` (with a `#/json/pointer`),
 * `$response.header.Name`, embedded in strings as `{$...}`, and conditions joined by `&&` / `||`
 * comparing expressions and literals with `==`, `!=`, `<`, `<=`, `>`, `>=`.
 */

/** What an expression reads: the run's inputs and outputs so far, and the answer being judged. */
export interface Scope {
  inputs: Record<string, unknown>;
  steps: Record<string, Record<string, unknown>>;
  response?: {status: number; headers: Headers; body: unknown};
}

export class ExpressionError extends Error {}

/** RFC 6901: `/items/0/id`. */
export function pointer(value: unknown, path: string): unknown {
  if (path === '') return value;
  let at = value;
  for (const raw of path.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (at === null || typeof at !== 'object') return undefined;
    at = Array.isArray(at) ? at[Number(token)] : (at as Record<string, unknown>)[token];
  }
  return at;
}

/** The value of one runtime expression (`$inputs.orderId`); undefined when it names nothing. */
export function evaluate(expression: string, scope: Scope): unknown {
  const expr = expression.trim();
  if (expr === '$statusCode') return need(scope, expr).status;
  if (expr.startsWith('$response.header.')) {
    return need(scope, expr).headers.get(expr.slice('$response.header.'.length)) ?? undefined;
  }
  if (expr.startsWith('$response.body')) {
    const rest = expr.slice('$response.body'.length);
    if (rest !== '' && !rest.startsWith('#')) throw new ExpressionError(`${expr}: a body pointer starts with #`);
    return pointer(need(scope, expr).body, rest.slice(1));
  }
  let m = /^\$inputs\.([A-Za-z0-9_]+)(#.*)?$/.exec(expr);
  if (m) return m[2] ? pointer(scope.inputs[m[1]!], m[2].slice(1)) : scope.inputs[m[1]!];
  m = /^\$steps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_]+)(#.*)?$/.exec(expr);
  if (m) {
    const outputs = scope.steps[m[1]!];
    if (!outputs) throw new ExpressionError(`${expr}: step ${m[1]} has not run`);
    return m[3] ? pointer(outputs[m[2]!], m[3].slice(1)) : outputs[m[2]!];
  }
  throw new ExpressionError(`${expr} is not a runtime expression this runner reads`);
}

function need(scope: Scope, expr: string): NonNullable<Scope['response']> {
  if (!scope.response) throw new ExpressionError(`${expr} is read before any answer`);
  return scope.response;
}

const WHOLE = /^\$[A-Za-z]/;
const EMBEDDED = /\{(\$[^{}]+)\}/g;

/**
 * A parameter value or a request body with its expressions replaced: a string that is one whole
 * expression takes the expression's value (any JSON type); `{$...}` inside a string is replaced by
 * the value's text; objects and arrays are walked.
 */
export function fill(value: unknown, scope: Scope): unknown {
  if (typeof value === 'string') {
    if (WHOLE.test(value) && !/\s/.test(value.trim())) return evaluate(value, scope);
    return value.replace(EMBEDDED, (_m, expr: string) => {
      const v = evaluate(expr, scope);
      if (v === undefined) throw new ExpressionError(`${expr} has no value`);
      return typeof v === 'string' ? v : JSON.stringify(v);
    });
  }
  if (Array.isArray(value)) return value.map((v) => fill(v, scope));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, scope)]));
  return value;
}

// ------------------------------------------------------------------------------ conditions

type Token = {kind: 'op' | 'value' | 'paren'; text: string; value?: unknown};

const LITERAL = /^(?:'((?:[^']|'')*)'|(-?\d+(?:\.\d+)?)|(true|false|null))/;
const OPERATORS = ['&&', '||', '==', '!=', '<=', '>=', '<', '>'];

function tokens(condition: string, scope: Scope): Token[] {
  const out: Token[] = [];
  let rest = condition.trim();
  while (rest) {
    const op = OPERATORS.find((o) => rest.startsWith(o));
    if (op) {
      out.push({kind: 'op', text: op});
      rest = rest.slice(op.length);
    } else if (rest[0] === '(' || rest[0] === ')') {
      out.push({kind: 'paren', text: rest[0]});
      rest = rest.slice(1);
    } else if (rest[0] === '$') {
      const m = /^\$[^\s()=!<>&|]+/.exec(rest)!;
      out.push({kind: 'value', text: m[0], value: evaluate(m[0], scope)});
      rest = rest.slice(m[0].length);
    } else {
      const m = LITERAL.exec(rest);
      if (!m) throw new ExpressionError(`cannot read "${rest}" in the condition ${condition}`);
      const value =
        m[1] !== undefined ? m[1].replace(/''/g, "'") : m[2] !== undefined ? Number(m[2]) : JSON.parse(m[3]!);
      out.push({kind: 'value', text: m[0], value});
      rest = rest.slice(m[0].length);
    }
    rest = rest.trimStart();
  }
  return out;
}

function compare(op: string, a: unknown, b: unknown): boolean {
  // A number and a numeric string compare as numbers: a status code against '201' or 201.
  const num = (v: unknown) => (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v);
  // What an expression does not find compares as null: `$response.body#/items/1 == null` when there is no second item.
  const [x, y] = (typeof a === 'number' || typeof b === 'number' ? [num(a), num(b)] : [a, b]).map((v) => v ?? null);
  switch (op) {
    case '==':
      return x === y;
    case '!=':
      return x !== y;
    case '<':
      return (x as number) < (y as number);
    case '<=':
      return (x as number) <= (y as number);
    case '>':
      return (x as number) > (y as number);
    default:
      return (x as number) >= (y as number);
  }
}

/** Parses `a || b`, `a && b`, `x op y`, `(…)` and a lone value (true when truthy). */
function parseCondition(list: Token[]): boolean {
  let i = 0;
  const or = (): boolean => {
    let v = and();
    while (list[i]?.text === '||') {
      i++;
      const r = and();
      v = v || r;
    }
    return v;
  };
  const and = (): boolean => {
    let v = comparison();
    while (list[i]?.text === '&&') {
      i++;
      const r = comparison();
      v = v && r;
    }
    return v;
  };
  const operand = (): {paren: boolean; value: unknown} => {
    const t = list[i++];
    if (!t) throw new ExpressionError('the condition ends too soon');
    if (t.text === '(') {
      const v = or();
      if (list[i++]?.text !== ')') throw new ExpressionError('a "(" is not closed');
      return {paren: true, value: v};
    }
    if (t.kind !== 'value') throw new ExpressionError(`"${t.text}" where a value was expected`);
    return {paren: false, value: t.value};
  };
  const comparison = (): boolean => {
    const left = operand();
    const op = list[i];
    if (op?.kind === 'op' && !['&&', '||'].includes(op.text)) {
      i++;
      return compare(op.text, left.value, operand().value);
    }
    return Boolean(left.value);
  };
  const result = or();
  if (i !== list.length) throw new ExpressionError(`unexpected "${list[i]!.text}"`);
  return result;
}

export interface Criterion {
  condition: string;
  context?: string;
  type?: string | {type: string; version?: string};
}

/** Whether a criterion holds; `type: regex` matches `condition` against the value of `context`. */
export function holds(criterion: Criterion, scope: Scope): boolean {
  const type = typeof criterion.type === 'object' ? criterion.type.type : (criterion.type ?? 'simple');
  if (type === 'regex') {
    if (!criterion.context) throw new ExpressionError('a regex criterion needs a context');
    const value = evaluate(criterion.context, scope);
    return typeof value === 'string' && new RegExp(criterion.condition).test(value);
  }
  if (type !== 'simple') throw new ExpressionError(`criteria of type ${type} are not supported`);
  return parseCondition(tokens(criterion.condition, scope));
}

/** The values a failed criterion looked at, for the failure message. */
export function seen(criterion: Criterion, scope: Scope): string {
  const exprs = [criterion.context, ...(criterion.condition.match(/\$[^\s()=!<>&|]+/g) ?? [])].filter(
    (e): e is string => Boolean(e),
  );
  return [...new Set(exprs)]
    .map((e) => {
      try {
        return `${e} = ${JSON.stringify(evaluate(e, scope))}`;
      } catch (error) {
        return `${e}: ${(error as Error).message}`;
      }
    })
    .join(', ');
}
