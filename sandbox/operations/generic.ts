/**
 * Handlers the definition alone determines: a GET whose answer is a `{items, count}` page of a
 * stored type lists it with the list options; a GET of one stored object by id finds it or answers
 * the operation's 404; a DELETE removes it. The stored type is the schema the answer names.
 */
import {Definition, type Json, type Operation} from '../definition.ts';
import {listPage} from '../query.ts';
import type {Handler, World} from '../world.ts';

/** The component schema name of an operation's success answer, or of its items for a page. */
export function answerKind(definition: Definition, op: Operation): {kind?: string; list: boolean} {
  const response = definition.resolve(op.responses[String(op.successStatus)]);
  const raw = response?.content && Object.values<Json>(response.content)[0]?.schema;
  const schema = definition.resolve(raw);
  const items = schema?.properties?.items;
  if (items?.type === 'array' && schema.properties.count) return {kind: Definition.schemaName(items.items), list: true};
  return {kind: Definition.schemaName(raw), list: false};
}

export function listHandler(kind: string): Handler {
  return (call, world) => ({status: 200, body: page(world, call.op, world.store.all(kind), call.query, kind)});
}

export function page(world: World, op: Operation, items: Json[], query: Json, kind: string): Json {
  // x-filterable, as the definition model reads it: the operation's page lists the same fields.
  const filterable = op.model.filterable;
  if (!filterable) throw new Error(`${op.operationId} answers a page of ${kind} but declares no x-filterable`);
  const anyFields = filterable.any.flatMap(({collection, fields}) => fields.map((field) => `${collection}/${field}`));
  const result = listPage(items, query, filterable.fields, anyFields);
  return {items: result.items.map((o) => world.publicView(kind, o)), count: result.count};
}

export function getHandler(kind: string): Handler {
  return (call, world) => {
    const id = Object.values(call.params)[0]!;
    return {status: 200, body: world.publicView(kind, world.find(kind, id, call.op))};
  };
}

export function deleteHandler(kind: string, inUse?: (world: World, id: string) => void): Handler {
  return (call, world) => {
    const id = Object.values(call.params)[0]!;
    world.find(kind, id, call.op);
    inUse?.(world, id);
    world.store.delete(kind, id);
    return {status: 204};
  };
}

/** The generic handler for an operation, if its shape has one. */
export function genericHandler(definition: Definition, op: Operation): Handler | undefined {
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
