/**
 * Every example in the Kestrel API definition validates against its schema: media-type `example`
 * and `examples.*.value` (requests, responses, webhook payloads), parameter and header examples,
 * and the `example`/`examples` of every schema and property. One `it` per example; the test name
 * is the example's JSON pointer in the bundled definition.
 *
 * Validation is JSON Schema 2020-12 (Ajv) with formats, and stricter than the schemas themselves
 * in one way: an object schema that lists `properties` and says nothing about additional ones is
 * closed, so a misspelt field in an example fails. `required` respects the direction of travel:
 * a readOnly property is not required in a request, a writeOnly one not in a response. Separately,
 * request examples must not carry readOnly properties, and responses (and webhook payloads, which
 * Kestrel sends) must not carry writeOnly ones such as a subscription's `secret`.
 */
import {describe, it, expect} from 'vitest';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import {
  deref,
  escapePointerToken,
  getAt,
  isObject,
  loadBundledDefinition,
  operations,
  pointer,
  type Json,
  type JsonObject,
} from './openapi-definition';

type Direction = 'request' | 'response' | 'schema';

interface ExampleCase {
  /** Where the example is used, as a JSON pointer into the bundled definition. */
  name: string;
  value: Json | undefined;
  /** Pointer to the schema the example must satisfy. */
  schemaAt: string;
  direction: Direction;
}

const doc = loadBundledDefinition();

// ---------------------------------------------------------------- schema walking

const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'dependentSchemas'] as const;
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;
const SCHEMA_SINGLES = [
  'items',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
] as const;

/** Visits a schema and its subschemas (not following `$ref`: referenced schemas are roots themselves). */
function walkSchema(node: Json | undefined, at: string, visit: (schema: JsonObject, at: string) => void): void {
  if (!isObject(node)) return;
  visit(node, at);
  for (const key of SCHEMA_MAPS) {
    const map = node[key];
    if (isObject(map)) {
      for (const [name, sub] of Object.entries(map)) walkSchema(sub, `${at}/${key}/${escapePointerToken(name)}`, visit);
    }
  }
  for (const key of SCHEMA_LISTS) {
    const list = node[key];
    if (Array.isArray(list)) list.forEach((sub, i) => walkSchema(sub, `${at}/${key}/${i}`, visit));
  }
  for (const key of SCHEMA_SINGLES) walkSchema(node[key], `${at}/${key}`, visit);
}

interface Located {
  node: JsonObject;
  at: string;
  direction: Exclude<Direction, 'schema'>;
}

/** Every media type, parameter and header of the definition, each once, with its direction of travel. */
function collectObjects(): {mediaTypes: Located[]; parameters: Located[]; headers: Located[]} {
  const seen = new Set<string>();
  const mediaTypes: Located[] = [];
  const parameters: Located[] = [];
  const headers: Located[] = [];
  const once = (list: Located[], raw: Json | undefined, at: string, direction: Located['direction']) => {
    const {node, at: resolvedAt} = deref(doc, raw, at);
    if (!isObject(node) || seen.has(`${resolvedAt}|${direction}`)) return undefined;
    seen.add(`${resolvedAt}|${direction}`);
    const located = {node, at: resolvedAt, direction};
    list.push(located);
    return located;
  };
  const content = (holder: JsonObject, at: string, direction: Located['direction']) => {
    if (!isObject(holder.content)) return;
    for (const [mediaType, mt] of Object.entries(holder.content)) {
      once(mediaTypes, mt, `${at}/content/${escapePointerToken(mediaType)}`, direction);
    }
  };
  for (const entry of operations(doc)) {
    const {operation, at} = entry;
    const params = [
      ...entry.pathParameters.map((p, i) => [p, `${at.replace(/\/[a-z]+$/, '')}/parameters/${i}`] as const),
      ...(Array.isArray(operation.parameters) ? operation.parameters : []).map(
        (p, i) => [p, `${at}/parameters/${i}`] as const,
      ),
    ];
    for (const [param, paramAt] of params) once(parameters, param, paramAt, 'request');
    const body = deref(doc, operation.requestBody, `${at}/requestBody`);
    // Kestrel sends webhook payloads: for readOnly/writeOnly they travel like responses.
    if (isObject(body.node)) content(body.node, body.at, entry.kind === 'webhook' ? 'response' : 'request');
    if (isObject(operation.responses)) {
      for (const [status, raw] of Object.entries(operation.responses)) {
        const response = deref(doc, raw, `${at}/responses/${status}`);
        if (!isObject(response.node)) continue;
        content(response.node, response.at, 'response');
        if (isObject(response.node.headers)) {
          for (const [name, header] of Object.entries(response.node.headers)) {
            once(headers, header, `${response.at}/headers/${escapePointerToken(name)}`, 'response');
          }
        }
      }
    }
  }
  return {mediaTypes, parameters, headers};
}

const {mediaTypes, parameters, headers} = collectObjects();

