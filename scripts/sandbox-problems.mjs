/**
 * What the local sandbox answers when Prism rejects a request, in the Kestrel Problem shape
 * (openapi/components/schemas/Problem.yaml).
 *
 * Prism answers a request that breaks the definition with the operation's documented 400 or 422
 * example: the right shape, but its `validationErrors` name the example's fields, not the reader's.
 * The real violations come in Prism's `sl-violations` header; these functions turn them into the
 * answer Kestrel would give, naming each field. Prism's own errors (no such path, no such method)
 * become plain RFC 9457 problems that speak of /v1 paths, not Prism internals.
 */
import {randomBytes} from 'node:crypto';
import {STATUS_CODES} from 'node:http';

/** The Kestrel problem types of the codes a rejected request can get (ErrorCode.yaml). */
const PROBLEM_TYPES = {
  VALIDATION_FAILED: ['urn:kestrel:problem:validation-failed', 'Validation failed'],
  MALFORMED_REQUEST: ['urn:kestrel:problem:malformed-request', 'Malformed request'],
  INVALID_QUERY_OPTION: ['urn:kestrel:problem:invalid-query-option', 'Invalid query option'],
  IDEMPOTENCY_KEY_INVALID: ['urn:kestrel:problem:idempotency-key-invalid', 'Invalid idempotency key'],
};

const PRISM_ERROR_TYPE = 'https://stoplight.io/prism/errors#';

/** A fresh W3C trace id, as every Kestrel problem carries one. */
export const traceId = () => randomBytes(16).toString('hex');

/** Header names as the reference writes them: `idempotency-key` -> `Idempotency-Key`. */
const headerName = (name) => name.replace(/(^|-)([a-z])/g, (_, dash, c) => dash + c.toUpperCase());

/**
 * The field a Prism violation is about, as Kestrel's `validationErrors` names it: a JSON path for
 * body fields (`amount.currency`, `eventTypes[1]`), the parameter or header name otherwise.
 * A `required` violation is reported on the parent object: the missing property is in the message.
 * @param {{location: string[], code?: string | number, message: string}} violation
 */
export function fieldOf(violation) {
  const [, where, ...rest] = violation.location;
  const missing = /required property '([^']+)'/.exec(violation.message)?.[1];
  const segments = missing ? [...rest, missing] : rest;
  if (where === 'header') return segments.map(headerName).join('.');
  if (where !== 'body') return segments.join('.');
  return segments.reduce((path, s) => (/^\d+$/.test(s) ? `${path}[${s}]` : path ? `${path}.${s}` : s), '');
}

const isIdempotencyKey = (v) => v.location[1] === 'header' && fieldOf(v) === 'Idempotency-Key';

/**
 * The problem for a request Prism rejected, or null when the answer is not such a rejection.
 * Prism picks 422 when the operation documents it and 400 otherwise; the status and code follow
 * the reference instead: a missing or bad Idempotency-Key is 400 IDEMPOTENCY_KEY_INVALID, a bad
 * field 422 VALIDATION_FAILED with `validationErrors` (the only code that carries them), and a 400
 * takes the code of the place that is wrong, its `detail` naming the fields.
 * @param {number} status Prism's status
 * @param {string | undefined} violationsHeader Prism's `sl-violations` header
 * @param {string} instance the path the reader called, /v1 included
 */
export function validationProblem(status, violationsHeader, instance) {
  if ((status !== 400 && status !== 422) || !violationsHeader) return null;
  let parsed;
  try {
    parsed = JSON.parse(violationsHeader);
  } catch {
    return null; // Prism truncates a very long header ("Too many violations! ..."): keep its answer.
  }
  const violations = parsed.filter((v) => v.location?.[0] === 'request' && v.severity === 'Error');
  if (violations.length === 0) return null;
  const idempotency = violations.filter(isIdempotencyKey);
  const shown = idempotency.length > 0 ? idempotency : violations;
  const fields = {};
  for (const v of shown) (fields[fieldOf(v)] ??= []).push(v.message);
  const names = Object.keys(fields);
  const code =
    idempotency.length > 0
      ? 'IDEMPOTENCY_KEY_INVALID'
      : status === 422
        ? 'VALIDATION_FAILED'
        : shown.every((v) => v.location[1] === 'query')
          ? 'INVALID_QUERY_OPTION'
          : 'MALFORMED_REQUEST';
  const [type, title] = PROBLEM_TYPES[code];
  const base = {type, title, status: code === 'VALIDATION_FAILED' ? 422 : 400, instance, code, traceId: traceId()};
  if (code === 'VALIDATION_FAILED') {
    const detail = `Invalid ${names.length === 1 ? 'field' : 'fields'}: ${names.join(', ')}. See validationErrors.`;
    return {...base, detail, validationErrors: fields};
  }
  return {...base, detail: names.map((n) => `${n}: ${fields[n].join('; ')}`).join(' ')};
}

/** The answer to a body that is not JSON at all, before Prism sees it (its parser's error is not a problem). */
export function malformedJsonProblem(instance, reason) {
  const [type, title] = PROBLEM_TYPES.MALFORMED_REQUEST;
  return {type, title, status: 400, detail: `The body is not valid JSON: ${reason}`, instance, code: 'MALFORMED_REQUEST', traceId: traceId()};
}

/**
 * Prism's own errors (no path matched, no method matched, ...) as plain problems about the path
 * the reader called. Returns null for any other body.
 * @param {number} status
 * @param {unknown} body parsed JSON body of Prism's answer
 * @param {string} method
 * @param {string} instance the path the reader called, /v1 included
 */
export function prismErrorProblem(status, body, method, instance) {
  const type = /** @type {{type?: unknown}} */ (body)?.type;
  if (typeof type !== 'string' || !type.startsWith(PRISM_ERROR_TYPE)) return null;
  const detail =
    status === 404
      ? `No operation of the Kestrel API has the path ${instance}.`
      : status === 405
        ? `The Kestrel API has no ${method} operation on ${instance}.`
        : `The local sandbox could not answer: ${/** @type {{detail?: string}} */ (body).detail ?? type}`;
  return plainProblem(status, detail, instance);
}

/** A plain RFC 9457 problem: the API defines no code for it, so none is invented. */
export function plainProblem(status, detail, instance) {
  return {type: 'about:blank', title: STATUS_CODES[status] ?? 'Error', status, detail, instance};
}
