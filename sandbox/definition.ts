/**
 * The API definition the sandbox serves, read once from the bundled `static/openapi.json`, and an
 * index of its operations: everything the server knows about paths, parameters, scopes, bodies,
 * answers and error codes comes from here, so a change to the definition changes the sandbox.
 */
import {readFileSync} from 'node:fs';

// The definition is plain JSON of unknown shape; operations read it through these helpers.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the definition's shape is redocly lint's to check, not the compiler's
export type Json = any;

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Json;
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
  /** For list operations: the fields the description says can be filtered and sorted on. */
  filterFields?: string[];
  raw: Json;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

export class Definition {
  readonly doc: Json;
  readonly operations: Operation[];
  readonly byId: Map<string, Operation>;

  constructor(doc: Json) {
    this.doc = doc;
    this.operations = [];
    for (const [path, item] of Object.entries<Json>(doc.paths ?? {})) {
      for (const method of METHODS) {
        const op = item[method];
        if (op?.operationId) this.operations.push(this.index(path, method, op, item.parameters ?? []));
      }
    }
    this.byId = new Map(this.operations.map((op) => [op.operationId, op]));
  }

  static load(file: string): Definition {
    return new Definition(JSON.parse(readFileSync(file, 'utf8')));
  }

  /** The value at a local JSON pointer such as `#/components/schemas/Invoice`. */
  at(pointer: string): Json {
    return pointer
      .replace(/^#\/?/, '')
      .split('/')
      .filter(Boolean)
      .reduce((node: Json, token) => node?.[token.replace(/~1/g, '/').replace(/~0/g, '~')], this.doc);
  }

  /** Follows `$ref`s to the node they name. */
  resolve(node: Json): Json {
    for (let hops = 0; node && typeof node.$ref === 'string'; hops++) {
      if (hops > 20) throw new Error(`reference cycle at ${node.$ref}`);
      node = this.at(node.$ref);
    }
    return node;
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

  /** The documented example of an operation's answer with this status. */
  responseExample(op: Operation, status = op.successStatus): Json {
    const response = this.resolve(op.responses[String(status)]);
    return this.firstExample(response?.content && Object.values<Json>(response.content)[0]);
  }

  /** The documented example request body of an operation. */
  requestExample(op: Operation): Json {
    const body = this.resolve(op.raw.requestBody);
    return this.firstExample(body?.content?.['application/json']);
  }

  /** The schema of an operation's success answer, resolved. */
  responseSchema(op: Operation, status = op.successStatus): Json {
    const response = this.resolve(op.responses[String(status)]);
    const media = response?.content && Object.values<Json>(response.content)[0];
    return this.resolve(media?.schema);
  }

  /** The name of a `$ref`ed component schema (`#/components/schemas/Invoice` -> `Invoice`). */
  static schemaName(node: Json): string | undefined {
    return typeof node?.$ref === 'string' ? node.$ref.split('/').pop() : undefined;
  }

  private index(path: string, method: string, op: Json, shared: Json[]): Operation {
    const parameters: Parameter[] = [...shared, ...(op.parameters ?? [])].map((raw) => {
      const p = this.resolve(raw);
      return {name: p.name, in: p.in, required: p.required === true || p.in === 'path', schema: p.schema ?? {}};
    });
    const pointerOf = (...tokens: string[]) =>
      `#/${tokens.map((t) => t.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
    const body = this.resolve(op.requestBody);
    const json = body?.content?.['application/json'];
    const scopes = [
      ...new Set<string>(
        (op.security ?? this.doc.security ?? []).flatMap((req: Json) => Object.values<string[]>(req).flat()),
      ),
    ];
    const statuses = Object.keys(op.responses ?? {});
    const successStatus = Math.min(...statuses.filter((s) => /^2\d\d$/.test(s)).map(Number));
    const notFound = this.resolve(op.responses?.['404']);
    const notFoundExample = this.firstExample(notFound?.content?.['application/problem+json']);
    const filterText = /filter and sort on (.*?)(?:, for example|\.\s|\.$)/s.exec(op.description ?? '')?.[1];
    return {
      operationId: op.operationId,
      method: method.toUpperCase(),
      path,
      parameters,
      bodySchemaAt: json?.schema
        ? pointerOf('paths', path, method, 'requestBody', 'content', 'application/json', 'schema')
        : undefined,
      bodyRequired: body?.required === true,
      scopes,
      successStatus,
      responses: op.responses ?? {},
      notFoundCode: notFoundExample?.code,
      idempotent: parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key'),
      filterFields: filterText ? [...filterText.matchAll(/`([^`]+)`/g)].map((m) => m[1]!) : undefined,
      raw: op,
    };
  }
}