/** Pointers of every schema root: named schemas plus inline schemas of parameters, headers and media types. */
function schemaRoots(target: JsonObject): {node: Json | undefined; at: string}[] {
  const roots: {node: Json | undefined; at: string}[] = [];
  const components = target.components;
  if (isObject(components) && isObject(components.schemas)) {
    for (const name of Object.keys(components.schemas)) {
      const at = pointer('components', 'schemas', name);
      roots.push({node: getAt(target, at), at});
    }
  }
  for (const {at} of [...mediaTypes, ...parameters, ...headers]) {
    roots.push({node: getAt(target, `${at}/schema`), at: `${at}/schema`});
  }
  return roots;
}

// ---------------------------------------------------------------- the cases

function examplesOf(holder: JsonObject, at: string, schemaAt: string, direction: Direction): ExampleCase[] {
  const cases: ExampleCase[] = [];
  if ('example' in holder) cases.push({name: `${at}/example`, value: holder.example, schemaAt, direction});
  if (isObject(holder.examples)) {
    for (const [key, raw] of Object.entries(holder.examples)) {
      const {node, at: exampleAt} = deref(doc, raw, `${at}/examples/${escapePointerToken(key)}`);
      const name =
        `${at}/examples/${escapePointerToken(key)}` + (exampleAt.startsWith('#/components/') ? ` (${exampleAt})` : '');
      cases.push({name, value: isObject(node) ? node.value : undefined, schemaAt, direction});
    }
  }
  return cases;
}

const mediaCases = mediaTypes.flatMap(({node, at, direction}) => examplesOf(node, at, `${at}/schema`, direction));
const parameterCases = parameters.flatMap(({node, at, direction}) => examplesOf(node, at, `${at}/schema`, direction));
const headerCases = headers.flatMap(({node, at, direction}) => examplesOf(node, at, `${at}/schema`, direction));
const schemaCases: ExampleCase[] = [];
{
  const seen = new Set<string>();
  for (const root of schemaRoots(doc)) {
    walkSchema(root.node, root.at, (schema, at) => {
      if (seen.has(at)) return;
      seen.add(at);
      if ('example' in schema)
        schemaCases.push({name: `${at}/example`, value: schema.example, schemaAt: at, direction: 'schema'});
      if (Array.isArray(schema.examples)) {
        schema.examples.forEach((value, i) =>
          schemaCases.push({name: `${at}/examples/${i}`, value, schemaAt: at, direction: 'schema'}),
        );
      }
    });
  }
}

// ---------------------------------------------------------------- validation

const FLAG: Record<Direction, 'readOnly' | 'writeOnly' | undefined> = {
  request: 'readOnly',
  response: 'writeOnly',
  schema: undefined,
};

function hasFlag(schema: Json | undefined, flag: 'readOnly' | 'writeOnly'): boolean {
  if (!isObject(schema)) return false;
  if (schema[flag] === true) return true;
  const {node} = deref(doc, schema, '');
  return isObject(node) && node[flag] === true;
}

/** A copy of the definition for one direction, with closed objects and direction-aware `required`. */
function definitionFor(direction: Direction): JsonObject {
  const copy = structuredClone(doc);
  const flag = FLAG[direction];
  for (const root of schemaRoots(copy)) {
    walkSchema(root.node, root.at, (schema) => {
      const properties = schema.properties;
      if (!isObject(properties)) return;
      if (flag && Array.isArray(schema.required)) {
        schema.required = schema.required.filter(
          (name) => typeof name !== 'string' || !hasFlag(properties[name], flag),
        );
      }
      const open = ['additionalProperties', 'unevaluatedProperties', 'allOf', 'anyOf', 'oneOf'].some(
        (k) => k in schema,
      );
      if (!open) schema.additionalProperties = false;
    });
  }
  return copy;
}

const ajv = new Ajv2020({
  allErrors: true,
  allowUnionTypes: true,
  validateSchema: false,
  strictSchema: false,
  strictTypes: false,
  strictTuples: false,
  strictRequired: false,
});
addFormats(ajv);
for (const direction of ['request', 'response', 'schema'] as const) {
  ajv.addSchema(definitionFor(direction), `${direction}.json`);
}

/** A JSON pointer as a URI fragment, as Ajv resolves `$ref`s. */
function fragment(at: string): string {
  return `#${at
    .slice(1)
    .split('/')
    .map((token) => encodeURIComponent(token))
    .join('/')}`;
}

const validators = new Map<string, ReturnType<typeof ajv.compile>>();
function validate(example: ExampleCase): string[] {
  const key = `${example.direction}.json${fragment(example.schemaAt)}`;
  let check = validators.get(key);
  if (!check) {
    if (getAt(doc, example.schemaAt) === undefined) return [`no schema at ${example.schemaAt}`];
    check = ajv.compile({$ref: key});
    validators.set(key, check);
  }
  if (example.value === undefined) return ['the example has no value'];
  return check(example.value)
    ? []
    : (check.errors ?? []).map(
        (e) => `${e.instancePath || '(root)'} ${e.message ?? e.keyword} ${JSON.stringify(e.params)}`,
      );
}

