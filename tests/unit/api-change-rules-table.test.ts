/**
 * One rule table: definition/changes/rules.ts lists every rule id and severity the API-changes
 * rules report, each with the sentence the versioning policy shows. Every row is reported by a
 * small edit of the fixture (so the policy states nothing the check does not do), every edit's
 * changes are rows of the table (so the check reports nothing the policy does not state), and a
 * change under a rule or severity the table lacks is refused, naming it.
 */
import {describe, expect, it} from 'vitest';
import {toChange} from '../../definition/changes/context.ts';
import {diffByRules, diffDefinitions} from '../../definition/changes/diff.ts';
import {declaredOf} from '../../definition/changes/release-notes.ts';
import {CHANGE_RULES, DECLARED_RULE, ENGINE_RULE} from '../../definition/changes/rules.ts';
import type {ApiChange} from '../../definition/changes/index.ts';
import {fixture, type Fixture} from './api-changes-fixture.ts';

type Edit = (doc: Fixture) => void;
const schema = (doc: Fixture, name: string): Fixture => doc.components.schemas[name];
const createWidget = (doc: Fixture) => doc.paths['/widgets'].post;
const getWidget = (doc: Fixture) => doc.paths['/widgets/{widgetId}'].get;
const idempotency = (doc: Fixture) => doc.components.parameters.IdempotencyKey['x-idempotency'];
const addCode = (doc: Fixture) =>
  Object.assign(createWidget(doc).responses['422'].content['application/problem+json'].examples, {
    locked: {value: {code: 'WIDGET_LOCKED'}},
  });

