/**
 * The API's TypeScript types from a bundled definition, by openapi-typescript: what
 * scripts/gen-api-types.ts (`npm run gen-api`'s types step) writes where each reader needs it.
 *
 * The types: `operations` (each operationId's parameters, request body and answers), `components`,
 * `paths`, `webhooks`, and the names our code uses (`OperationId`, `RequestBody`, `Answer`,
 * `Schema`). Descriptions are left out: they are the portal's, and the types change only when the
 * contract does. A field with a default is optional, as a request may leave it out; an open enum
 * (definition/open-enums.ts) also admits any other string, since Kestrel may add values a client
 * must accept.
 */
import openapiTS, {STRING, astToString, tsIntersection, tsLiteral, tsUnion} from 'openapi-typescript';
import prettier from 'prettier';
import ts from 'typescript';
import {isOpenEnum} from '../definition/index.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The operationIds of the definition's paths (not its webhooks), in the definition's order. */
function operationIds(definition: {paths?: Record<string, Record<string, unknown>>}): string[] {
  return Object.values(definition.paths ?? {}).flatMap((item) =>
    METHODS.flatMap((method) => {
      const id = (item[method] as {operationId?: unknown} | undefined)?.operationId;
      return typeof id === 'string' ? [id] : [];
    }),
  );
}

/** `'A' | 'B' | (string & {})`: the known values, named in editors, and any other string. */
const openEnum = (values: unknown[]) =>
  tsUnion([...values.map((value) => tsLiteral(value)), tsIntersection([STRING, ts.factory.createTypeLiteralNode([])])]);

/** Appended to what openapi-typescript writes: the names our code uses. */
const names = (ids: string[]) => `
/** Every operationId of the API's paths (the webhooks' are keys of \`operations\` too). */
export type OperationId = ${ids.map((id) => `'${id}'`).join(' | ')};
type JsonContent<T> = T extends {content: {'application/json': infer Json}} ? Json : never;
/** The JSON body an operation takes (\`never\` when it takes none). */
export type RequestBody<Id extends keyof operations> = JsonContent<NonNullable<operations[Id]['requestBody']>>;
/** The HTTP statuses at which an operation succeeds. */
export type SuccessStatus<Id extends keyof operations> = Extract<keyof operations[Id]['responses'], 200 | 201 | 202 | 204>;
/** An operation's JSON answer at a status (by default, its success). */
export type Answer<
  Id extends keyof operations,
  Status extends keyof operations[Id]['responses'] = SuccessStatus<Id>,
> = JsonContent<operations[Id]['responses'][Status]>;
/** A schema of the definition by its name, such as \`Schema<'Invoice'>\`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];
`;

/** The source of the types file for a bundled definition (JSON, as static/openapi.json holds it). */
export async function apiTypesSource(
  definition: {paths?: Record<string, Record<string, unknown>>},
  header: string,
): Promise<string> {
  const ids = operationIds(definition);
  if (ids.length === 0) throw new Error('the definition has no operations in its paths.');
  const nodes = await openapiTS(structuredClone(definition) as Parameters<typeof openapiTS>[0], {
    defaultNonNullable: false,
    transform: (schema) => (isOpenEnum(schema) ? openEnum(schema.enum ?? []) : undefined),
  });
  const body = astToString(nodes, {formatOptions: {removeComments: true}});
  const source = `${header}\n${body}\n${names(ids)}`;
  const options = await prettier.resolveConfig(import.meta.filename);
  return prettier.format(source, {...options, parser: 'typescript'});
}
