/**
 * How the local sandbox differs from the hosted sandbox and production, once: /sandbox/ lists them
 * (plugins/rendered-partials/local-differences.ts), and get_operation names those that concern an
 * operation. Each is written without its subject, so the page says "It accepts…" and an
 * operation's description "The local sandbox accepts…".
 */
import type {OperationId} from '../definition/index.ts';
import type {Field, Operation} from '../definition/index.ts';
import {MAX_PER_SUBSCRIPTION} from './webhooks.ts';

/** The only https-only pattern in the definition; validation.ts accepts loopback http in its place. */
export const HTTPS_ONLY = '^https://';

export interface LocalDifference {
  /** The difference, as a predicate of "the local sandbox". */
  text: string;
  /** The operations it concerns; undefined when it concerns every request. */
  concerns?: (op: Operation) => boolean;
}

function hasField(field: Field | undefined, test: (f: Field) => boolean): boolean {
  return (
    field !== undefined && (test(field) || field.children.some((child) => !child.recursive && hasField(child, test)))
  );
}

export const LOCAL_DIFFERENCES: LocalDifference[] = [
  {
    text: 'accepts `http` webhook URLs on `127.0.0.1`, `localhost` and `[::1]`, so a receiver on your machine gets deliveries without a tunnel. Kestrel accepts only `https`.',
    concerns: (op) => hasField(op.requestBody?.schema, (f) => f.pattern === HTTPS_ONLY),
  },
  {text: 'accepts any bearer token unless you pass `--token`, and every scope unless you pass `--scopes`.'},
  {
    text: 'forgets the oldest object of a type when a new one passes `--cap`; the forgotten one then answers `404`. This keeps its memory bounded.',
  },
  {
    text: 'answers `404` to a path that no operation has, and `405` to a method that its path does not take, both as problems.',
  },
  {
    text: 'has one payer pay each receive request, once `--pay-after` has passed since you created it: its `amount`, or, without one, the amount the [test inputs](#receive-requests) give.',
    concerns: (op) => op.operationId === ('createAReceiveRequest' satisfies OperationId),
  },
  {
    text: `sends webhook deliveries at most ${MAX_PER_SUBSCRIPTION} at a time per subscription; the others wait their turn.`,
    concerns: (op) => op.path.startsWith('/subscriptions'),
  },
];

/** The differences that concern `op`, as lines of Markdown for its description (links made absolute). */
export function differencesOf(op: Operation): string[] {
  return LOCAL_DIFFERENCES.filter((d) => d.concerns?.(op)).map(
    (d) => `- The local sandbox ${d.text.replace(/\]\(#/g, '](/sandbox#')}`,
  );
}
