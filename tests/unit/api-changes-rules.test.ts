/**
 * The API-changes rules, one small fixture each (tests/unit/api-changes-fixture.ts): every change
 * that can break a client is found, rated breaking and named (operation or schema, field, pointer);
 * every additive change passes; and an anchor given is a row the operation page really has.
 */
import {describe, expect, it} from 'vitest';
import {buildDefinition} from '../../definition/model.ts';
import type {ApiField, ApiOperationPage} from '../../config/api-page.ts';
import {operationPage} from '../../plugins/api-reference/page-data.ts';
import type {JsonObject} from '../../definition/types.ts';
import type {ApiChange} from '../../definition/changes/index.ts';
import {breaking, changesAfter, type Fixture} from './api-changes-fixture.ts';

const schema = (doc: Fixture, name: string): Fixture => doc.components.schemas[name];
const createWidget = (doc: Fixture) => doc.paths['/widgets'].post;

/** The one breaking change (by id) the edit makes, with each entry of it. */
function onlyBreaking(change: (doc: Fixture) => void): [ApiChange, ...ApiChange[]] {
  const found = breaking(changesAfter(change));
  expect(new Set(found.map((c) => c.id)).size, found.map((c) => c.message).join('\n')).toBe(1);
  return found as [ApiChange, ...ApiChange[]];
}

