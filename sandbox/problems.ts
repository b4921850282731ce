/**
 * Kestrel problem details (RFC 9457) as the definition's Problem schema describes them. Each code's
 * type and title come from the definition's own problem examples, so the sandbox names a problem
 * exactly as the API reference does; a code without an example gets a type and title made the
 * same way.
 */
import {errorStatus} from '../definition/index.ts';
import {isObject} from '../definition/index.ts';
import {randomBytes} from 'node:crypto';
import type {Definition} from './definition.ts';

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  code: string;
  traceId: string;
  validationErrors?: Record<string, string[]>;
  /** Extension members (RFC 9457 §3.2) that the Problem schema declares, such as `paymentId`. */
  [member: string]: unknown;
}

/** Extension members a problem may carry besides `validationErrors`: the ids a client acts on. */
export type ProblemExtensions = {paymentId?: string};

/**
 * Thrown by handlers and checks; the server turns it into the answer. It names only the code: the
 * HTTP status is the error catalogue's, looked up when the answer is made (`ProblemCatalogue`).
 */
export class ProblemError extends Error {
  readonly code: string;
  readonly validationErrors?: Record<string, string[]>;
  readonly headers: Record<string, string>;
  readonly extensions: ProblemExtensions;

  constructor(
    code: string,
    detail: string,
    extra: {
      validationErrors?: Record<string, string[]>;
      headers?: Record<string, string>;
      extensions?: ProblemExtensions;
    } = {},
  ) {
    super(detail);
    this.code = code;
    this.validationErrors = extra.validationErrors;
    this.headers = extra.headers ?? {};
    this.extensions = extra.extensions ?? {};
  }
}

/** A 422 VALIDATION_FAILED naming each field. */
export function validationFailed(errors: Record<string, string[]>): ProblemError {
  const fields = Object.keys(errors);
  const detail = `${fields.length === 1 ? 'One field is' : `${fields.length} fields are`} invalid: ${fields.join(', ')}.`;
  return new ProblemError('VALIDATION_FAILED', detail, {validationErrors: errors});
}

export class ProblemCatalogue {
  private readonly known = new Map<string, {type: string; title: string}>();
  private readonly definition: Definition;

  constructor(definition: Definition) {
    this.definition = definition;
    for (const value of definition.componentExamples()) {
      if (
        isObject(value) &&
        typeof value.code === 'string' &&
        typeof value.type === 'string' &&
        typeof value.title === 'string'
      ) {
        this.known.set(value.code, {type: value.type, title: value.title});
      }
    }
  }

  /** The HTTP status of a code: the error catalogue's (`x-error-catalogue` of the ErrorCode schema). */
  statusOf(code: string): number {
    return errorStatus(this.definition.model.errorCodes, code);
  }

  problem(error: ProblemError, instance: string): Problem {
    const known = this.known.get(error.code) ?? {
      type: `urn:kestrel:problem:${error.code.toLowerCase().replace(/_/g, '-')}`,
      title: error.code.charAt(0) + error.code.slice(1).toLowerCase().replace(/_/g, ' '),
    };
    return {
      ...known,
      status: this.statusOf(error.code),
      detail: error.message,
      instance,
      code: error.code,
      // A fresh W3C trace id per answer: what a reader would quote to support.
      traceId: randomBytes(16).toString('hex'),
      ...(error.validationErrors ? {validationErrors: error.validationErrors} : {}),
      ...error.extensions,
    };
  }
}
