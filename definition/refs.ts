/**
 * Follows `$ref`s in the bundled definition. Every reader of the definition goes through here, so a
 * broken reference, a reference that leaves the document or a chain of references that comes back
 * on itself fails in one way, with one message that names the pointer where it was found.
 */
import {valueAt} from './json-pointer.mjs';
import type {Json, JsonObject} from './types.ts';

const SCHEMA_COMPONENT = /^#\/components\/schemas\/([^/]+)$/;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A local JSON pointer from its tokens: `pointerOf('paths', '/invoices', 'post')` -> `#/paths/~1invoices/post`. */
export function pointerOf(...tokens: (string | number)[]): string {
  return `#${tokens.map((t) => `/${String(t).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('')}`;
}

/** The component name a pointer to `#/components/schemas/{name}` gives, else undefined. */
export function schemaNameOf(pointer: string): string | undefined {
  const name = SCHEMA_COMPONENT.exec(pointer)?.[1];
  return name?.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The component name of a schema written as a `$ref` to `#/components/schemas/{name}`, without following it. */
export function referencedSchemaName(node: Json | undefined): string | undefined {
  return isObject(node) && typeof node.$ref === 'string' ? schemaNameOf(node.$ref) : undefined;
}

export interface Resolved {
  /** The node the references lead to, with the keywords written beside each `$ref` laid over it. */
  node: JsonObject;
  /** Where that node is: the last reference's target, else where the node was found. */
  pointer: string;
  /** The references followed, in order (empty when the node held none). */
  refs: string[];
}

/** The node a `$ref` names; throws, naming both pointers, when it names nothing or leaves the document. */
function target(doc: JsonObject, ref: string, at: string): Json {
  if (!ref.startsWith('#')) {
    throw new Error(
      `definition: $ref "${ref}" at ${at} is not local: read the bundled definition (scripts/bundle-openapi.mjs)`,
    );
  }
  const found = valueAt(doc, ref) as Json | undefined;
  if (found === undefined) throw new Error(`definition: $ref "${ref}" at ${at} names nothing in the definition`);
  return found;
}

/**
 * Follows a node's `$ref` chain to a node without one. Keywords beside a `$ref` (OpenAPI 3.1: a
 * `description` that fits this use of a shared schema) override the target's. `at` is the node's
 * own pointer, for messages.
 */
export function resolve(doc: JsonObject, node: Json | undefined, at: string): Resolved {
  let current: Json | undefined = node;
  let pointer = at;
  const refs: string[] = [];
  const overrides: JsonObject[] = [];
  while (isObject(current) && typeof current.$ref === 'string') {
    const {$ref, ...rest} = current;
    if (refs.includes($ref)) throw new Error(`definition: $ref cycle at ${at}: ${[...refs, $ref].join(' -> ')}`);
    refs.push($ref);
    overrides.unshift(rest);
    current = target(doc, $ref, pointer);
    pointer = $ref;
  }
  if (current !== undefined && !isObject(current)) {
    throw new Error(`definition: ${pointer} is ${JSON.stringify(current)}, where an object belongs`);
  }
  return {node: Object.assign({}, current ?? {}, ...overrides) as JsonObject, pointer, refs};
}

/**
 * The schema at `pointer` as one self-contained JSON Schema (2020-12): every schema it refers to,
 * at any depth, is copied under `$defs` and its `$ref`s point there. A validator (Ajv) compiles it
 * on its own, without the rest of the definition; a recursive schema stays a `$ref` to itself.
 */
export function standaloneSchema(doc: JsonObject, pointer: string): JsonObject {
  const defs: JsonObject = {};
  const keyOf = new Map<string, string>();
  const used = new Set<string>();
  const pending: string[] = [];

  const rewrite = (node: Json, at: string): Json => {
    if (Array.isArray(node)) return node.map((item, i) => rewrite(item, `${at}/${i}`));
    if (!isObject(node)) return node;
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        // Fails here, naming the pointer, rather than inside the validator.
        resolve(doc, {$ref: value}, at);
        out.$ref = `#/$defs/${defKey(value)}`;
      } else {
        out[key] = rewrite(value, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
      }
    }
    return out;
  };

  const defKey = (ref: string): string => {
    let key = keyOf.get(ref);
    if (key === undefined) {
      const base = schemaNameOf(ref) ?? ref.replace(/^#\//, '').replace(/\//g, '.');
      key = base;
      for (let n = 2; used.has(key); n++) key = `${base}_${n}`;
      used.add(key);
      keyOf.set(ref, key);
      pending.push(ref);
    }
    return key.replace(/~/g, '~0').replace(/\//g, '~1');
  };

  const root = rewrite(target(doc, pointer, pointer), pointer);
  if (!isObject(root)) throw new Error(`definition: ${pointer} is not a schema object`);
  while (pending.length) {
    const ref = pending.shift()!;
    defs[keyOf.get(ref)!] = rewrite(target(doc, ref, ref), ref);
  }
  const schema: JsonObject = {$schema: 'https://json-schema.org/draft/2020-12/schema', ...root};
  if (Object.keys(defs).length) schema.$defs = defs;
  return schema;
}
