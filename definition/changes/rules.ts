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

/**
 * The rule id under which a release's notes declare a change the diff cannot see:
 * `declared/<kind>` (definition/changes/release-notes.ts lists the kinds).
 */
export const DECLARED_RULE = 'declared';

/** Rows of one severity, each a rule id and its sentence. */
function rated(severity: ChangeSeverity, rows: readonly (readonly [rule: string, sentence: string])[]): ChangeRule[] {
  return rows.map(([rule, sentence]) => ({rule, severity, sentence}));
}

export const CHANGE_RULES: readonly ChangeRule[] = [
  ...rated('breaking', [
    ['operation-removed', 'An operation is removed, or its method or path changes.'],
    ['success-status-changed', 'An operation stops answering a success status it answered.'],
    ['parameter-removed', 'A parameter is removed from an operation.'],
    ['parameter-added-required', 'A new required parameter.'],
    ['parameter-became-required', 'An optional parameter becomes required.'],
    ['request-body-removed', 'An operation stops taking a request body.'],
    ['request-body-required', 'An operation starts requiring a request body.'],
    ['request-field-removed', 'A field is removed from a request body.'],
    ['request-field-added-required', 'A new required request field.'],
    ['request-field-became-required', 'An optional request field becomes required.'],
    ['response-field-removed', 'A field is removed from an answer or an event payload, or renamed.'],
    ['response-field-became-optional', 'A field of an answer or an event payload is no longer always present.'],
    ['type-changed', 'A field or parameter changes its type or its format.'],
    [
      'constraint-narrowed',
      'A request accepts less: a shorter `maxLength`, a smaller `maximum`, a larger `minimum`, a new bound.',
    ],
    [
      'constraint-widened',
      'An answer or an event may carry more: a longer `maxLength`, a larger `maximum`, a smaller `minimum`.',
    ],
    [
      'pattern-changed',
      'A `pattern` changes so that a request refuses a documented example, or an answer may carry a value the old pattern refused (or no example shows otherwise).',
    ],
    ['enum-value-removed', 'A value is removed from an enum a request takes.'],
    [
      'enum-value-added',
      'A value is added to an enum an answer or an event carries that the definition does not declare open.',
    ],
    ['enum-closed', 'An enum is no longer declared open.'],
    ['response-header-removed', 'An answer stops carrying a header.'],
    ['error-code-removed', 'An operation stops answering an error code.'],
    ['error-code-status-changed', 'An error code is answered with another HTTP status.'],
    ['error-code-added', 'An operation answers a new error code while `ErrorCode` is not declared open.'],
    ['idempotency-key-changed', 'An operation starts or stops taking an `Idempotency-Key`.'],
    ['idempotency-table-removed', 'The idempotency table (`x-idempotency`) is removed.'],
    [
      'idempotency-table-changed',
      'The idempotency table drops a row, changes what a key keeps or what to send next, keeps less long, or compares bodies otherwise.',
    ],
    ['webhook-removed', 'A webhook event type is no longer sent.'],
    ['webhook-signature-changed', 'The webhook signature scheme (`x-webhook-signature`) changes or is removed.'],
    [
      'retry-schedule-changed',
      'The webhook retry schedule (`x-webhook-delivery`) changes: attempts, timeout, what acknowledges a delivery, a shorter secret-rotation overlap.',
    ],
    [
      'deprecation-without-notice',
      'Something is deprecated without an `x-deprecation` sunset at least the notice period below after its deprecation.',
    ],
    [
      DECLARED_RULE,
      "A change the definition does not show, declared in the release notes, that code written against the last release can notice: of meaning, pricing, rounding, an idempotency key's scope or what it keeps, delivery state or lifecycle.",
    ],
    [ENGINE_RULE, "Anything else Redocly CLI's `diff` rates major, such as a changed security requirement."],
  ]),
  ...rated('additive', [
    ['operation-added', 'A new operation.'],
    ['parameter-added', 'A new optional parameter.'],
    ['request-body-added', 'An optional request body on an operation that took none.'],
    ['request-field-added', 'A new optional request field.'],
    ['response-field-added', 'A new field in an answer or an event payload.'],
    ['pattern-changed', 'A `pattern` changes and every documented example still matches it.'],
    ['enum-value-added', 'A value is added to an enum a request takes, or to an enum declared open.'],
    ['enum-opened', 'An enum is declared open.'],
    ['response-header-added', 'An answer carries a new header.'],
    ['error-code-added', 'An operation answers a new error code (`ErrorCode` is declared open).'],
    ['idempotency-table-added', 'The idempotency outcomes are written into the definition as data (`x-idempotency`).'],
    ['idempotency-outcome-added', 'The idempotency table says what happens to an answer it did not list.'],
    ['webhook-added', 'A new webhook event type.'],
    [
      'webhook-signature-added',
      'The webhook signature scheme is written into the definition as data (`x-webhook-signature`).',
    ],
    ['webhook-signature-changed', 'The signature scheme states a member it did not state before.'],
    [
      'retry-schedule-added',
      'The webhook retry schedule is written into the definition as data (`x-webhook-delivery`).',
    ],
    [
      'retry-schedule-changed',
      'The retry schedule states a member it did not state before, or gives a rotated secret a longer overlap.',
    ],
  ]),
  ...rated('deprecated', [
    [
      'deprecated',
      'An operation, parameter or field is marked `deprecated: true`, with an `x-deprecation` (`since`, `sunset`) that gives at least the notice period below.',
    ],
  ]),
];

/**
 * The row a change is reported by: its rule (`redocly/<rule>` by the engine's row, `declared/<kind>`
 * by the declared row) at its severity.
 */
export function changeRule(rule: string, severity: ChangeSeverity): ChangeRule {
  const id = [ENGINE_RULE, DECLARED_RULE].find((prefix) => rule.startsWith(`${prefix}/`)) ?? rule;
  const found = CHANGE_RULES.find((r) => r.rule === id && r.severity === severity);
  if (!found)
    throw new Error(
      `api-changes: no change rule "${id}" rated ${severity} (definition/changes/rules.ts lists what the rules may report)`,
    );
  return found;
}