/** Each row of the table, `<rule> <severity>`: the edit of the older fixture (if any) and of the newer that reports it. */
const EDITS: Record<string, {older?: Edit; newer: Edit}> = {
  'operation-removed breaking': {newer: (doc) => delete doc.paths['/widgets/{widgetId}']},
  'success-status-changed breaking': {
    newer: (doc) => {
      getWidget(doc).responses['203'] = getWidget(doc).responses['200'];
      delete getWidget(doc).responses['200'];
    },
  },
  'parameter-removed breaking': {newer: (doc) => createWidget(doc).parameters.pop()},
  'parameter-added-required breaking': {
    newer: (doc) =>
      createWidget(doc).parameters.push({name: 'region', in: 'query', required: true, schema: {type: 'string'}}),
  },
  'parameter-became-required breaking': {newer: (doc) => (createWidget(doc).parameters[1].required = true)},
  'request-body-removed breaking': {newer: (doc) => delete createWidget(doc).requestBody},
  'request-body-required breaking': {
    newer: (doc) =>
      (getWidget(doc).requestBody = {required: true, content: {'application/json': {schema: {type: 'object'}}}}),
  },
  'request-field-removed breaking': {newer: (doc) => delete schema(doc, 'WidgetCreate').properties.quantity},
  'request-field-added-required breaking': {
    newer: (doc) => {
      schema(doc, 'WidgetCreate').properties.colour = {type: 'string'};
      schema(doc, 'WidgetCreate').required = ['name', 'colour'];
    },
  },
  'request-field-became-required breaking': {
    newer: (doc) => (schema(doc, 'WidgetCreate').required = ['name', 'quantity']),
  },
  'response-field-removed breaking': {newer: (doc) => delete schema(doc, 'Widget').properties.size},
  'response-field-became-optional breaking': {newer: (doc) => (schema(doc, 'Widget').required = ['id', 'name'])},
  'type-changed breaking': {newer: (doc) => (schema(doc, 'Widget').properties.id = {type: 'integer'})},
  'constraint-narrowed breaking': {newer: (doc) => (schema(doc, 'WidgetCreate').properties.name.maxLength = 20)},
  'constraint-widened breaking': {
    older: (doc) => (schema(doc, 'Widget').properties.name.maxLength = 40),
    newer: (doc) => (schema(doc, 'Widget').properties.name.maxLength = 80),
  },
  'pattern-changed breaking': {newer: (doc) => (schema(doc, 'WidgetCreate').properties.name.pattern = '^[a-f]+$')},
  'pattern-changed additive': {
    newer: (doc) => (schema(doc, 'WidgetCreate').properties.name.pattern = '^[a-z0-9]+$'),
  },
  'enum-value-removed breaking': {newer: (doc) => (schema(doc, 'WidgetSize').enum = ['S', 'M'])},
  'enum-value-added breaking': {newer: (doc) => (schema(doc, 'WidgetStatus').enum = ['NEW', 'DONE', 'EXPIRED'])},
  'enum-value-added additive': {
    newer: (doc) => (schema(doc, 'EventType').enum = ['widget.updated', 'widget.deleted']),
  },
  'enum-closed breaking': {newer: (doc) => delete schema(doc, 'EventType')['x-ms-enum']},
  'enum-opened additive': {
    newer: (doc) => (schema(doc, 'WidgetStatus')['x-ms-enum'] = {name: 'WidgetStatus', modelAsString: true}),
  },
  'response-header-removed breaking': {newer: (doc) => delete getWidget(doc).responses['200'].headers},
  'response-header-added additive': {
    newer: (doc) => (createWidget(doc).responses['201'].headers = {'Idempotent-Replayed': {schema: {type: 'string'}}}),
  },
  'error-code-removed breaking': {
    newer: (doc) =>
      (createWidget(doc).responses['422'].content['application/problem+json'].examples = {
        invalid: {value: {code: 'VALIDATION_FAILED'}},
      }),
  },
  'error-code-status-changed breaking': {
    newer: (doc) => {
      getWidget(doc).responses['410'] = {...getWidget(doc).responses['404'], description: 'Gone'};
      delete getWidget(doc).responses['404'];
    },
  },
  'error-code-added breaking': {
    newer: (doc) => {
      delete schema(doc, 'ErrorCode')['x-ms-enum'];
      addCode(doc);
    },
  },
  'error-code-added additive': {newer: addCode},
  'idempotency-key-changed breaking': {newer: (doc) => createWidget(doc).parameters.shift()},
  'idempotency-table-removed breaking': {
    newer: (doc) => delete doc.components.parameters.IdempotencyKey['x-idempotency'],
  },
  'idempotency-table-changed breaking': {newer: (doc) => (idempotency(doc).retentionHours = 12)},
  'idempotency-table-added additive': {
    older: (doc) => delete doc.components.parameters.IdempotencyKey['x-idempotency'],
    newer: () => {},
  },
  'idempotency-outcome-added additive': {
    newer: (doc) =>
      idempotency(doc).outcomes.push({status: 404, code: 'WIDGET_NOT_FOUND', kept: false, next: 'new-key'}),
  },
  'webhook-removed breaking': {newer: (doc) => delete doc.webhooks['widget.updated']},
  'webhook-added additive': {
    newer: (doc) =>
      (doc.webhooks['widget.deleted'] = {
        post: {...doc.webhooks['widget.updated'].post, operationId: 'widgetDeleted', summary: 'Widget deleted'},
      }),
  },
  'webhook-signature-changed breaking': {newer: (doc) => (doc['x-webhook-signature'].signedPayload = '{t}:{body}')},
  'webhook-signature-changed additive': {
    older: (doc) => delete doc['x-webhook-signature'].toleranceSeconds,
    newer: () => {},
  },
  'webhook-signature-added additive': {older: (doc) => delete doc['x-webhook-signature'], newer: () => {}},
  'retry-schedule-changed breaking': {newer: (doc) => (doc['x-webhook-delivery'].attemptMinutes = [0, 1, 10])},
  'retry-schedule-changed additive': {newer: (doc) => (doc['x-webhook-delivery'].secretRotationOverlapHours = 48)},
  'retry-schedule-added additive': {older: (doc) => delete doc['x-webhook-delivery'], newer: () => {}},
  'deprecation-without-notice breaking': {newer: (doc) => (getWidget(doc).deprecated = true)},
  'deprecated deprecated': {
    newer: (doc) =>
      Object.assign(getWidget(doc), {deprecated: true, 'x-deprecation': {since: '2026-12-01', sunset: '2027-06-01'}}),
  },
  'operation-added additive': {
    newer: (doc) => (doc.paths['/widgets/{widgetId}'].delete = {...getWidget(doc), operationId: 'deleteWidget'}),
  },
  'parameter-added additive': {
    newer: (doc) => createWidget(doc).parameters.push({name: 'locale', in: 'query', schema: {type: 'string'}}),
  },
  'request-body-added additive': {
    newer: (doc) => (getWidget(doc).requestBody = {content: {'application/json': {schema: {type: 'object'}}}}),
  },
  'request-field-added additive': {
    newer: (doc) => (schema(doc, 'WidgetCreate').properties.colour = {type: 'string'}),
  },
  'response-field-added additive': {newer: (doc) => (schema(doc, 'Widget').properties.colour = {type: 'string'})},
};