describe('breaking changes fail, naming the change', () => {
  it('a response field removed (a rename is a removal)', () => {
    const [change] = onlyBreaking((doc) => {
      const {name, ...rest} = schema(doc, 'Widget').properties;
      schema(doc, 'Widget').properties = {...rest, title: name};
      schema(doc, 'Widget').required = ['id', 'status'];
    });
    expect(change).toMatchObject({
      rule: 'response-field-removed',
      pointer: '#/components/schemas/Widget/properties/name',
      schema: 'Widget',
      operation: {slug: 'create-widget', operationId: 'createWidget'},
    });
    expect(change.message).toContain('`name` was removed from the 201 answer of createWidget (POST /widgets)');
    expect(change.anchor).toBeUndefined();
  });

  it('a type or format change', () => {
    const [change] = onlyBreaking((doc) => (schema(doc, 'Widget').properties.id = {type: 'integer'}));
    expect(change.rule).toBe('type-changed');
    expect(change.message).toContain(
      '`id` of the 201 answer of createWidget (POST /widgets) changed type from string, uuid to integer',
    );
    const [format] = onlyBreaking((doc) => (schema(doc, 'Widget').properties.id = {type: 'string'}));
    expect(format.rule).toBe('type-changed');
  });

  it('a shorter maxLength, a smaller maximum and a tighter pattern on a request field', () => {
    const [shorter] = onlyBreaking((doc) => (schema(doc, 'WidgetCreate').properties.name.maxLength = 20));
    expect(shorter).toMatchObject({rule: 'constraint-narrowed', anchor: 'request-body.name'});
    expect(shorter.message).toContain(
      '`name` of the request body of createWidget (POST /widgets) changed `maxLength` from 40 to 20',
    );
    const [smaller] = onlyBreaking((doc) => (schema(doc, 'WidgetCreate').properties.quantity.maximum = 50));
    expect(smaller).toMatchObject({
      rule: 'constraint-narrowed',
      pointer: '#/components/schemas/WidgetCreate/properties/quantity',
    });
    const [tighter] = onlyBreaking((doc) => (schema(doc, 'WidgetCreate').properties.name.pattern = '^[a-f]+$'));
    expect(tighter.rule).toBe('pattern-changed');
    expect(tighter.message).toContain('it now refuses `gear`');
  });

  it('a new required request field, and a new required parameter', () => {
    const [field] = onlyBreaking((doc) => {
      schema(doc, 'WidgetCreate').properties.colour = {type: 'string'};
      schema(doc, 'WidgetCreate').required = ['name', 'colour'];
    });
    expect(field).toMatchObject({rule: 'request-field-added-required', anchor: 'request-body.colour'});
    const [parameter] = onlyBreaking((doc) =>
      createWidget(doc).parameters.push({name: 'region', in: 'query', required: true, schema: {type: 'string'}}),
    );
    expect(parameter).toMatchObject({rule: 'parameter-added-required', anchor: 'query.region'});
    expect(parameter.message).toContain(
      'the `region` query parameter of createWidget (POST /widgets) was added, required',
    );
  });

  it('an enum value removed from a request, or added to an answer enum that is not declared open', () => {
    const [removed] = onlyBreaking((doc) => (schema(doc, 'WidgetSize').enum = ['S', 'M']));
    expect(removed).toMatchObject({rule: 'enum-value-removed', pointer: '#/components/schemas/WidgetSize/enum'});
    expect(removed.message).toContain('`WidgetSize`');
    expect(removed.message).toContain('no longer accepts `L`');
    const added = onlyBreaking((doc) => (schema(doc, 'WidgetStatus').enum = ['NEW', 'DONE', 'EXPIRED']));
    expect(added[0]).toMatchObject({
      rule: 'enum-value-added',
      id: 'enum-value-added:#/components/schemas/WidgetStatus/enum',
    });
    expect(added[0].message).toContain('gained `EXPIRED`, in an enum not declared open');
    // One change, listed on each page it reaches.
    expect(added.map((c) => c.operation?.slug).sort()).toEqual(['create-widget', 'get-widget']);
  });

  it('an enum no longer declared open', () => {
    const [closed] = onlyBreaking((doc) => delete schema(doc, 'EventType')['x-ms-enum']);
    expect(closed).toMatchObject({
      rule: 'enum-closed',
      pointer: '#/components/schemas/EventType',
      webhook: 'widget-updated',
    });
  });

  it('an error code removed from an operation, or its status changed', () => {
    const [removed] = onlyBreaking((doc) => {
      const content = createWidget(doc).responses['422'].content;
      content['application/problem+json'].examples = {invalid: {value: {code: 'VALIDATION_FAILED'}}};
    });
    expect(removed).toMatchObject({
      rule: 'error-code-removed',
      pointer: '#/paths/~1widgets/post/responses/422/content/application~1problem+json/examples/tooLarge',
    });
    expect(removed.message).toBe('createWidget (POST /widgets) no longer answers `AMOUNT_TOO_LARGE` (422).');
    const [moved] = onlyBreaking((doc) => {
      const responses = doc.paths['/widgets/{widgetId}'].get.responses as Record<string, object>;
      responses['410'] = {...responses['404'], description: 'Gone'};
      delete responses['404'];
    });
    expect(moved).toMatchObject({rule: 'error-code-status-changed', anchor: 'error-410-WIDGET_NOT_FOUND'});
    expect(moved.message).toContain('answers `WIDGET_NOT_FOUND` with 410, not 404');
  });

  it('a change to which operations take an Idempotency-Key', () => {
    const [change] = onlyBreaking((doc) => createWidget(doc).parameters.shift());
    expect(change).toMatchObject({rule: 'idempotency-key-changed', operation: {operationId: 'createWidget'}});
    expect(change.message).toContain('no longer takes an `Idempotency-Key`');
  });

  it('a change to what the idempotency table says is kept', () => {
    const [change] = onlyBreaking((doc) => {
      doc.components.parameters.IdempotencyKey['x-idempotency'].outcomes[2].kept = true;
      doc.components.parameters.IdempotencyKey['x-idempotency'].outcomes[2].next = 'new-key';
    });
    expect(change).toMatchObject({
      rule: 'idempotency-table-changed',
      pointer: '#/components/parameters/IdempotencyKey/x-idempotency/outcomes/2',
    });
    expect(change.message).toContain('VALIDATION_FAILED (422) is kept');
  });

  it('a webhook event type removed', () => {
    const [change] = onlyBreaking((doc) => delete doc.webhooks['widget.updated']);
    expect(change).toMatchObject({rule: 'webhook-removed', pointer: '#/webhooks/widget.updated'});
    expect(change.message).toContain('`widget.updated` webhook event is no longer sent');
  });

  it("a webhook's payload narrowed", () => {
    const [change] = onlyBreaking((doc) => {
      const data = schema(doc, 'WidgetEvent').properties.data;
      delete data.properties.colour;
    });
    expect(change).toMatchObject({rule: 'response-field-removed', webhook: 'widget-updated'});
    expect(change.message).toContain('`data.colour` was removed from the payload of the widget.updated webhook');
  });

  it('a response header removed', () => {
    const [change] = onlyBreaking((doc) => delete doc.paths['/widgets/{widgetId}'].get.responses['200'].headers);
    expect(change).toMatchObject({
      rule: 'response-header-removed',
      pointer: '#/paths/~1widgets~1{widgetId}/get/responses/200/headers/ETag',
    });
    expect(change.message).toBe(
      'The 200 answer of getWidget (GET /widgets/{widgetId}) no longer carries the `ETag` header.',
    );
  });

  it('a change to the signature scheme', () => {
    const [change] = onlyBreaking((doc) => (doc['x-webhook-signature'].signedPayload = '{t}:{body}'));
    expect(change).toMatchObject({rule: 'webhook-signature-changed', pointer: '#/x-webhook-signature/signedPayload'});
  });

  it('a change to the retry schedule', () => {
    const [change] = onlyBreaking((doc) => (doc['x-webhook-delivery'].attemptMinutes = [0, 1, 10]));
    expect(change).toMatchObject({rule: 'retry-schedule-changed', pointer: '#/x-webhook-delivery/attemptMinutes'});
  });

  it('a deprecation without the notice period the policy states', () => {
    const [missing] = onlyBreaking((doc) => (doc.paths['/widgets/{widgetId}'].get.deprecated = true));
    expect(missing).toMatchObject({rule: 'deprecation-without-notice', operation: {operationId: 'getWidget'}});
    expect(missing.message).toContain('without a sunset date');
    const [short] = onlyBreaking((doc) => {
      Object.assign(doc.paths['/widgets/{widgetId}'].get, {
        deprecated: true,
        'x-deprecation': {since: '2026-12-01', sunset: '2027-01-01'},
      });
    });
    expect(short.message).toContain("31 days' notice where the policy gives 180");
    const [field] = onlyBreaking((doc) => (schema(doc, 'WidgetCreate').properties.quantity.deprecated = true));
    expect(field).toMatchObject({rule: 'deprecation-without-notice', anchor: 'request-body.quantity'});
  });
});

