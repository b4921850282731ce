/**
 * The idempotency outcomes: `x-idempotency` on the `Idempotency-Key` parameter component, the one
 * table of which answers Kestrel keeps against a key and what a client sends next after each. The
 * sandbox keeps exactly the answers it marks kept and the guide on `/` renders it. A coded row's
 * status and `next` are the error catalogue's status and `retry`, written in when the bundle is
 * finished (catalogue-statements.ts); the tests hold the example clients' retries to it.
 */
import {RETRY_ADVICE} from '../config/retry-advice.ts';
import {isObject} from './refs.ts';
import type {
  ApiDefinition,
  BodyComparison,
  IdempotencyNext,
  IdempotencyOutcome,
  IdempotencyRules,
  JsonObject,
} from './types.ts';

const AT = '#/components/parameters/IdempotencyKey/x-idempotency';
const NEXT: readonly IdempotencyNext[] = RETRY_ADVICE;
const COMPARISONS: readonly BodyComparison[] = ['parsed-json', 'bytes'];

function fail(at: string, what: string): never {
  throw new Error(`definition: ${at} ${what}`);
}

function outcomeOf(row: unknown, at: string): IdempotencyOutcome {
  if (!isObject(row)) fail(at, 'is not an object');
  const {status, code, kept, next} = row;
  if (status !== '2xx' && !(typeof status === 'number' && status >= 400 && status <= 599))
    fail(`${at}/status`, `is ${JSON.stringify(status)}, not "2xx" or an error status`);
  if (status === '2xx' ? code !== undefined : typeof code !== 'string')
    fail(`${at}/code`, status === '2xx' ? 'is given for a success' : 'is missing');
  if (typeof kept !== 'boolean') fail(`${at}/kept`, `is ${JSON.stringify(kept)}, not true or false`);
  if (!NEXT.includes(next as IdempotencyNext))
    fail(`${at}/next`, `is ${JSON.stringify(next)}, not one of ${NEXT.join(', ')}`);
  // A kept answer is replayed to the same request, so sending it again unchanged cannot help.
  if (kept && next === 'same-key') fail(`${at}/next`, 'is same-key, but the answer is kept: the key replays it');
  const outcome: IdempotencyOutcome = {status, kept, next: next as IdempotencyNext};
  if (typeof code === 'string') outcome.code = code;
  return outcome;
}

/** The table as the definition writes it; undefined when the definition has none. */
export function idempotencyOf(doc: JsonObject): IdempotencyRules | undefined {
  const components = isObject(doc.components) ? doc.components : {};
  const parameters = isObject(components.parameters) ? components.parameters : {};
  const parameter = parameters.IdempotencyKey;
  if (!isObject(parameter) || parameter['x-idempotency'] === undefined) return undefined;
  const data = parameter['x-idempotency'];
  if (!isObject(data)) fail(AT, 'is not an object');
  const {retentionHours, bodyComparison, outcomes} = data;
  if (typeof retentionHours !== 'number' || !(retentionHours > 0))
    fail(`${AT}/retentionHours`, `is ${JSON.stringify(retentionHours)}, not a number of hours`);
  if (!COMPARISONS.includes(bodyComparison as BodyComparison))
    fail(`${AT}/bodyComparison`, `is ${JSON.stringify(bodyComparison)}, not one of ${COMPARISONS.join(', ')}`);
  if (!Array.isArray(outcomes)) fail(`${AT}/outcomes`, 'is not a list');
  const rows = outcomes.map((row, i) => outcomeOf(row, `${AT}/outcomes/${i}`));
  const seen = new Set<string>();
  for (const [i, row] of rows.entries()) {
    const name = row.code ?? String(row.status);
    if (seen.has(name)) fail(`${AT}/outcomes/${i}`, `gives ${name} a second row`);
    seen.add(name);
  }
  return {retentionHours, bodyComparison: bodyComparison as BodyComparison, outcomes: rows};
}

/** The row of an answer: a 2xx, or an error by its code. */
export function idempotencyOutcome(
  rules: IdempotencyRules,
  status: number,
  code?: string,
): IdempotencyOutcome | undefined {
  if (status >= 200 && status < 300) return rules.outcomes.find((row) => row.status === '2xx');
  return rules.outcomes.find((row) => row.code === code && row.status === status);
}

/**
 * The codes that a request with an `Idempotency-Key` can get: those of every operation that takes
 * one, and those answered before any operation is found (no operation documents them).
 */
export function idempotentAnswerCodes(model: ApiDefinition): string[] {
  const ofKeyed = new Set(
    model.operations.filter((op) => op.idempotent).flatMap((op) => op.errors.flatMap((e) => e.codes)),
  );
  return model.errorCodes.filter((c) => ofKeyed.has(c.code) || c.operations.length === 0).map((c) => c.code);
}

/**
 * What the table lacks or has too much of, in words: a code an idempotent request can get without
 * a row, a row for a code no such request gets, and a row whose status is not its code's.
 */
export function idempotencyTableProblems(model: ApiDefinition): string[] {
  const rules = model.idempotency;
  if (!rules) return [`${AT} is missing`];
  const problems: string[] = [];
  const codes = idempotentAnswerCodes(model);
  const rows = new Map(rules.outcomes.filter((r) => r.code).map((r) => [r.code!, r]));
  for (const code of codes) if (!rows.has(code)) problems.push(`${code} has no row`);
  for (const [code, row] of rows) {
    if (!codes.includes(code)) problems.push(`${code} has a row, but no request with an Idempotency-Key gets it`);
    const status = model.errorCodes.find((c) => c.code === code)?.status;
    if (status !== undefined && status !== row.status)
      problems.push(`${code} has status ${String(row.status)} in its row, ${status} in the catalogue`);
  }
  if (!rules.outcomes.some((r) => r.status === '2xx')) problems.push('a success (2xx) has no row');
  return problems;
}
