/**
 * The rules on webhooks: an event type removed, and a payload narrowed (the payload is read by the
 * receiver, so the answer-side field rules apply). Webhooks are matched by event type.
 */
import {fieldAnchor, PAYLOAD_ANCHOR} from '../anchors.ts';
import {pointerOf} from '../refs.ts';
import {pageName, type Context, type Page} from './context.ts';
import {compareFields} from './field-rules.ts';

export function webhookRules(ctx: Context): void {
  const newer = new Map(ctx.newer.model.webhooks.map((w) => [w.event, w]));
  for (const old of ctx.older.model.webhooks) {
    const webhook = newer.get(old.event);
    if (!webhook) {
      ctx.add({
        rule: 'webhook-removed',
        severity: 'breaking',
        pointer: pointerOf('webhooks', old.event),
        message: `The \`${old.event}\` webhook event is no longer sent.`,
      });
      continue;
    }
    const page: Page = {kind: 'webhook', webhook};
    if (old.payload && webhook.payload) {
      compareFields(
        ctx,
        {
          page,
          direction: 'response',
          label: `the payload of ${pageName(page)}`,
          anchorOf: (path) => fieldAnchor(PAYLOAD_ANCHOR, path),
        },
        {root: old.payload.schema, at: old.payload.schemaPointer},
        {root: webhook.payload.schema, at: webhook.payload.schemaPointer},
      );
    }
  }
  const older = new Set(ctx.older.model.webhooks.map((w) => w.event));
  for (const webhook of ctx.newer.model.webhooks) {
    if (older.has(webhook.event)) continue;
    const page: Page = {kind: 'webhook', webhook};
    ctx.add({
      rule: 'webhook-added',
      severity: 'additive',
      pointer: pointerOf('webhooks', webhook.event),
      page,
      message: `The \`${webhook.event}\` webhook event was added.`,
    });
  }
}
