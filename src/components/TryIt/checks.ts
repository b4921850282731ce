/**
 * The explorer's checks before sending, in words that name the field: the body must be JSON and
 * match the request schema, each parameter its own. The checks themselves are the build's
 * precompiled Ajv validators (plugins/try-it-validators.ts); this turns their errors into the
 * messages the local sandbox gives for the same errors (config/violation-words.ts).
 */
import type {TryItOperation, TryItParameter} from '../../../config/try-it';
import {specificViolations, violationField, violationWords, type Violation} from '../../../config/violation-words';
import {parameterKey} from './request';

/** The part of an Ajv error the messages read (Ajv's ErrorObject). */
export type CheckError = Violation;

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

/** One Ajv error as the field it is about and what is wrong with it, in the sandbox's words (config/violation-words.ts). */
export function describeError(error: CheckError): Problem {
  return {field: violationField(error), message: violationWords(error)};
}

/** The problems `check` found, one per field and message, in the order found. */
export function problemsOf(check: Check): Problem[] {
  const seen = new Set<string>();
  return specificViolations(check.errors ?? [])
    .map(describeError)
    .filter((p) => {
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
