/**
 * A value that breaks its schema, in words that name the field: the one wording of the local
 * sandbox's `422 VALIDATION_FAILED` answers (sandbox/validation.ts, as sentences) and of the "Try
 * it" explorer's checks before sending (src/components/TryIt/checks.ts). Both read Ajv's errors;
 * a bound is said in the words the pages use for it (./schema-words.ts). Imports only config/: the
 * explorer runs in the browser.
 */
import {BOUND_WORDS, asSentence} from './schema-words.ts';

/** The part of an Ajv error (its ErrorObject) that the words read. */
export interface Violation {
  keyword: string;
  /** JSON pointer of the value that failed: `/amount/currency`, `/items/0/id`. */
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/**
 * A JSON pointer's tokens as a field path: object keys joined by dots, array indexes in brackets
 * (`/amount/currency` -> `amount.currency`, `/eventTypes/1` -> `eventTypes[1]`); `extra` is a
 * name below it (a missing or unknown field).
 */
export function fieldPath(pointer: string, extra?: string): string {
  const tokens = pointer
    .split('/')
    .slice(1)
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra !== undefined) tokens.push(extra);
  return tokens.reduce(
    (path, token) => (/^\d+$/.test(token) ? `${path}[${token}]` : path ? `${path}.${token}` : token),
    '',
  );
}

/** The field a violation is about: a missing or unknown field is named below the object that lacks or has it. */
export function violationField(violation: Violation): string {
  const {keyword, instancePath, params} = violation;
  if (keyword === 'required') return fieldPath(instancePath, String(params.missingProperty));
  if (keyword === 'additionalProperties') return fieldPath(instancePath, String(params.additionalProperty));
  return fieldPath(instancePath);
}

/** A failed oneOf or anyOf also reports every branch's own errors: those, when there are any, say more. */
export function specificViolations<V extends Violation>(violations: readonly V[]): readonly V[] {
  const specific = violations.filter((v) => v.keyword !== 'oneOf' && v.keyword !== 'anyOf' && v.keyword !== 'if');
  return specific.length > 0 ? specific : violations;
}

const json = (value: unknown) => JSON.stringify(value);

/** What is wrong with the value, lower-case and without a full stop: `must be at least 16 characters`. */
export function violationWords(violation: Violation): string {
  const {keyword, params} = violation;
  const limit = Number(params.limit);
  switch (keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not a field of this request';
    case 'type':
      return `must be of type ${String(params.type).replace(/,/g, ' or ')}`;
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).map(json).join(', ')}`;
    case 'const':
      return `must be ${json(params.allowedValue)}`;
    case 'pattern':
      return `must match the pattern ${String(params.pattern)}`;
    case 'format':
      return `must be a valid ${String(params.format)}`;
    case 'minLength':
    case 'maxLength':
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
    case 'multipleOf':
      return `must be ${BOUND_WORDS[keyword](limit)}`;
    case 'minItems':
    case 'maxItems':
      return `must have ${BOUND_WORDS[keyword](limit)}`;
    case 'uniqueItems':
      return `must not repeat items (items ${String(params.j)} and ${String(params.i)} are equal)`;
    case 'oneOf':
    case 'anyOf':
      return 'must match exactly one of the documented shapes';
    default:
      return `is invalid (${keyword})`;
  }
}

/** The words as the sandbox's `validationErrors` give them: a sentence, `Must be at least 16 characters.` */
export function violationSentence(violation: Violation): string {
  return asSentence(violationWords(violation));
}
