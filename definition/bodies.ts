/** A request body, a response's content or a webhook's payload: its media type, field tree and examples. */
import {examplesOf} from './examples.ts';
import {fieldTree} from './fields.ts';
import {isObject, pointerOf} from './refs.ts';
import type {Body, Direction, JsonObject} from './types.ts';

/**
 * The body of a resolved request body or response (`holder`, found at `at`): its JSON media type,
 * else its first. Undefined when it has no content.
 */
export function bodyOf(doc: JsonObject, holder: JsonObject, at: string, direction: Direction): Body | undefined {
  if (!isObject(holder.content)) return undefined;
  const types = Object.keys(holder.content);
  const mediaType = types.find((t) => /^application\/(.+\+)?json$/.test(t)) ?? types[0];
  if (mediaType === undefined) return undefined;
  const media = holder.content[mediaType];
  const mediaAt = `${at}${pointerOf('content', mediaType).slice(1)}`;
  if (!isObject(media)) throw new Error(`definition: ${mediaAt} is not an object`);
  const required = direction === 'response' || holder.required === true;
  const body: Body = {
    mediaType,
    required,
    schema: fieldTree(doc, media.schema, `${mediaAt}/schema`, {direction, required}),
    schemaPointer: `${mediaAt}/schema`,
    examples: examplesOf(doc, media, mediaAt),
  };
  if (typeof holder.description === 'string') body.description = holder.description;
  return body;
}
