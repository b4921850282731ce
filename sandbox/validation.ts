/**
 * Request and answer validation with Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1) against
 * the definition's own schemas. Two copies of the definition are compiled, one per direction, because
 * `readOnly` fields are required in answers but never sent, and `writeOnly` ones the other way round.
 *
 * One deliberate difference from the definition: `webhookUrl` must be https in Kestrel, and the local
 * sandbox also accepts http on a loopback host, so a receiver on this machine can get deliveries.
 */
import {Ajv2020, type ErrorObject, type ValidateFunction} from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import {specificViolations, violationField, violationSentence} from '../config/violation-words.ts';
import type {Json, JsonObject} from '../definition/index.ts';
import {isObject} from '../definition/index.ts';
import type {Definition, Operation} from './definition.ts';
import {HTTPS_ONLY} from './local-differences.ts';
import {ProblemError, validationFailed} from './problems.ts';

// ajv-formats is CommonJS: under Node's own ESM loader its function is the default export's default.
const addFormats = ((addFormatsModule as {default?: unknown}).default ?? addFormatsModule) as (ajv: Ajv2020) => void;

/** What the local sandbox accepts in place of the definition's only https-only pattern (local-differences.ts). */
export const HTTPS_OR_LOOPBACK = '^(https://|http://(127\\.0\\.0\\.1|localhost|\\[::1\\])(:[0-9]{1,5})?(/|$))';

type Direction = 'request' | 'response';

function directionCopy(definition: Definition, direction: Direction): JsonObject {
  const copy = structuredClone(definition.doc);
  const flag = direction === 'request' ? 'readOnly' : 'writeOnly';
  const flagged = (schema: Json | undefined): boolean => {
    const resolved = definition.resolve(schema);
    return (isObject(schema) && schema[flag] === true) || (isObject(resolved) && resolved[flag] === true);
  };
  const walk = (node: Json): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!isObject(node)) return;
    if (node.pattern === HTTPS_ONLY) node.pattern = HTTPS_OR_LOOPBACK;
    const properties = node.properties;
    if (isObject(properties) && Array.isArray(node.required)) {
      node.required = node.required.filter((name) => !flagged(properties[String(name)]));
    }
    for (const value of Object.values(node)) walk(value);
  };
  walk(copy);
  return copy;
}

function newAjv(coerceTypes: boolean): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    coerceTypes,
    allowUnionTypes: true,
    validateSchema: false,
    strict: false,
  });
  addFormats(ajv);
  return ajv;
}

/** Ajv's errors as Kestrel's `validationErrors`: field -> messages, in config/violation-words.ts's words. */
export function validationErrors(
  errors: ErrorObject[] | null | undefined,
  nameOf: (e: ErrorObject) => string,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const e of specificViolations(errors ?? [])) {
    const field = nameOf(e) || '(body)';
    const text = violationSentence(e);
    const list = (out[field] ??= []);
    if (!list.includes(text)) list.push(text);
  }
  return out;
}

const encodePointer = (pointer: string) =>
  `#${pointer
    .slice(1)
    .split('/')
    .map((t) => encodeURIComponent(t))
    .join('/')}`;

/**
 * Drops the fields of a value that its schema does not declare (`resolve` follows `$ref`s in the
 * schema's document), keeping objects whose schema allows other properties as they are.
 */
export function pruneToSchema(
  resolve: (node: Json | undefined) => Json | undefined,
  schema: Json | undefined,
  value: Json,
): Json {
  const s = resolve(schema);
  if (!isObject(s)) return value;
  if (Array.isArray(value)) return s.items ? value.map((v) => pruneToSchema(resolve, s.items, v)) : value;
  if (!value || typeof value !== 'object') return value;
  const parts = [
    s,
    ...['allOf', 'oneOf', 'anyOf'].flatMap((k) => {
      const branches = s[k];
      return Array.isArray(branches) ? branches.map((x) => resolve(x)).filter(isObject) : [];
    }),
  ];
  if (parts.some((p) => p.additionalProperties !== undefined && p.additionalProperties !== false)) return value;
  const declared = new Map<string, Json>();
  for (const p of parts) {
    const properties = isObject(p.properties) ? p.properties : {};
    for (const [k, v] of Object.entries(properties)) if (!declared.has(k)) declared.set(k, v);
  }
  if (declared.size === 0) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => declared.has(k))
      .map(([k, v]) => [k, pruneToSchema(resolve, declared.get(k), v)]),
  );
}

