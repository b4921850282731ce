/**
 * Field trees: what a body's schema says, field by field, with each field's path from the root
 * (`amount.currency`, `items[].id`), so a page, a Markdown twin and the search all name a field the
 * same way.
 */
import {isObject, resolve, schemaNameOf} from './refs.ts';
import type {Direction, Field, Json, JsonObject, SchemaFacts} from './types.ts';

const NUMBER_KEYWORDS = [
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
] as const;
const STRING_KEYWORDS = ['title', 'description', 'format', 'pattern'] as const;
/** Keywords whose fields no tree here would show: a schema using one fails rather than lose fields. */
const UNREAD_KEYWORDS = ['allOf', 'oneOf', 'anyOf', 'not', 'if', 'discriminator', 'prefixItems', 'patternProperties'];

function typesOf(node: JsonObject): string[] {
  if (Array.isArray(node.type)) return node.type.map(String);
  if (typeof node.type === 'string') return [node.type];
  // A schema that lists properties but no type is an object to anyone who reads the page.
  if (isObject(node.properties)) return ['object'];
  if (node.items !== undefined) return ['array'];
  return [];
}

/** The facts of one resolved schema; `items` is filled by `itemsOf`. */
function factsOf(node: JsonObject, schemaName: string | undefined): SchemaFacts {
  const facts: SchemaFacts = {
    type: typesOf(node),
    readOnly: node.readOnly === true,
    writeOnly: node.writeOnly === true,
    deprecated: node.deprecated === true,
  };
  if (schemaName) facts.schemaName = schemaName;
  for (const key of STRING_KEYWORDS) if (typeof node[key] === 'string') facts[key] = node[key];
  for (const key of NUMBER_KEYWORDS) if (typeof node[key] === 'number') facts[key] = node[key];
  if (Array.isArray(node.enum)) facts.enum = node.enum;
  if (isObject(node['x-enumDescriptions'])) {
    facts.enumDescriptions = Object.fromEntries(
      Object.entries(node['x-enumDescriptions']).map(([value, note]) => [value, String(note)]),
    );
  }
  if (node.const !== undefined) facts.const = node.const;
  if (node.uniqueItems === true) facts.uniqueItems = true;
  if (node.default !== undefined) facts.default = node.default;
  const example = node.example ?? (Array.isArray(node.examples) ? node.examples[0] : undefined);
  if (example !== undefined) facts.example = example;
  return facts;
}

interface Walk {
  doc: JsonObject;
  direction: Direction;
  /** The pointers of the named schemas above this node: one of them again is a recursion. */
  above: string[];
}

function resolved(walk: Walk, schema: Json | undefined, at: string) {
  const {node, pointer, refs} = resolve(walk.doc, schema, at);
  const unread = UNREAD_KEYWORDS.find((keyword) => node[keyword] !== undefined);
  if (unread) throw new Error(`definition: the schema at ${pointer} uses ${unread}, which the field trees do not read`);
  return {node, pointer, schemaName: refs.length ? schemaNameOf(pointer) : undefined, named: refs.length > 0};
}

/** What an array's items are, down through arrays of arrays; and the object at the bottom, if any. */
function itemsOf(
  walk: Walk,
  node: JsonObject,
  at: string,
): {facts?: SchemaFacts; innermost?: ReturnType<typeof resolved>; depth: number} {
  if (node.items === undefined) return {depth: 0};
  const item = resolved(walk, node.items, `${at}/items`);
  const facts = factsOf(item.node, item.schemaName);
  const below = itemsOf(walk, item.node, item.pointer);
  if (below.facts) facts.items = below.facts;
  return {facts, innermost: below.innermost ?? item, depth: below.depth + 1};
}

function childrenOf(walk: Walk, node: JsonObject, pointer: string, prefix: string): Field[] {
  if (!isObject(node.properties)) return [];
  const required = new Set(Array.isArray(node.required) ? node.required.map(String) : []);
  const children: Field[] = [];
  for (const [name, schema] of Object.entries(node.properties)) {
    const at = `${pointer}/properties/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    const field = build(walk, schema, at, name, prefix ? `${prefix}.${name}` : name, required.has(name));
    if (walk.direction === 'request' ? field.readOnly : field.writeOnly) continue;
    children.push(field);
  }
  return children;
}

function build(walk: Walk, schema: Json | undefined, at: string, name: string, path: string, required: boolean): Field {
  const self = resolved(walk, schema, at);
  const field: Field = {...factsOf(self.node, self.schemaName), name, path, required, children: [], recursive: false};
  if (self.named && walk.above.includes(self.pointer)) {
    field.recursive = true;
    return field;
  }
  const inner: Walk = self.named ? {...walk, above: [...walk.above, self.pointer]} : walk;
  const items = itemsOf(inner, self.node, self.pointer);
  if (items.facts) field.items = items.facts;
  if (items.innermost) {
    const bottom = items.innermost;
    if (bottom.named && inner.above.includes(bottom.pointer)) field.recursive = true;
    else {
      const itemWalk: Walk = bottom.named ? {...inner, above: [...inner.above, bottom.pointer]} : inner;
      field.children = childrenOf(itemWalk, bottom.node, bottom.pointer, path + '[]'.repeat(items.depth));
    }
  } else {
    field.children = childrenOf(inner, self.node, self.pointer, path);
  }
  if (isObject(self.node.additionalProperties)) {
    const valuesPath = path ? `${path}.*` : '*';
    field.additionalProperties = build(
      inner,
      self.node.additionalProperties,
      `${self.pointer}/additionalProperties`,
      '*',
      valuesPath,
      false,
    );
  }
  return field;
}

/**
 * The field tree of a schema. A request leaves out `readOnly` fields and a response `writeOnly`
 * ones, as neither is sent that way. `at` is the schema's pointer, for messages; the root's `name`
 * and `path` are `name` (a parameter's or header's) or `''` (a body's).
 */
export function fieldTree(
  doc: JsonObject,
  schema: Json | undefined,
  at: string,
  options: {direction: Direction; name?: string; required?: boolean},
): Field {
  const name = options.name ?? '';
  return build({doc, direction: options.direction, above: []}, schema, at, name, name, options.required ?? false);
}

/** Every field below a root, depth first, in the definition's order (a map's values after the fields). */
export function flattenFields(root: Field): Field[] {
  return root.children
    .flatMap((child) => [child, ...flattenFields(child)])
    .concat(root.additionalProperties ? [root.additionalProperties, ...flattenFields(root.additionalProperties)] : []);
}
