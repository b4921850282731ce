/**
 * Every kind of change the API changes check tells apart, with its severity and the sentence that
 * says it to a reader. The check reports changes by these rules and the policy on /api/introduction
 * lists them in these words, so what the page calls breaking is what the check refuses.
 */
import type {ChangeSeverity} from './index.ts';

export interface ChangeRule {
  rule: string;
  severity: ChangeSeverity;
  /** One sentence, for the policy: what the change is, in a reader's words. */
  sentence: string;
}

export const CHANGE_RULES: readonly ChangeRule[] = [
  {rule: 'operation-removed', severity: 'breaking', sentence: 'An operation or its path is removed.'},
  {
    rule: 'response-field-removed',
    severity: 'breaking',
    sentence: 'A field is removed from a response or renamed.',
  },
  {
    rule: 'type-changed',
    severity: 'breaking',
    sentence: 'A field, parameter or header changes its type or its format.',
  },
  {
    rule: 'constraint-narrowed',
    severity: 'breaking',
    sentence:
      'A request accepts less than before: a shorter `maxLength`, a tighter `pattern`, a smaller `maximum`, a larger `minimum`, or a new rule on a value.',
  },
  {
    rule: 'request-field-required',
    severity: 'breaking',
    sentence: 'A request field or parameter becomes required, or a new one is added as required.',
  },
  {
    rule: 'request-enum-value-removed',
    severity: 'breaking',
    sentence: 'A value is removed from an enum a request takes.',
  },
  {
    rule: 'response-enum-value-added',
    severity: 'breaking',
    sentence: 'A value is added to an enum a response or an event carries, unless the enum is declared open.',
  },
  {rule: 'error-code-removed', severity: 'breaking', sentence: 'An operation stops answering an error code.'},
  {rule: 'error-status-changed', severity: 'breaking', sentence: 'An error code is answered with another HTTP status.'},
  {
    rule: 'idempotency-operations-changed',
    severity: 'breaking',
    sentence: 'An operation starts or stops taking an `Idempotency-Key`.',
  },
  {
    rule: 'idempotency-kept-changed',
    severity: 'breaking',
    sentence: 'An answer that was kept against an `Idempotency-Key` is no longer kept, or the other way round.',
  },
  {
    rule: 'error-retry-changed',
    severity: 'breaking',
    sentence: 'The error catalogue changes what to do with an error: whether and how to retry it.',
  },
  {rule: 'webhook-event-removed', severity: 'breaking', sentence: 'A webhook event type is removed.'},
  {
    rule: 'webhook-payload-narrowed',
    severity: 'breaking',
    sentence: "A webhook event's payload loses a field or narrows one.",
  },
  {
    rule: 'signature-scheme-changed',
    severity: 'breaking',
    sentence: 'The webhook signature scheme changes.',
  },
  {
    rule: 'retry-schedule-changed',
    severity: 'breaking',
    sentence: 'The webhook retry schedule, its timeout or what acknowledges a delivery changes.',
  },
  {
    rule: 'deprecation-notice-too-short',
    severity: 'breaking',
    sentence: 'A deprecation or a sunset is announced with less notice than the period below.',
  },
  {rule: 'operation-added', severity: 'additive', sentence: 'A new operation.'},
  {rule: 'response-field-added', severity: 'additive', sentence: 'A new field in a response or an event payload.'},
  {
    rule: 'optional-request-field-added',
    severity: 'additive',
    sentence: 'A new optional request field, parameter or header.',
  },
  {
    rule: 'response-header-added',
    severity: 'additive',
    sentence: 'A new response header.',
  },
  {
    rule: 'constraint-widened',
    severity: 'additive',
    sentence: 'A request accepts more than before.',
  },
  {
    rule: 'open-enum-value-added',
    severity: 'additive',
    sentence: 'A new value in an enum declared open, or in an enum a request takes.',
  },
  {
    rule: 'error-code-added',
    severity: 'additive',
    sentence: 'A new error code on a status whose answers the operation already documents.',
  },
  {rule: 'webhook-event-added', severity: 'additive', sentence: 'A new webhook event type.'},
  {
    rule: 'definition-data-added',
    severity: 'additive',
    sentence: 'A rule the API already followed is added to the definition as data, unchanged.',
  },
  {rule: 'operation-deprecated', severity: 'deprecated', sentence: 'An operation is marked `deprecated: true`.'},
  {
    rule: 'parameter-deprecated',
    severity: 'deprecated',
    sentence: 'A parameter or a field is marked `deprecated: true`.',
  },
];

export function changeRule(rule: string): ChangeRule {
  const found = CHANGE_RULES.find((r) => r.rule === rule);
  if (!found) throw new Error(`definition: no change rule named "${rule}" (definition/changes/rules.ts)`);
  return found;
}
