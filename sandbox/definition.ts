/**
 * The API definition the sandbox serves, read once from the bundled `static/openapi.json`, and an
 * index of its operations: everything the server knows about paths, parameters, scopes, bodies,
 * answers and error codes comes from here, so a change to the definition changes the sandbox.
 */
import {
  buildDefinition,
  pointerOf,
  readDefinition,
  referencedSchemaName,
  resolve,
  type ApiDefinition,
  type Operation as ModelOperation,
} from '../definition/index.ts';
import {valueAt} from '../definition/json-pointer.mjs';

// The definition is plain JSON of unknown shape; operations read it through these helpers.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the definition's shape is redocly lint's to check, not the compiler's
export type Json = any;

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  /** The parameter's schema as the model's field (type, enum, bounds). */
  schema: Json;
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
  responses: Record<string, Json>;
  /** The code of the operation's documented 404, e.g. INVOICE_NOT_FOUND. */
  notFoundCode?: string;
  /** Whether it takes an `Idempotency-Key` header. */
  idempotent: boolean;
  raw: Json;
  /** The operation as the definition model (definition/) reads it. */
  model: ModelOperation;
}

export class Definition {
  readonly doc: Json;
  readonly model: ApiDefinition;
  readonly operations: Operation[];
  readonly byId: Map<string, Operation>;

  constructor(doc: Json) {
    this.doc = doc;
    this.model = buildDefinition(doc);
    this.operations = this.model.operations.map((op) => this.index(op));
    this.byId = new Map(this.operations.map((op) => [op.operationId, op]));
  }

  static load(file: string): Definition {
    return new Definition(readDefinition(file));
  }

  /** The value at a local JSON pointer such as `#/components/schemas/Invoice`. */
  at(pointer: string): Json {
    return valueAt(this.doc, pointer);
  }

  /** Follows `$ref`s to the node they name (the model's resolver); anything else comes back as it is. */
  resolve(node: Json): Json {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return node;
    const resolved = resolve(this.doc, node, '#');
    return resolved.refs.length ? resolved.node : node;
  }

  operation(operationId: string): Operation {
    const op = this.byId.get(operationId);
    if (!op) throw new Error(`the definition has no operation ${operationId}`);
    return op;
  }

  /** The first example of a media type (`example`, else the first of `examples`), deep-copied. */
  firstExample(media: Json): Json {
    if (!media) return undefined;
    if ('example' in media) return structuredClone(media.example);
    const named = media.examples ? Object.values<Json>(media.examples)[0] : undefined;
    const value = this.resolve(named)?.value;
    return value === undefined ? undefined : structuredClone(value);
  }

  /** The documented example of an operation's answer with this status, deep-copied. */
  responseExample(op: Operation, status = op.successStatus): Json {
    const body = op.model.responses.find((r) => r.status === String(status))?.body;
    const value = body?.examples[0]?.value;
    return value === undefined ? undefined : structuredClone(value);
  }

  /** The documented example request body of an operation, deep-copied. */
  requestExample(op: Operation): Json {
    const value = op.model.requestBody?.examples[0]?.value;
    return value === undefined ? undefined : structuredClone(value);
  }

  /** The schema of an operation's success answer, resolved. */
  responseSchema(op: Operation, status = op.successStatus): Json {
    const body = op.model.responses.find((r) => r.status === String(status))?.body;
    return body ? this.resolve(this.at(body.schemaPointer)) : undefined;
  }

  /** The name of a `$ref`ed component schema (`#/components/schemas/Invoice` -> `Invoice`). */
  static schemaName(node: Json): string | undefined {
    return referencedSchemaName(node);
  }

  private index(op: ModelOperation): Operation {
    const {path, query, header} = op.parameters;
    const parameters: Parameter[] = [...path, ...query, ...header].map((p) => ({
      name: p.name,
      in: p.in,
      required: p.required,
      schema: p.schema,
      schemaAt: p.schemaPointer,
    }));
    const raw = this.at(op.pointer);
    const body = op.requestBody;
    const successes = op.responses.filter((r) => /^2\d\d$/.test(r.status)).map((r) => Number(r.status));
    const notFound = op.responses.find((r) => r.status === '404')?.body?.examples[0]?.value;
    return {
      operationId: op.operationId,
      method: op.method,
      path: op.path,
      parameters,
      bodySchemaAt: body?.mediaType === 'application/json' ? body.schemaPointer : undefined,
      bodyRequired: body?.required === true,
      scopes: op.scopes,
      successStatus: Math.min(...successes),
      responses: raw.responses ?? {},
      notFoundCode:
        notFound && typeof notFound === 'object' && !Array.isArray(notFound) && typeof notFound.code === 'string'
          ? notFound.code
          : undefined,
      idempotent: op.idempotent,
      raw,
      model: op,
    };
  }

  /** JSON pointer of the answer with this status key (a shared one: its component's). */
  responseAt(op: Operation, key: string): string {
    return resolve(this.doc, op.responses[key], pointerOf('paths', op.path, op.method.toLowerCase(), 'responses', key))
      .pointer;
  }
}