/** Properties an example carries that its direction forbids: readOnly in requests, writeOnly in responses. */
function forbiddenProperties(
  value: Json | undefined,
  schemaRaw: Json | undefined,
  flag: 'readOnly' | 'writeOnly',
  at = '',
): string[] {
  const {node: schema} = deref(doc, schemaRaw, '');
  if (!isObject(schema)) return [];
  const found: string[] = [];
  if (isObject(value) && isObject(schema.properties)) {
    for (const [name, sub] of Object.entries(value)) {
      const propertySchema = schema.properties[name];
      if (propertySchema === undefined) continue;
      if (hasFlag(propertySchema, flag)) found.push(`${at}/${name}`);
      else found.push(...forbiddenProperties(sub, propertySchema, flag, `${at}/${name}`));
    }
  }
  if (Array.isArray(value) && schema.items !== undefined) {
    value.forEach((item, i) => found.push(...forbiddenProperties(item, schema.items, flag, `${at}/${i}`)));
  }
  for (const key of SCHEMA_LISTS) {
    const list = schema[key];
    if (Array.isArray(list) && key !== 'prefixItems') {
      for (const sub of list) found.push(...forbiddenProperties(value, sub, flag, at));
    }
  }
  return [...new Set(found)];
}

// ---------------------------------------------------------------- the tests

describe('the definition has examples to check', () => {
  it('finds media-type, parameter, header and schema examples', () => {
    expect(mediaCases.length).toBeGreaterThan(150);
    expect(parameterCases.length).toBeGreaterThanOrEqual(20);
    expect(headerCases.length).toBe(9);
    expect(schemaCases.length).toBeGreaterThan(200);
  });

  it('uses only formats that Ajv checks', () => {
    const formats = new Set<string>();
    for (const root of schemaRoots(doc)) {
      walkSchema(root.node, root.at, (schema) => {
        if (typeof schema.format === 'string') formats.add(schema.format);
      });
    }
    expect([...formats].filter((f) => !ajv.formats[f])).toEqual([]);
  });

  it('rejects a wrong example, so the checks below are not vacuous', () => {
    const money = pointer('components', 'schemas', 'Money');
    const base = {name: 'probe', schemaAt: money, direction: 'response' as const};
    expect(validate({...base, value: {amount: '150.00', currency: 'USD'}})).toEqual([]);
    expect(validate({...base, value: {amount: 150, currency: 'USD'}})).not.toEqual([]);
    expect(validate({...base, value: {amount: '150.00', currency: 'XYZ'}})).not.toEqual([]);
    expect(validate({...base, value: {amount: '150.00', currency: 'USD', note: 'misspelt field'}})).not.toEqual([]);
  });

  it('flags a readOnly id in a request and a writeOnly secret in a response', () => {
    const subscription = {$ref: pointer('components', 'schemas', 'Subscription')};
    const create = {$ref: pointer('components', 'schemas', 'SubscriptionCreate')};
    const value = {
      id: '0fed23d6-1275-4631-a64c-ee6c453e1e15',
      webhookUrl: 'https://acme-coffee.example/hook',
      secret: 'Zq3v8Xr1nKp6Tw2Ld9Hs5Bf7Mc4Yg0Ja',
    };
    expect(forbiddenProperties(value, subscription, 'readOnly')).toEqual(['/id']);
    expect(forbiddenProperties(value, create, 'writeOnly')).toEqual(['/secret']);
  });
});

describe('media-type examples validate against their schema', () => {
  it.each(mediaCases.map((c) => [c.name, c] as const))('%s', (_name, example) => {
    expect(validate(example)).toEqual([]);
  });
});

describe('media-type examples respect readOnly and writeOnly', () => {
  it.each(mediaCases.map((c) => [c.name, c] as const))('%s', (_name, example) => {
    const flag = FLAG[example.direction];
    if (!flag) throw new Error('media-type examples always have a direction');
    expect(forbiddenProperties(example.value, getAt(doc, example.schemaAt), flag)).toEqual([]);
  });
});

describe('parameter examples validate against their schema', () => {
  it.each(parameterCases.map((c) => [c.name, c] as const))('%s', (_name, example) => {
    expect(validate(example)).toEqual([]);
  });
});

describe('header examples validate against their schema', () => {
  it.each(headerCases.map((c) => [c.name, c] as const))('%s', (_name, example) => {
    expect(validate(example)).toEqual([]);
  });
});

describe('schema and property examples validate against their schema', () => {
  it.each(schemaCases.map((c) => [c.name, c] as const))('%s', (_name, example) => {
    expect(validate(example)).toEqual([]);
  });
});
