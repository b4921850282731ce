/**
 * Edge cases of the definition model (definition/), on small inline definitions: field trees
 * (paths, arrays, maps, recursion, readOnly and writeOnly by direction, constraints), parameters
 * overridden by the operation, and definitions the model refuses with a clear message.
 */
import {describe, expect, it} from 'vitest';
import {buildDefinition, fieldTree, flattenFields, type JsonObject} from '../../definition/index.ts';

const schemas: JsonObject = {
  Money: {
    type: 'object',
    required: ['amount', 'currency'],
    properties: {
      amount: {type: 'string', pattern: '^[0-9]+(\\.[0-9]+)?$', examples: ['1.00']},
      currency: {$ref: '#/components/schemas/Currency'},
    },
  },
  Currency: {type: 'string', enum: ['BTC', 'USD'], 'x-enumDescriptions': {BTC: 'Bitcoin'}},
  Comment: {
    type: 'object',
    properties: {
      id: {type: 'string', format: 'uuid', readOnly: true},
      secret: {type: 'string', writeOnly: true, minLength: 8, maxLength: 64},
      text: {type: ['string', 'null'], default: null},
      replies: {type: 'array', minItems: 0, maxItems: 10, items: {$ref: '#/components/schemas/Comment'}},
      grid: {
        type: 'array',
        items: {type: 'array', items: {type: 'object', properties: {x: {type: 'integer', minimum: 0, maximum: 9}}}},
      },
      labels: {type: 'object', additionalProperties: {$ref: '#/components/schemas/Money'}},
      total: {$ref: '#/components/schemas/Money', description: 'The total of this comment.'},
    },
  },
};
const doc: JsonObject = {openapi: '3.1.0', info: {title: 'T', version: '1'}, paths: {}, components: {schemas}};

describe('fieldTree', () => {
  const response = fieldTree(doc, {$ref: '#/components/schemas/Comment'}, '#/r', {direction: 'response'});
  const request = fieldTree(doc, {$ref: '#/components/schemas/Comment'}, '#/r', {direction: 'request', required: true});
  const byPath = (root: typeof response) => new Map(flattenFields(root).map((f) => [f.path, f]));

  it('names each field by its path: objects with dots, array items with [], map values with .*', () => {
    expect(flattenFields(response).map((f) => f.path)).toEqual([
      'id',
      'text',
      'replies',
      'grid',
      'grid[][].x',
      'labels',
      'labels.*',
      'labels.*.amount',
      'labels.*.currency',
      'total',
      'total.amount',
      'total.currency',
    ]);
  });

  it('leaves readOnly fields out of a request and writeOnly fields out of a response', () => {
    expect(byPath(request).has('id')).toBe(false);
    expect(byPath(request).get('secret')).toMatchObject({writeOnly: true, minLength: 8, maxLength: 64});
    expect(byPath(response).has('secret')).toBe(false);
    expect(byPath(response).get('id')).toMatchObject({readOnly: true, format: 'uuid', type: ['string']});
  });

  it('stops a schema that holds itself at the first repeat, marked recursive', () => {
    const replies = byPath(response).get('replies')!;
    expect(replies).toMatchObject({type: ['array'], minItems: 0, maxItems: 10, recursive: true, children: []});
    expect(replies.items?.schemaName).toBe('Comment');
  });

  it('keeps types, enums with their notes, patterns, bounds, defaults, examples and required marks', () => {
    const fields = byPath(response);
    expect(fields.get('text')).toMatchObject({type: ['string', 'null'], default: null, required: false});
    expect(fields.get('grid')?.items).toMatchObject({type: ['array'], items: {type: ['object']}});
    expect(fields.get('grid[][].x')).toMatchObject({type: ['integer'], minimum: 0, maximum: 9});
    expect(fields.get('total.currency')).toMatchObject({
      required: true,
      schemaName: 'Currency',
      enum: ['BTC', 'USD'],
      enumDescriptions: {BTC: 'Bitcoin'},
    });
    expect(fields.get('total.amount')).toMatchObject({pattern: '^[0-9]+(\\.[0-9]+)?$', example: '1.00'});
    // The description beside the $ref is this field's, not the shared schema's.
    expect(fields.get('total')).toMatchObject({schemaName: 'Money', description: 'The total of this comment.'});
    expect(request).toMatchObject({name: '', path: '', required: true, schemaName: 'Comment'});
  });

  it('refuses a schema whose fields it would not show (oneOf, allOf...), naming where', () => {
    const choice = {type: 'object', properties: {to: {oneOf: [{type: 'string'}, {type: 'integer'}]}}};
    expect(() => fieldTree(doc, choice, '#/c', {direction: 'request'})).toThrow(
      'definition: the schema at #/c/properties/to uses oneOf, which the field trees do not read',
    );
  });
});

