/** The events under `webhooks`: what Kestrel sends to a subscriber's endpoint, and what it answers. */
import {bodyOf} from './bodies.ts';
import {methodsOf, slugOf} from './operations.ts';
import {parametersOf} from './parameters.ts';
import {isObject, pointerOf, resolve} from './refs.ts';
import {responsesOf} from './responses.ts';
import type {JsonObject, Webhook} from './types.ts';

/** Every webhook event, in the definition's order; none when the definition has no `webhooks`. */
export function webhooksOf(doc: JsonObject): Webhook[] {
  if (doc.webhooks === undefined) return [];
  if (!isObject(doc.webhooks)) throw new Error('definition: "webhooks" is not an object');
  const webhooks: Webhook[] = [];
  for (const [event, rawItem] of Object.entries(doc.webhooks)) {
    const {node: item, pointer: itemAt} = resolve(doc, rawItem, pointerOf('webhooks', event));
    for (const [method, raw, at] of methodsOf(item, itemAt)) {
      const id = typeof raw.operationId === 'string' ? raw.operationId : undefined;
      const summary = typeof raw.summary === 'string' ? raw.summary : '';
      if (!id && !summary)
        throw new Error(
          `definition: webhook ${event} (${at}) has neither operationId nor summary, so its page has no slug`,
        );
      const tags = Array.isArray(raw.tags) ? raw.tags.map(String) : [];
      const webhook: Webhook = {
        slug: slugOf(id ?? summary),
        event,
        operationId: id ?? '',
        method,
        group: tags[0] ?? '',
        summary,
        description: typeof raw.description === 'string' ? raw.description : '',
        headers: parametersOf(doc, item, itemAt, raw, at).header,
        responses: responsesOf(doc, raw.responses, at),
        pointer: at,
      };
      if (raw.requestBody !== undefined) {
        const {node, pointer} = resolve(doc, raw.requestBody, `${at}/requestBody`);
        // The receiver reads the payload as Kestrel wrote it: a response, readOnly fields included.
        const payload = bodyOf(doc, node, pointer, 'response');
        if (payload) webhook.payload = payload;
      }
      webhooks.push(webhook);
    }
  }
  return webhooks;
}
