/** The examples of a media type, a parameter or a header: named `examples` first, else a lone `example`. */
import {isObject, resolve} from './refs.ts';
import type {Example, Json, JsonObject} from './types.ts';

export function examplesOf(doc: JsonObject, holder: JsonObject, at: string): Example[] {
  const found: Example[] = [];
  if (isObject(holder.examples)) {
    for (const [name, raw] of Object.entries(holder.examples)) {
      const {node} = resolve(doc, raw, `${at}/examples/${name}`);
      const example: Example = {name, value: node.value ?? null};
      if (typeof node.summary === 'string') example.summary = node.summary;
      if (typeof node.description === 'string') example.description = node.description;
      found.push(example);
    }
  }
  if (!found.length && holder.example !== undefined) found.push({name: 'example', value: holder.example});
  return found;
}

/** The first example's value, if there is one. */
export function firstExample(doc: JsonObject, holder: JsonObject, at: string): Json | undefined {
  return examplesOf(doc, holder, at)[0]?.value;
}