export class Validator {
  private readonly definition: Definition;
  private readonly body = newAjv(false);
  private readonly params = newAjv(true);
  private readonly answers = newAjv(false);
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(definition: Definition) {
    this.definition = definition;
    const request = directionCopy(definition, 'request');
    this.body.addSchema(request, 'request.json');
    this.params.addSchema(request, 'request.json');
    this.answers.addSchema(directionCopy(definition, 'response'), 'response.json');
  }

  private compiled(key: string, ajv: Ajv2020, schema: () => object): ValidateFunction {
    let fn = this.cache.get(key);
    if (!fn) {
      fn = ajv.compile(schema());
      this.cache.set(key, fn);
    }
    return fn;
  }

  /**
   * Checks and converts the query parameters (`$top=5` becomes the number 5). A bad `$` list option
   * answers 400 INVALID_QUERY_OPTION as the definition says; any other bad parameter is a 422.
   */
  query(op: Operation, raw: URLSearchParams): Record<string, Json> {
    const declared = op.parameters.filter((p) => p.in === 'query');
    const values: Record<string, Json> = {};
    for (const p of declared) {
      const value = raw.get(p.name);
      // A parameter sent without a value (`?$top` or `?$top=`, as the API explorer sends an empty
      // field) is a parameter not sent: its default applies, or a required one is reported missing.
      if (value !== null && value !== '') values[p.name] = value;
    }
    const validate = this.compiled(`query:${op.operationId}`, this.params, () => ({
      type: 'object',
      properties: Object.fromEntries(
        declared.map((p) => [p.name, {$ref: `request.json${encodePointer(this.parameterSchemaAt(op, p.name))}`}]),
      ),
      required: declared.filter((p) => p.required).map((p) => p.name),
    }));
    if (!validate(values)) {
      const errors = validationErrors(validate.errors, (e) =>
        e.keyword === 'required' ? String(e.params.missingProperty) : e.instancePath.split('/')[1]!.replace(/~1/g, '/'),
      );
      const listOption = Object.keys(errors).find((name) => name.startsWith('$'));
      if (listOption) {
        throw new ProblemError(
          'INVALID_QUERY_OPTION',
          `The query option ${listOption} is invalid: ${errors[listOption]!.join(' ')}`,
        );
      }
      throw validationFailed(errors);
    }
    return values;
  }

  private parameterSchemaAt(op: Operation, name: string): string {
    const parameter = op.parameters.find((p) => p.name === name);
    if (!parameter) throw new Error(`no parameter ${name} on ${op.operationId}`);
    return parameter.schemaAt;
  }

  /** Checks a path parameter; false when it breaks its schema (the caller answers 404). */
  pathParameter(op: Operation, name: string, value: string): boolean {
    const validate = this.compiled(`path:${op.operationId}:${name}`, this.params, () => ({
      $ref: `request.json${encodePointer(this.parameterSchemaAt(op, name))}`,
    }));
    return validate(value);
  }

  /**
   * Drops the fields of a valid body that its schema does not declare, so that an unknown field is
   * ignored rather than stored and answered back (where it would break the answer's schema).
   */
  prune(schema: Json | undefined, value: Json): Json {
    return pruneToSchema((node) => this.definition.resolve(node), schema, value);
  }

  /** Checks a parsed JSON body against the operation's request schema; throws 422 naming each field. */
  requestBody(op: Operation, body: unknown): void {
    if (!op.bodySchemaAt) return;
    const validate = this.compiled(`body:${op.operationId}`, this.body, () => ({
      $ref: `request.json${encodePointer(op.bodySchemaAt!)}`,
    }));
    if (!validate(body)) {
      throw validationFailed(validationErrors(validate.errors, violationField));
    }
  }

  /**
   * Checks an answer against the operation's documented response: the status must be documented and
   * the body must match its schema. Returns the problems found (empty when it conforms). Used by the
   * tests; the server does not spend time on it per request.
   */
  answer(op: Operation, status: number, contentType: string | undefined, answer: unknown): string[] {
    const response = this.definition.response(op, status) ?? this.definition.response(op, 'default');
    if (!response) return [`status ${status} is not documented for ${op.operationId}`];
    const key = response.status;
    const body = response.body;
    if (!body) return answer === undefined || answer === '' ? [] : [`status ${status} documents no body`];
    const type = (contentType ?? '').split(';')[0]!.trim();
    if (type !== body.mediaType) return [`content type ${type || '(none)'} is not documented for ${status}`];
    const validate = this.compiled(`answer:${op.operationId}:${key}:${type}`, this.answers, () => ({
      $ref: `response.json${encodePointer(body.schemaPointer)}`,
    }));
    return validate(answer)
      ? []
      : (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? e.keyword}`);
  }
}