const definition = (paths: JsonObject, extra: JsonObject = {}): JsonObject => ({
  openapi: '3.1.0',
  info: {title: 'T', version: '1'},
  paths,
  components: {schemas},
  ...extra,
});

describe('operations of a small definition', () => {
  it('lets an operation parameter replace the path item’s of the same name and place, and groups them', () => {
    const model = buildDefinition(
      definition({
        '/things/{thingId}': {
          parameters: [
            {name: 'thingId', in: 'path', schema: {type: 'string'}, description: 'shared'},
            {name: 'trace', in: 'header', schema: {type: 'string'}},
          ],
          get: {
            operationId: 'getThing',
            parameters: [
              {name: 'thingId', in: 'path', schema: {type: 'string', format: 'uuid'}, description: 'own'},
              {name: 'expand', in: 'query', schema: {type: 'boolean'}, example: true},
            ],
            responses: {'200': {description: 'OK.'}},
          },
        },
      }),
    );
    const op = model.operations[0]!;
    expect(op.slug).toBe('get-thing');
    expect(op.parameters.path).toMatchObject([
      {name: 'thingId', required: true, description: 'own', schema: {format: 'uuid'}},
    ]);
    expect(op.parameters.query).toMatchObject([{name: 'expand', required: false, example: true}]);
    expect(op.parameters.header.map((p) => p.name)).toEqual(['trace']);
    expect(op.idempotent).toBe(false);
    expect(op.security).toEqual([]);
  });

  it('takes the codes of an error answer from its examples, else from its description', () => {
    const model = buildDefinition(
      definition({
        '/things': {
          get: {
            operationId: 'getThings',
            responses: {
              '200': {description: 'OK.'},
              '404': {
                description: 'Not found.',
                content: {'application/problem+json': {examples: {a: {value: {code: 'THING_NOT_FOUND'}}}}},
              },
              '429': {description: 'Too many requests (code `RATE_LIMITED`).'},
            },
          },
        },
      }),
    );
    expect(model.operations[0]!.errors).toEqual([
      {status: '404', description: 'Not found.', codes: ['THING_NOT_FOUND']},
      {status: '429', description: 'Too many requests (code `RATE_LIMITED`).', codes: ['RATE_LIMITED']},
    ]);
  });

  it('refuses what it cannot read, naming where', () => {
    const ok = {responses: {'200': {description: 'OK.'}}};
    expect(() => buildDefinition(definition({'/a': {get: ok}}))).toThrow(
      'definition: GET /a (#/paths/~1a/get) has no operationId, so its page has no slug',
    );
    expect(() => buildDefinition(definition({'/a': {head: {operationId: 'headA', ...ok}}}))).toThrow(
      'definition: #/paths/~1a/head: HEAD operations are not supported',
    );
    expect(() =>
      buildDefinition(
        definition({'/a': {get: {operationId: 'getA', ...ok}}, '/b': {get: {operationId: 'get-a', ...ok}}}),
      ),
    ).toThrow('definition: #/paths/~1a/get and #/paths/~1b/get both make the page /api/get-a');
    expect(() =>
      buildDefinition(definition({'/a': {get: {operationId: 'getA', security: [{apiKey: [], oauth2: []}], ...ok}}})),
    ).toThrow('definition: #/paths/~1a/get/security/0 asks for several schemes at once');
    expect(() => buildDefinition({openapi: '3.1.0'})).toThrow('definition: the definition has no "paths" object');
  });
});
