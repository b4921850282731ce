/**
 * Every kind of change the API-changes rules report, by the rule id they report it under and the
 * severity they give it, with the sentence that says it to a reader. The rules may report only
 * what is listed here (`toChange` refuses anything else), and the versioning policy on
 * /api/introduction lists these sentences: what the page calls breaking is what the check refuses.
 * A rule that rates a change by what it finds (an enum value added: breaking in an answer's closed
 * enum, additive elsewhere) has a row for each severity.
 */
import type {ChangeSeverity} from './types.ts';

export interface ChangeRule {
  rule: string;
  severity: ChangeSeverity;
  /** One sentence, for the policy: what the change is, in a reader's words (Markdown). */
  sentence: string;
}

/** The rule id under which the generic engine's (Redocly's) major verdicts are reported: `redocly/<its rule>`. */
export const ENGINE_RULE = 'redocly';

export const CHANGE_RULES: readonly ChangeRule[] = [
  // Breaking.
  {
    rule: 'operation-removed',
    severity: 'breaking',
    sentence: 'An operation is removed, or its method or path changes.',
  },
  {
    rule: 'success-status-changed',
    severity: 'breaking',
    sentence: 'An operation stops answering a success status it answered.',
  },
  {rule: 'parameter-removed', severity: 'breaking', sentence: 'A parameter is removed from an operation.'},
  {rule: 'parameter-added-required', severity: 'breaking', sentence: 'A new required parameter.'},
  {rule: 'parameter-became-required', severity: 'breaking', sentence: 'An optional parameter becomes required.'},
  {rule: 'request-body-removed', severity: 'breaking', sentence: 'An operation stops taking a request body.'},
  {rule: 'request-body-required', severity: 'breaking', sentence: 'An operation starts requiring a request body.'},
  {rule: 'request-field-removed', severity: 'breaking', sentence: 'A field is removed from a request body.'},
  {rule: 'request-field-added-required', severity: 'breaking', sentence: 'A new required request field.'},
  {
    rule: 'request-field-became-required',
    severity: 'breaking',
    sentence: 'An optional request field becomes required.',
  },
  {
    rule: 'response-field-removed',
    severity: 'breaking',
    sentence: 'A field is removed from an answer or an event payload, or renamed.',
  },
  {
    rule: 'response-field-became-optional',
    severity: 'breaking',
    sentence: 'A field of an answer or an event payload is no longer always present.',
  },
  {rule: 'type-changed', severity: 'breaking', sentence: 'A field or parameter changes its type or its format.'},
  {
    rule: 'constraint-narrowed',
    severity: 'breaking',
    sentence: 'A request accepts less: a shorter `maxLength`, a smaller `maximum`, a larger `minimum`, a new bound.',
  },
  {
    rule: 'constraint-widened',
    severity: 'breaking',
    sentence: 'An answer or an event may carry more: a longer `maxLength`, a larger `maximum`, a smaller `minimum`.',
  },
  {
    rule: 'pattern-changed',
    severity: 'breaking',
    sentence:
      'A `pattern` changes so that a request refuses a documented example, or an answer may carry a value the old pattern refused (or no example shows otherwise).',
  },
  {rule: 'enum-value-removed', severity: 'breaking', sentence: 'A value is removed from an enum a request takes.'},
  {
    rule: 'enum-value-added',
    severity: 'breaking',
    sentence: 'A value is added to an enum an answer or an event carries that the definition does not declare open.',
  },
  {rule: 'enum-closed', severity: 'breaking', sentence: 'An enum is no longer declared open.'},
  {rule: 'response-header-removed', severity: 'breaking', sentence: 'An answer stops carrying a header.'},
  {rule: 'error-code-removed', severity: 'breaking', sentence: 'An operation stops answering an error code.'},
  {
    rule: 'error-code-status-changed',
    severity: 'breaking',
    sentence: 'An error code is answered with another HTTP status.',
  },
  {
    rule: 'error-code-added',
    severity: 'breaking',
    sentence: 'An operation answers a new error code while `ErrorCode` is not declared open.',
  },
  {
    rule: 'idempotency-key-changed',
    severity: 'breaking',
    sentence: 'An operation starts or stops taking an `Idempotency-Key`.',
  },
  {
    rule: 'idempotency-table-removed',
    severity: 'breaking',
    sentence: 'The idempotency table (`x-idempotency`) is removed.',
  },
  {
    rule: 'idempotency-table-changed',
    severity: 'breaking',
    sentence:
      'The idempotency table drops a row, changes what a key keeps or what to send next, keeps less long, or compares bodies otherwise.',
  },
  {rule: 'webhook-removed', severity: 'breaking', sentence: 'A webhook event type is no longer sent.'},
  {
    rule: 'webhook-signature-changed',
    severity: 'breaking',
    sentence: 'The webhook signature scheme (`x-webhook-signature`) changes or is removed.',
  },
  {
    rule: 'retry-schedule-changed',
    severity: 'breaking',
    sentence:
      'The webhook retry schedule (`x-webhook-delivery`) changes: attempts, timeout, what acknowledges a delivery, a shorter secret-rotation overlap.',
  },
  {
    rule: 'deprecation-without-notice',
    severity: 'breaking',
    sentence:
      'Something is deprecated without an `x-deprecation` sunset at least the notice period below after its deprecation.',
  },
  {
    rule: ENGINE_RULE,
    severity: 'breaking',
    sentence: "Anything else Redocly CLI's `diff` rates major, such as a changed security requirement.",
  },
  // Additive.
  {rule: 'operation-added', severity: 'additive', sentence: 'A new operation.'},
  {rule: 'parameter-added', severity: 'additive', sentence: 'A new optional parameter.'},
  {
    rule: 'request-body-added',
    severity: 'additive',
    sentence: 'An optional request body on an operation that took none.',
  },
  {rule: 'request-field-added', severity: 'additive', sentence: 'A new optional request field.'},
  {rule: 'response-field-added', severity: 'additive', sentence: 'A new field in an answer or an event payload.'},
  {
    rule: 'pattern-changed',
    severity: 'additive',
    sentence: 'A `pattern` changes and every documented example still matches it.',
  },
  {
    rule: 'enum-value-added',
    severity: 'additive',
    sentence: 'A value is added to an enum a request takes, or to an enum declared open.',
  },
  {rule: 'enum-opened', severity: 'additive', sentence: 'An enum is declared open.'},
  {rule: 'response-header-added', severity: 'additive', sentence: 'An answer carries a new header.'},
  {
    rule: 'error-code-added',
    severity: 'additive',
    sentence: 'An operation answers a new error code (`ErrorCode` is declared open).',
  },
  {
    rule: 'idempotency-table-added',
    severity: 'additive',
    sentence: 'The idempotency outcomes are written into the definition as data (`x-idempotency`).',
  },
  {
    rule: 'idempotency-outcome-added',
    severity: 'additive',
    sentence: 'The idempotency table says what happens to an answer it did not list.',
  },
  {rule: 'webhook-added', severity: 'additive', sentence: 'A new webhook event type.'},
  {
    rule: 'webhook-signature-added',
    severity: 'additive',
    sentence: 'The webhook signature scheme is written into the definition as data (`x-webhook-signature`).',
  },
  {
    rule: 'webhook-signature-changed',
    severity: 'additive',
    sentence: 'The signature scheme states a member it did not state before.',
  },
  {
    rule: 'retry-schedule-added',
    severity: 'additive',
    sentence: 'The webhook retry schedule is written into the definition as data (`x-webhook-delivery`).',
  },
  {
    rule: 'retry-schedule-changed',
    severity: 'additive',
    sentence: 'The retry schedule states a member it did not state before, or gives a rotated secret a longer overlap.',
  },
  // Deprecated.
  {
    rule: 'deprecated',
    severity: 'deprecated',
    sentence:
      'An operation, parameter or field is marked `deprecated: true`, with an `x-deprecation` (`since`, `sunset`) that gives at least the notice period below.',
  },
];

/** The row a change is reported by: its rule (`redocly/<rule>` by the engine's row) at its severity. */
export function changeRule(rule: string, severity: ChangeSeverity): ChangeRule {
  const id = rule.startsWith(`${ENGINE_RULE}/`) ? ENGINE_RULE : rule;
  const found = CHANGE_RULES.find((r) => r.rule === id && r.severity === severity);
  if (!found)
    throw new Error(
      `api-changes: no change rule "${id}" rated ${severity} (definition/changes/rules.ts lists what the rules may report)`,
    );
  return found;
}
