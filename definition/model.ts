/** The whole model from a parsed bundled definition: info, servers, groups, operations, webhooks, error codes, idempotency outcomes, webhook delivery rules. */
import {errorCodesOf} from './error-codes.ts';
import {idempotencyOf} from './idempotency.ts';
import {webhookDeliveryOf} from './webhook-delivery.ts';
import {rateLimitOf} from './rate-limit.ts';
import {eventRetentionDaysOf} from './event-retention.ts';
import {operationsOf, type ModelOptions} from './operations.ts';
import {isObject} from './refs.ts';
import type {ApiDefinition, Group, Info, JsonObject, Operation, Server, Webhook} from './types.ts';
import {webhooksOf} from './webhooks.ts';

function infoOf(doc: JsonObject): Info {
  const info = isObject(doc.info) ? doc.info : {};
  const out: Info = {title: String(info.title ?? ''), version: String(info.version ?? '')};
  if (typeof info.summary === 'string') out.summary = info.summary;
  if (typeof info.description === 'string') out.description = info.description;
  return out;
}

function serversOf(doc: JsonObject): Server[] {
  if (!Array.isArray(doc.servers)) return [];
  return doc.servers.filter(isObject).map((s) => {
    const server: Server = {url: String(s.url)};
    if (typeof s.description === 'string') server.description = s.description;
    return server;
  });
}

/** The tags in the definition's order, then any tag that a page uses but `tags` does not list. */
function groupsOf(doc: JsonObject, pages: (Operation | Webhook)[]): Group[] {
  const groups = new Map<string, Group>();
  for (const tag of Array.isArray(doc.tags) ? doc.tags.filter(isObject) : []) {
    const group: Group = {name: String(tag.name), slugs: []};
    if (typeof tag.description === 'string') group.description = tag.description;
    groups.set(group.name, group);
  }
  for (const page of pages) {
    if (!page.group) continue;
    if (!groups.has(page.group)) groups.set(page.group, {name: page.group, slugs: []});
    groups.get(page.group)!.slugs.push(page.slug);
  }
  return [...groups.values()];
}

/** Two pages with one slug would publish one route twice: fail, naming both. */
function checkSlugs(pages: (Operation | Webhook)[]): void {
  const seen = new Map<string, string>();
  for (const page of pages) {
    const before = seen.get(page.slug);
    if (before) throw new Error(`definition: ${before} and ${page.pointer} both make the page /api/${page.slug}`);
    seen.set(page.slug, page.pointer);
  }
}

export function buildDefinition(doc: JsonObject, options: ModelOptions = {}): ApiDefinition {
  const operations = operationsOf(doc, options);
  const webhooks = webhooksOf(doc);
  checkSlugs([...operations, ...webhooks]);
  const idempotency = idempotencyOf(doc);
  const webhookDelivery = doc['x-webhook-delivery'] === undefined ? undefined : webhookDeliveryOf(doc);
  const rateLimit = doc['x-rate-limit'] === undefined ? undefined : rateLimitOf(doc);
  const eventRetentionDays = doc['x-events'] === undefined ? undefined : eventRetentionDaysOf(doc);
  return {
    info: infoOf(doc),
    servers: serversOf(doc),
    groups: groupsOf(doc, [...operations, ...webhooks]),
    operations,
    webhooks,
    errorCodes: errorCodesOf(doc, operations),
    ...(idempotency && {idempotency}),
    ...(webhookDelivery && {webhookDelivery}),
    ...(rateLimit && {rateLimit}),
    ...(eventRetentionDays && {eventRetentionDays}),
    document: doc,
  };
}
