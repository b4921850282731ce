/** JSON pointers of what the rules compare: a field by its path below a schema, and the node a pointer names. */
import {resolve} from '../refs.ts';
import type {JsonObject} from '../types.ts';

const escape = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');

/** The node a local pointer names, with its `$ref`s followed (and the keywords beside them kept). */
export function nodeAt(doc: JsonObject, pointer: string): JsonObject {
  return resolve(doc, {$ref: pointer}, pointer).node;
}

/** Where the schema of a field is written: `path` (`items[].amount.currency`, `metadata.*`) below the schema at `rootAt`. */
export function fieldPointer(doc: JsonObject, rootAt: string, path: string): string {
  let at = rootAt;
  if (!path) return at;
  for (const segment of path.split('.')) {
    const [, name = '', arrays = ''] = /^(.*?)((?:\[\])*)$/.exec(segment)!;
    const here = resolve(doc, {$ref: at}, at).pointer;
    at = name === '*' ? `${here}/additionalProperties` : `${here}/properties/${escape(name)}`;
    for (let i = 0; i < arrays.length / 2; i++) at = `${resolve(doc, {$ref: at}, at).pointer}/items`;
  }
  return at;
}

/** The component schema a pointer lies in: `#/components/schemas/Payout/properties/status` -> `Payout`. */
export function schemaOfPointer(pointer: string): string | undefined {
  const name = /^#\/components\/schemas\/([^/]+)/.exec(pointer)?.[1];
  return name?.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The path a field's parent has: `items[].id` -> `items`, `amount.currency` -> `amount`, `amount` -> `''`. */
export function parentPath(path: string): string {
  const cut = path.lastIndexOf('.');
  return (cut < 0 ? '' : path.slice(0, cut)).replace(/(\[\])+$/, '');
}
