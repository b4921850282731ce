/**
 * One operation's share of the model for the "Try it" explorer (config/try-it.ts): plain JSON that a
 * page carries, so the browser needs neither the definition nor a `$ref` resolver to draw the form
 * and check a body.
 */
import {VERSION_HEADER} from '../config/api-version-header.ts';
import {IDEMPOTENCY_KEY_HEADER} from '../config/try-it.ts';
import type {
  TryItBody,
  TryItJson,
  TryItOperation,
  TryItParameter,
  TryItParameterSchema,
  TryItServer,
} from '../config/try-it.ts';
import {requestBodySchema} from './lookup.ts';
import type {ApiDefinition, Field, Operation, Parameter, Server} from './types.ts';

const SCHEMA_KEYS = [
  'schemaName',
  'format',
  'enum',
  'default',
  'example',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
] as const satisfies readonly (keyof TryItParameterSchema & keyof Field)[];

function parameterSchema(field: Field): TryItParameterSchema {
  const schema: TryItParameterSchema = {type: [...field.type]};
  for (const key of SCHEMA_KEYS) {
    if (field[key] !== undefined) Object.assign(schema, {[key]: field[key]});
  }
  return schema;
}

function tryItParameter(parameter: Parameter): TryItParameter {
  const out: TryItParameter = {
    name: parameter.name,
    in: parameter.in,
    required: parameter.required,
    deprecated: parameter.deprecated,
    schema: parameterSchema(parameter.schema),
  };
  if (parameter.description) out.description = parameter.description;
  const example = parameter.example ?? parameter.schema.example;
  if (example !== undefined) out.example = example;
  return out;
}

function tryItServer(server: Server): TryItServer {
  return {url: server.url, description: server.description ?? server.url};
}

function tryItBody(model: ApiDefinition, op: Operation): TryItBody | undefined {
  const body = op.requestBody;
  const schema = requestBodySchema(model, op);
  if (!body || !schema) return undefined;
  const out: TryItBody = {mediaType: body.mediaType, required: body.required, schema};
  const example: TryItJson | undefined = body.examples[0]?.value ?? body.schema.example;
  if (example !== undefined) out.example = example;
  return out;
}

/**
 * The version header's parameter as a choice among the releases served (none chosen: not sent, the
 * account's pin answers), so that the reader picks a release the API answers at instead of typing one.
 */
function versionChoice(parameter: TryItParameter, versions: readonly string[] | undefined): TryItParameter {
  if (!versions?.length || parameter.in !== 'header' || parameter.name.toLowerCase() !== VERSION_HEADER.toLowerCase())
    return parameter;
  return {...parameter, schema: {...parameter.schema, enum: [...versions].reverse()}};
}

/**
 * What the explorer of `op`'s page needs, with the servers of the bundled definition (the local
 * sandbox in that build); `versions`, the releases served oldest first, are offered newest first
 * for `Kestrel-Version`.
 */
export function tryItOperation(model: ApiDefinition, op: Operation, versions?: readonly string[]): TryItOperation {
  const {path, query, header} = op.parameters;
  const isIdempotencyKey = (p: Parameter) => p.name.toLowerCase() === IDEMPOTENCY_KEY_HEADER.toLowerCase();
  const out: TryItOperation = {
    slug: op.slug,
    operationId: op.operationId,
    method: op.method,
    path: op.path,
    summary: op.summary,
    servers: model.servers.map(tryItServer),
    parameters: [...path, ...query, ...header.filter((p) => !isIdempotencyKey(p))]
      .map(tryItParameter)
      .map((p) => versionChoice(p, versions)),
    idempotent: op.idempotent,
    authenticated: op.security.length > 0,
    scopes: [...op.scopes],
  };
  const body = tryItBody(model, op);
  if (body) out.body = body;
  return out;
}
