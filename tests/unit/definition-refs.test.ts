/**
 * `$ref`s in the definition model (definition/refs.ts), on small inline definitions: a chain is
 * followed with the keywords beside each reference laid over its target, and a reference that
 * names nothing, leaves the document or comes back on itself fails with the pointer named.
 */
import {Ajv2020} from 'ajv/dist/2020.js';
import {describe, expect, it} from 'vitest';
import {buildDefinition, resolve, standaloneSchema, type JsonObject} from '../../definition/index.ts';

const withSchemas = (schemas: JsonObject, body: JsonObject = {$ref: '#/components/schemas/A'}): JsonObject => ({
  openapi: '3.1.0',
  info: {title: 'T', version: '1'},
  paths: {
    '/things': {
      post: {
        operationId: 'createThing',
        requestBody: {content: {'application/json': {schema: body}}},
        responses: {'201': {description: 'Created.'}},
      },
    },
  },
  components: {schemas},
});

describe('resolve', () => {
  it('follows a chain and lays the keywords beside each $ref over its target', () => {
    const doc = withSchemas({
      A: {$ref: '#/components/schemas/B', description: 'A'},
      B: {type: 'string', description: 'B'},
    });
    const found = resolve(doc, {$ref: '#/components/schemas/A', description: 'here'}, '#/x');
    expect(found).toEqual({
      node: {type: 'string', description: 'here'},
      pointer: '#/components/schemas/B',
      refs: ['#/components/schemas/A', '#/components/schemas/B'],
    });
    expect(resolve(doc, {type: 'integer'}, '#/y')).toEqual({node: {type: 'integer'}, pointer: '#/y', refs: []});
  });

  it('fails on a broken $ref, naming it and the pointer where it was found', () => {
    const doc = withSchemas({A: {type: 'object', properties: {b: {$ref: '#/components/schemas/Missing'}}}});
    expect(() => buildDefinition(doc)).toThrow(
      'definition: $ref "#/components/schemas/Missing" at #/components/schemas/A/properties/b names nothing in the definition',
    );
  });

  it('fails on a $ref cycle, naming the pointers of the cycle', () => {
    const doc = withSchemas({A: {$ref: '#/components/schemas/B'}, B: {$ref: '#/components/schemas/A'}});
    expect(() => buildDefinition(doc)).toThrow(
      'definition: $ref cycle at #/paths/~1things/post/requestBody/content/application~1json/schema: #/components/schemas/A -> #/components/schemas/B -> #/components/schemas/A',
    );
  });

  it('fails on a $ref to another file: the definition must be bundled', () => {
    const doc = withSchemas({}, {$ref: './schemas/A.yaml'});
    expect(() => buildDefinition(doc)).toThrow(
      'definition: $ref "./schemas/A.yaml" at #/paths/~1things/post/requestBody/content/application~1json/schema is not local',
    );
  });
});

describe('standaloneSchema', () => {
  const doc = withSchemas({
    Reply: {
      type: 'object',
      required: ['text'],
      properties: {
        text: {type: 'string', minLength: 1},
        replies: {type: 'array', items: {$ref: '#/components/schemas/Reply'}},
      },
    },
  });

  it('copies every schema it uses under $defs, a recursive one included, and Ajv checks nested values', () => {
    const schema = standaloneSchema(doc, '#/components/schemas/Reply');
    expect(Object.keys(schema.$defs as JsonObject)).toEqual(['Reply']);
    const validate = new Ajv2020({strict: false}).compile(schema);
    expect(validate({text: 'a', replies: [{text: 'b', replies: []}]})).toBe(true);
    expect(validate({text: 'a', replies: [{text: ''}]})).toBe(false);
    expect(validate.errors?.[0]?.instancePath).toBe('/replies/0/text');
  });

  it('fails on a broken $ref inside the schema, naming where', () => {
    const broken = withSchemas({A: {type: 'object', properties: {b: {$ref: '#/components/schemas/Nope'}}}});
    expect(() => standaloneSchema(broken, '#/components/schemas/A')).toThrow(
      '$ref "#/components/schemas/Nope" at #/components/schemas/A/properties/b names nothing',
    );
  });
});
