/**
 * One step of a walkthrough, described once: which operation it calls and what it sends. The
 * curl, Python and Node.js samples of the step are written from it (./curl.ts, ./python.ts,
 * ./node.ts); the operation's own facts (summary, method, path, whether it takes an
 * Idempotency-Key) come from the definition, given with the step as its `operation`.
 */

/** A value a step reads from an environment variable when it runs. */
export class FromEnv {
  readonly name: string;
  /** For a secret: what it is, in words ("the webhook secret"); it must never be in argv. */
  readonly secret?: string;

  constructor(name: string, secret?: string) {
    if (!/^[A-Z][A-Z0-9_]*$/.test(name)) throw new Error(`snippets: "${name}" is not an environment variable's name`);
    this.name = name;
    this.secret = secret;
  }
}

export const fromEnv = (name: string, secret?: string): FromEnv => new FromEnv(name, secret);

/** A JSON value of a body or query, any part of which may be read from the environment. */
export type StepValue = string | number | boolean | null | FromEnv | StepValue[] | {[key: string]: StepValue};

export interface WalkthroughStep {
  /** The operation's slug (its page is /api/{slug}); the samples' file names follow it. */
  slug: string;
  /** The environment variable that fills each parameter of the path template, by parameter name. */
  path?: Record<string, string>;
  query?: Record<string, string | FromEnv>;
  body?: Record<string, StepValue>;
  /** What the Node.js and Python samples call the answer, in camelCase. */
  result: string;
  /** For a write without an Idempotency-Key: why a repeat is harmless (the curl sample says it). */
  repeat?: string;
}

/** What the definition says of a step's operation. */
export interface StepOperation {
  summary: string;
  method: string;
  /** The path template, such as `/invoices/{invoiceId}/cancel`. */
  path: string;
  /** It takes an Idempotency-Key. */
  idempotent: boolean;
}

export interface StepRequest extends WalkthroughStep {
  operation: StepOperation;
}

/** A path template as its parts: literal text, and the environment variables that fill parameters. */
export function pathParts({path, operation}: StepRequest): (string | FromEnv)[] {
  return operation.path.split(/(\{[^}]+\})/).flatMap((part): (string | FromEnv)[] => {
    const parameter = /^\{([^}]+)\}$/.exec(part)?.[1];
    if (parameter === undefined) return part ? [part] : [];
    const name = path?.[parameter];
    if (!name) throw new Error(`snippets: no environment variable fills {${parameter}} of ${operation.path}`);
    return [fromEnv(name)];
  });
}

/** Each environment variable a value reads, once each, in the order it names them. */
export function variablesIn(...values: (StepValue | (string | FromEnv)[] | undefined)[]): FromEnv[] {
  const found: FromEnv[] = [];
  const visit = (value: StepValue | undefined): void => {
    if (value instanceof FromEnv) {
      if (!found.some((v) => v.name === value.name)) found.push(value);
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(visit);
  };
  values.forEach(visit);
  return found;
}

/** Each environment variable a step reads, in the order it uses them: path, query, body. */
export const stepVariables = (step: StepRequest): FromEnv[] => variablesIn(pathParts(step), step.query, step.body);

/** How a read, an idempotent write and any other write may be repeated: the words each sample uses. */
export type RepeatKind = 'read' | 'idempotent' | 'other';

export function repeatKind({operation}: StepRequest): RepeatKind {
  if (operation.idempotent) return 'idempotent';
  return operation.method === 'GET' ? 'read' : 'other';
}

/** `PAYMENT_METHOD_ID` -> `paymentMethodId`. */
export const camelName = (name: string): string =>
  name.toLowerCase().replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/** `PAYMENT_METHOD_ID` or `paymentMethodId` -> `payment_method_id`. */
export const snakeName = (name: string): string =>
  /[a-z]/.test(name) ? name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) : name.toLowerCase();
