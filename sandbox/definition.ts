/**
 * The API definition the sandbox serves, read once from the bundled `static/openapi.json`, and an
 * index of its operations: everything the server knows about paths, parameters, scopes, bodies,
 * answers and error codes comes from here, so a change to the definition changes the sandbox.
 */
import {
  buildDefinition,
  readDefinition,
  resolve,
  type ApiDefinition,
  type Json,
  type JsonObject,
  type Operation as ModelOperation,
} from '../definition/index.ts';
import type {OperationId} from '../definition/index.ts';
import {isObject} from '../definition/index.ts';
import {valueAt} from '../definition/index.ts';

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  /** JSON pointer of the parameter's schema, for the validator. */
  schemaAt: string;
}

export interface Operation {
  operationId: string;
  method: string;
  /** The path as the definition writes it, such as `/invoices/{invoiceId}`. */
  path: string;
  parameters: Parameter[];
  /** JSON pointer of the request body's `application/json` schema, if the operation takes a body. */
  bodySchemaAt?: string;
  bodyRequired: boolean;
  /** The scopes any of whose security requirements grants access. */
  scopes: string[];
  /** The documented success status (the lowest 2xx). */
  successStatus: number;
  /** The code of the operation's documented 404, e.g. INVOICE_NOT_FOUND. */
  notFoundCode?: string;
  /** Whether it takes an `Idempotency-Key` header. */
  idempotent: boolean;
  /** The operation as the definition model (definition/) reads it. */
  model: ModelOperation;
}

/** A JSON object, or undefined for anything else: how the sandbox narrows what it reads from the document. */
const objectOr = (value: Json | undefined): JsonObject | undefined => (isObject(value) ? value : undefined);

export class Definition {
  /** The bundled definition, for Ajv (which compiles its schemas) and the few components the model does not read. */
  readonly doc: JsonObject;
  readonly model: ApiDefinition;
  readonly operations: Operation[];
  readonly byId: Map<string, Operation>;

  /** `released` reads a definition from openapi/releases/ as it was published (definition/model.ts). */
  constructor(doc: JsonObject, options: Parameters<typeof buildDefinition>[1] = {}) {
    this.doc = doc;
    this.model = buildDefinition(doc, options);
    this.operations = this.model.operations.map((op) => this.index(op));
    this.byId = new Map(this.operations.map((op) => [op.operationId, op]));
  }

  static load(file: string): Definition {
    return new Definition(readDefinition(file));
  }

  /** The value at a local JSON pointer such as `#/components/schemas/Invoice`. */
  at(pointer: string): Json | undefined {
    return valueAt(this.doc, pointer) as Json | undefined;
  }

  /** Follows `$ref`s to the node they name (the model's resolver); anything else comes back as it is. */
  resolve(node: Json | undefined): Json | undefined {
    if (!isObject(node)) return node;
    const resolved = resolve(this.doc, node, '#');
    return resolved.refs.length ? resolved.node : node;
  }

  /** `components.{section}.{name}`, `$ref`s followed; undefined when it is not an object. */
  component(section: 'schemas' | 'examples' | 'securitySchemes', name: string): JsonObject | undefined {
    return objectOr(this.resolve(objectOr(objectOr(this.doc.components)?.[section])?.[name]));
  }

  /** The value of every example under `components.examples`. */
  componentExamples(): Json[] {
    const examples = objectOr(objectOr(this.doc.components)?.examples) ?? {};
    return Object.keys(examples).flatMap((name) => {
      const value = this.component('examples', name)?.value;
      return value === undefined ? [] : [value];
    });
  }

  /** The `enum` of a component schema, such as `Currency`; empty when it has none. */
  schemaEnum(name: string): Json[] {
    const values = this.component('schemas', name)?.enum;
    return Array.isArray(values) ? values : [];
  }

  /** The `properties` a component schema declares by name, each `$ref` followed. */
  schemaProperties(name: string): Map<string, JsonObject> | undefined {
    const properties = objectOr(this.component('schemas', name)?.properties);
    if (!properties) return undefined;
    return new Map(Object.keys(properties).map((key) => [key, objectOr(properties[key]) ?? {}]));
  }

  operation(operationId: OperationId): Operation {
    const op = this.byId.get(operationId);
    if (!op) throw new Error(`the definition has no operation ${operationId}`);
    return op;
  }

  /** The model's answer of an operation with this status (`200`, `404`, `default`). */
  response(op: Operation, status: number | string = op.successStatus) {
    return op.model.responses.find((r) => r.status === String(status));
  }

  /** The documented example of an operation's answer with this status, deep-copied. */
  responseExample(op: Operation, status = op.successStatus): Json | undefined {
    const value = this.response(op, status)?.body?.examples[0]?.value;
    return value === undefined ? undefined : structuredClone(value);
  }

  /** Every documented example of an operation's answer with this status, deep-copied. */
  responseExamples(op: Operation, status = op.successStatus): Json[] {
    return (this.response(op, status)?.body?.examples ?? []).map((example) => structuredClone(example.value));
  }

  /** The documented example request body of an operation, deep-copied. */
  requestExample(op: Operation): Json | undefined {
    const value = op.model.requestBody?.examples[0]?.value;
    return value === undefined ? undefined : structuredClone(value);
  }

  private index(op: ModelOperation): Operation {
    const {path, query, header} = op.parameters;
    const parameters: Parameter[] = [...path, ...query, ...header].map((p) => ({
      name: p.name,
      in: p.in,
      required: p.required,
      schemaAt: p.schemaPointer,
    }));
    const body = op.requestBody;
    const successes = op.responses.filter((r) => /^2\d\d$/.test(r.status)).map((r) => Number(r.status));
    const notFound = op.responses.find((r) => r.status === '404')?.body?.examples[0]?.value;
    const notFoundCode = isObject(notFound) && typeof notFound.code === 'string' ? notFound.code : undefined;
    return {
      operationId: op.operationId,
      method: op.method,
      path: op.path,
      parameters,
      bodySchemaAt: body?.mediaType === 'application/json' ? body.schemaPointer : undefined,
      bodyRequired: body?.required === true,
      scopes: op.scopes,
      successStatus: Math.min(...successes),
      notFoundCode,
      idempotent: op.idempotent,
      model: op,
    };
  }
}
