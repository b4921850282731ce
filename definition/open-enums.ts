/**
 * Which enums are open: those whose schema carries `x-ms-enum` with `modelAsString: true` (the
 * AutoRest extension, which generated clients read to model the enum as a string that may hold
 * values they do not know). Kestrel adds values to an open enum without a new major version, and a
 * client must accept a value it does not know; every other enum is closed, and a value added to it
 * in an answer is a breaking change. The policy pages name these enums, and the API-changes check
 * compares them.
 */
import {isObject} from './refs.ts';
import type {JsonObject} from './types.ts';

/** The extension that declares an enum open. */
export const OPEN_ENUM_EXTENSION = 'x-ms-enum';

/** Whether a schema declares its enum open. */
export function isOpenEnum(schema: unknown): boolean {
  if (!isObject(schema) || !Array.isArray(schema.enum)) return false;
  const marker = schema[OPEN_ENUM_EXTENSION];
  return isObject(marker) && marker.modelAsString === true;
}

/** The names of the component schemas whose enum is open, in the definition's order. */
export function openEnumsOf(doc: JsonObject): string[] {
  const components = isObject(doc.components) ? doc.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  return Object.entries(schemas)
    .filter(([, schema]) => isOpenEnum(schema))
    .map(([name]) => name);
}
