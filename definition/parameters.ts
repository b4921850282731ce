/** Parameters of an operation or a webhook, resolved and grouped by where they go. */
import {deprecationOf} from './lifecycle.ts';
import {fieldTree} from './fields.ts';
import {firstExample} from './examples.ts';
import {resolve} from './refs.ts';
import type {Json, JsonObject, Parameter, ParameterGroups} from './types.ts';

const PLACES = ['path', 'query', 'header'] as const;

function parameterOf(doc: JsonObject, raw: Json, at: string): Parameter {
  const {node, pointer} = resolve(doc, raw, at);
  const place = PLACES.find((p) => p === node.in);
  if (typeof node.name !== 'string' || !place) {
    throw new Error(
      `definition: the parameter at ${pointer} needs a name and "in" of path, query or header (cookies are not read)`,
    );
  }
  const required = node.required === true || place === 'path';
  const parameter: Parameter = {
    name: node.name,
    in: place,
    required,
    deprecated: node.deprecated === true,
    schema: fieldTree(doc, node.schema, `${pointer}/schema`, {direction: 'request', name: node.name, required}),
    schemaPointer: `${pointer}/schema`,
  };
  if (typeof node.description === 'string') parameter.description = node.description;
  // Only what is marked deprecated sends the Deprecation and Sunset headers; the API-changes check refuses a mark without its dates.
  const deprecation = node.deprecated === true ? deprecationOf(node, pointer) : undefined;
  if (deprecation) parameter.deprecation = deprecation;
  const example = firstExample(doc, node, pointer);
  if (example !== undefined) parameter.example = example;
  return parameter;
}

/**
 * The parameters of the path item and of the operation; the operation's own replace the path
 * item's of the same name and place. `at` is the operation's pointer, `sharedAt` the path item's.
 */
export function parametersOf(
  doc: JsonObject,
  pathItem: JsonObject,
  sharedAt: string,
  operation: JsonObject,
  at: string,
): ParameterGroups {
  const byKey = new Map<string, Parameter>();
  const lists: [Json | undefined, string][] = [
    [pathItem.parameters, `${sharedAt}/parameters`],
    [operation.parameters, `${at}/parameters`],
  ];
  for (const [list, listAt] of lists) {
    if (list === undefined) continue;
    if (!Array.isArray(list)) throw new Error(`definition: ${listAt} is not a list`);
    list.forEach((raw, i) => {
      const parameter = parameterOf(doc, raw, `${listAt}/${i}`);
      byKey.set(`${parameter.in}:${parameter.name}`, parameter);
    });
  }
  const all = [...byKey.values()];
  return {
    path: all.filter((p) => p.in === 'path'),
    query: all.filter((p) => p.in === 'query'),
    header: all.filter((p) => p.in === 'header'),
  };
}
