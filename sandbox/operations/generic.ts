/**
 * Handlers the definition alone determines: a GET whose answer is a `{items, count}` page of a
 * stored type lists it with the list options; a GET of one stored object by id finds it or answers
 * the operation's 404; a DELETE removes it. The stored type is the schema the answer names.
 */
import type {Definition, Operation} from '../definition.ts';
import type {Json, JsonObject} from '../api-data.ts';
import {listPage} from '../query.ts';
import {servedItems} from '../versions/release-shapes.ts';
import type {BodylessHandler, World} from '../world.ts';

/** The component schema name of an operation's success answer, or of its items for a page. */
export function answerKind(definition: Definition, op: Operation): {kind?: string; list: boolean} {
  const schema = definition.response(op)?.body?.schema;
  const items = schema?.children.find((field) => field.name === 'items');
  const count = schema?.children.some((field) => field.name === 'count');
  if (items?.type.includes('array') && count) return {kind: items.items?.schemaName, list: true};
  return {kind: schema?.schemaName, list: false};
}

export function listHandler(kind: string): BodylessHandler {
  return (call, world) => {
    const items = servedItems(call.apiVersion, kind, world.store.all(kind), world);
    return {status: 200, body: page(world, call.op, items, call.query, kind)};
  };
}

export function page(
  world: World,
  op: Operation,
  items: JsonObject[],
  query: Record<string, Json>,
  kind: string,
): JsonObject {
  // x-filterable, as the definition model reads it: the operation's page lists the same fields.
  const filterable = op.model.filterable;
  if (!filterable) throw new Error(`${op.operationId} answers a page of ${kind} but declares no x-filterable`);
  const anyFields = filterable.any.flatMap(({collection, fields}) => fields.map((field) => `${collection}/${field}`));
  const result = listPage(items, query, filterable.fields, anyFields);
  return {items: result.items.map((o) => world.publicView(kind, o)), count: result.count};
}

export function getHandler(kind: string): BodylessHandler {
  return (call, world) => {
    const id = Object.values(call.params)[0]!;
    return {status: 200, body: world.publicView(kind, world.find(kind, id, call.op))};
  };
}

/** `inUse` refuses the delete when something still holds the object, as the call's version sees it. */
export function deleteHandler(
  kind: string,
  inUse?: (world: World, id: string, apiVersion: string) => void,
): BodylessHandler {
  return (call, world) => {
    const id = Object.values(call.params)[0]!;
    world.find(kind, id, call.op);
    inUse?.(world, id, call.apiVersion);
    world.store.delete(kind, id);
    return {status: 204};
  };
}

/** The generic handler for an operation, if its shape has one. */
export function genericHandler(definition: Definition, op: Operation): BodylessHandler | undefined {
  if (op.method === 'DELETE') {
    const sibling = definition.operations.find((o) => o.path === op.path && o.method === 'GET');
    const kind = sibling && answerKind(definition, sibling).kind;
    return kind ? deleteHandler(kind) : undefined;
  }
  if (op.method !== 'GET') return undefined;
  const {kind, list} = answerKind(definition, op);
  if (!kind) return undefined;
  if (list) return listHandler(kind);
  return op.parameters.some((p) => p.in === 'path') ? getHandler(kind) : undefined;
}
