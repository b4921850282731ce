/**
 * The explorer's checks before sending, in words that name the field: the body must be JSON and
 * match the request schema, each parameter its own. The checks themselves are the build's
 * precompiled Ajv validators (plugins/try-it-validators.ts); this turns their errors into messages.
 */
import type {TryItOperation, TryItParameter} from '../../../config/try-it';
import {parameterKey} from './request';

/** The part of an Ajv error the messages read (Ajv's ErrorObject). */
export interface CheckError {
  keyword: string;
  /** JSON pointer of the value that failed: `/amount/currency`, `/items/0/id`. */
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** A compiled check: true when the value passes, else `errors` says why (Ajv's ValidateFunction). */
export interface Check {
  (value: unknown): boolean;
  errors?: CheckError[] | null;
}

export interface Problem {
  /** The field's path in the body (`amount.currency`, `items[0].id`), or the parameter's key; `''` for the whole body. */
  field: string;
  message: string;
}

/** A JSON pointer's tokens as a field path: object keys joined by dots, array indexes in brackets. */
export function fieldPath(pointer: string): string {
  const tokens = pointer
    .split('/')
    .slice(1)
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  return tokens.reduce(
    (path, token) => (/^\d+$/.test(token) ? `${path}[${token}]` : path ? `${path}.${token}` : token),
    '',
  );
}

const join = (parent: string, name: string) => (parent ? `${parent}.${name}` : name);

/** One Ajv error as the field it is about and what is wrong with it. */
export function describeError(error: CheckError): Problem {
  const at = fieldPath(error.instancePath);
  const {params} = error;
  switch (error.keyword) {
    case 'required':
      return {field: join(at, String(params.missingProperty)), message: 'is required'};
    case 'additionalProperties':
      return {field: join(at, String(params.additionalProperty)), message: 'is not a field of this request'};
    case 'enum':
      return {
        field: at,
        message: `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
      };
    case 'pattern':
      return {field: at, message: `must match the pattern ${String(params.pattern)}`};
    case 'format':
      return {field: at, message: `must be a valid ${String(params.format)}`};
    case 'type':
      return {field: at, message: `must be of type ${String(params.type)}`};
    default:
      return {field: at, message: error.message ?? `fails the ${error.keyword} rule`};
  }
}

/** The problems `check` found, one per field and message, in the order found. */
export function problemsOf(check: Check): Problem[] {
  const seen = new Set<string>();
  return (check.errors ?? []).map(describeError).filter((p) => {
    const key = `${p.field}\n${p.message}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

export type BodyCheck = {value: unknown; problems: []} | {value?: undefined; problems: Problem[]};

/** The body text parsed and checked against the request schema. */
export function checkBody(text: string, check: Check, required: boolean): BodyCheck {
  if (text.trim() === '') {
    return required ? {problems: [{field: '', message: 'is required'}]} : {value: undefined, problems: []};
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {problems: [{field: '', message: `is not valid JSON: ${(error as Error).message}`}]};
  }
  return check(value) ? {value, problems: []} : {problems: problemsOf(check)};
}

/**
 * The form's texts as the values their schemas describe: an integer or number parameter's text is
 * a number when it reads as one (else it stays text, and the check names it), a boolean's `true`
 * or `false` a boolean. Empty texts are left out: the parameter is not sent.
 */
export function parameterValues(
  parameters: readonly TryItParameter[],
  texts: Record<string, string>,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const p of parameters) {
    const text = texts[parameterKey(p)] ?? '';
    if (text === '') continue;
    const types = p.schema.type;
    if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(text.trim())) {
      values[parameterKey(p)] = Number(text);
    } else if (types.includes('boolean') && (text === 'true' || text === 'false')) {
      values[parameterKey(p)] = text === 'true';
    } else {
      values[parameterKey(p)] = text;
    }
  }
  return values;
}

/** The parameters' problems, each naming its parameter by its form key (`path:invoiceId`). */
export function checkParameters(operation: TryItOperation, texts: Record<string, string>, check: Check): Problem[] {
  return check(parameterValues(operation.parameters, texts)) ? [] : problemsOf(check);
}