describe('additive changes pass', () => {
  it('an optional response field, a new optional parameter, a new error code (ErrorCode is open), a value of an open enum', () => {
    const changes = changesAfter((doc) => {
      schema(doc, 'Widget').properties.colour = {type: 'string'};
      createWidget(doc).parameters.push({name: 'locale', in: 'query', schema: {type: 'string'}});
      const content = createWidget(doc).responses['422'].content;
      Object.assign(content['application/problem+json'].examples, {locked: {value: {code: 'WIDGET_LOCKED'}}});
      schema(doc, 'EventType').enum = ['widget.updated', 'widget.deleted'];
      schema(doc, 'WidgetCreate').properties.name.maxLength = 80;
      createWidget(doc).responses['201'].headers = {'Idempotent-Replayed': {schema: {type: 'string'}}};
    });
    expect(breaking(changes)).toEqual([]);
    expect(new Set(changes.map((c) => c.rule))).toEqual(
      new Set([
        'response-field-added',
        'parameter-added',
        'error-code-added',
        'enum-value-added',
        'response-header-added',
      ]),
    );
    expect(changes.every((c) => c.severity === 'additive')).toBe(true);
  });

  it('a deprecation with the notice period is listed as deprecated, not breaking', () => {
    const changes = changesAfter((doc) =>
      Object.assign(doc.paths['/widgets/{widgetId}'].get, {
        deprecated: true,
        'x-deprecation': {since: '2026-12-01', sunset: '2027-06-01'},
      }),
    );
    expect(changes).toMatchObject([{rule: 'deprecated', severity: 'deprecated'}]);
    expect(changes[0]!.message).toContain('deprecated since 2026-12-01; it stops working on 2027-06-01');
  });

  it('an unchanged definition has no changes', () => {
    expect(changesAfter(() => {})).toEqual([]);
  });
});

describe('anchors', () => {
  function anchorsOf(page: ApiOperationPage): Set<string> {
    const ids = new Set<string>();
    const walk = (fields: ApiField[]) => fields.forEach((f) => (ids.add(f.anchor), walk(f.children)));
    for (const list of Object.values(page.parameters)) walk(list);
    if (page.requestBody) walk(page.requestBody.fields);
    for (const response of page.responses) {
      ids.add(response.anchor);
      walk(response.headers);
      if (response.body) walk(response.body.fields);
      for (const error of response.errorCodes) ids.add(error.anchor);
    }
    return ids;
  }

  it("every anchor a change gives is a row of its operation's page", () => {
    let newer: Fixture | undefined;
    const changes = changesAfter((doc) => {
      schema(doc, 'Widget').properties.colour = {type: 'string'};
      schema(doc, 'WidgetCreate').properties.name.maxLength = 20;
      createWidget(doc).parameters.push({name: 'region', in: 'query', required: true, schema: {type: 'string'}});
      const content = createWidget(doc).responses['422'].content;
      Object.assign(content['application/problem+json'].examples, {locked: {value: {code: 'WIDGET_LOCKED'}}});
      createWidget(doc).responses['201'].headers = {'Idempotent-Replayed': {schema: {type: 'string'}}};
      newer = doc;
    });
    const model = buildDefinition(newer as unknown as JsonObject);
    const withAnchors = changes.filter((c) => c.anchor && c.operation);
    expect(withAnchors.map((c) => c.anchor).sort()).toEqual([
      'error-422-WIDGET_LOCKED',
      'query.region',
      'request-body.name',
      'response-200.colour',
      'response-201.colour',
      'response-201.headers.Idempotent-Replayed',
    ]);
    for (const change of withAnchors) {
      const operation = model.operations.find((op) => op.slug === change.operation!.slug)!;
      expect(anchorsOf(operationPage(model, operation)), change.id).toContain(change.anchor);
    }
  });
});