const rowKey = (rule: string, severity: string) => `${rule} ${severity}`;

function changesOf({older = () => {}, newer}: {older?: Edit; newer: Edit}): ApiChange[] {
  const [before, after] = [fixture(), fixture()];
  older(before);
  newer(after);
  return diffByRules(before, after);
}

describe('the change rule table', () => {
  // The engine's row and the declared row are reported by what no edit of the fixture makes (below).
  const rows = CHANGE_RULES.filter((r) => r.rule !== ENGINE_RULE && r.rule !== DECLARED_RULE);

  it('lists each rule and severity once', () => {
    const keys = CHANGE_RULES.map((r) => rowKey(r.rule, r.severity));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(rows.map((r) => [rowKey(r.rule, r.severity)]))('%s: an edit reports it', (key) => {
    const edit = EDITS[key];
    expect(edit, `no edit of the fixture reports ${key}`).toBeDefined();
    const found = changesOf(edit!).map((c) => rowKey(c.rule, c.severity));
    expect(found).toContain(key);
  });

  it('every change the edits report is a row of the table (no edit is left without its row)', () => {
    const table = new Set(CHANGE_RULES.map((r) => rowKey(r.rule, r.severity)));
    expect(Object.keys(EDITS).filter((key) => !table.has(key))).toEqual([]);
    for (const edit of Object.values(EDITS)) {
      for (const change of changesOf(edit))
        expect(table, change.message).toContain(rowKey(change.rule, change.severity));
    }
  });

  it("reports the generic engine's major verdicts under its row: a security requirement added", () => {
    const before = fixture();
    const after = fixture();
    after.components.securitySchemes = {apiKey: {type: 'http', scheme: 'bearer'}};
    getWidget(after).security = [{apiKey: []}];
    const engine = diffDefinitions(before, after).filter((c) => c.rule.startsWith(`${ENGINE_RULE}/`));
    expect(engine.length, JSON.stringify(diffDefinitions(before, after))).toBeGreaterThan(0);
    expect(engine.every((c) => c.severity === 'breaking')).toBe(true);
  });

  it("reports a change a release's notes declare under the declared row, by its kind", () => {
    const {changes} = declaredOf(
      {
        notes: {},
        declared: [
          {
            id: 'declared/meaning:#/components/schemas/Widget/properties/size',
            kind: 'meaning',
            pointer: '#/components/schemas/Widget/properties/size',
            severity: 'breaking',
            summary: '`size` is measured in inches.',
            note: 'Convert it.',
          },
        ],
      },
      fixture(),
      'fixture notes',
    );
    expect(changes.map((c) => [c.rule, c.severity])).toEqual([[`${DECLARED_RULE}/meaning`, 'breaking']]);
    expect(CHANGE_RULES.find((r) => r.rule === DECLARED_RULE)?.severity).toBe('breaking');
  });

  it('refuses a change under a rule or a severity the table does not list, naming it', () => {
    const found = {message: 'm', pointer: '#/paths'};
    expect(() => toChange({...found, rule: 'field-vanished', severity: 'breaking'})).toThrow(
      'no change rule "field-vanished" rated breaking',
    );
    expect(() => toChange({...found, rule: 'operation-removed', severity: 'additive'})).toThrow(
      'no change rule "operation-removed" rated additive',
    );
    expect(toChange({...found, rule: `${ENGINE_RULE}/security`, severity: 'breaking'}).id).toBe(
      'redocly/security:#/paths',
    );
  });
});
