/**
 * `diffDefinitions`: every change between two bundled definitions that a client can notice,
 * rated breaking, additive or deprecated. Our rules (operation-rules, webhook-rules,
 * rule-data-rules) decide; the generic engine's major verdicts that they do not report are added.
 */
import type {Operation, Webhook} from '../types.ts';
import {pageName, sideOf, toChange, type Context, type Found, type Page} from './context.ts';
import {engineVerdicts, type EngineVerdict} from './engine.ts';
import {operationRules} from './operation-rules.ts';
import {schemaOfPointer} from './pointers.ts';
import {ruleDataRules} from './rule-data-rules.ts';
import type {ApiChange} from './types.ts';
import {webhookRules} from './webhook-rules.ts';

const SEVERITY_ORDER = {breaking: 0, deprecated: 1, additive: 2};

/** Whether one of our changes already reports the engine's verdict, at its place or around it. */
function covered(found: Found[], verdict: EngineVerdict): boolean {
  // `…/schema/required` is a verdict on the fields below `…/schema`.
  const at = verdict.pointer.replace(/\/required$/, '');
  return found.some((f) => f.pointer === at || f.pointer.startsWith(`${at}/`) || at.startsWith(`${f.pointer}/`));
}

/** The page a Redocly change path (`#/paths/~1invoices/post/…`, `#/webhooks/invoice.created/…`) is on. */
function pageOfPath(operations: Operation[], webhooks: Webhook[], changePath: string): Page | undefined {
  const operation = operations.find((op) => changePath === op.pointer || changePath.startsWith(`${op.pointer}/`));
  if (operation) return {kind: 'operation', operation};
  const webhook = webhooks.find((w) => changePath === w.pointer || changePath.startsWith(`${w.pointer}/`));
  return webhook && {kind: 'webhook', webhook};
}

function changesOf(found: Found[]): ApiChange[] {
  const seen = new Set<string>();
  return found
    .map(toChange)
    .filter((change) => {
      const key = `${change.id} ${change.operation?.slug ?? change.webhook ?? ''}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
}

function ruleFindings(older: object, newer: object): {ctx: Context; found: Found[]} {
  const found: Found[] = [];
  const ctx: Context = {older: sideOf(older), newer: sideOf(newer), add: (f) => found.push(f)};
  operationRules(ctx);
  webhookRules(ctx);
  ruleDataRules(ctx);
  return {ctx, found};
}

/** The changes our rules find, without the generic engine (which runs in a process of its own). */
export function diffByRules(older: object, newer: object): ApiChange[] {
  return changesOf(ruleFindings(older, newer).found);
}

/**
 * A schema the older definition did not have: a field that now refers to it is compared by our
 * rules where it is used (field by field, resolved), so a verdict on the component itself (a
 * pattern "changed" from the one the field had before) repeats what they already judged.
 */
function newComponent(older: object, verdict: EngineVerdict): boolean {
  const name = schemaOfPointer(verdict.pointer);
  const schemas = (older as {components?: {schemas?: Record<string, unknown>}}).components?.schemas ?? {};
  return name !== undefined && !(name in schemas);
}

export function diffDefinitions(older: object, newer: object): ApiChange[] {
  const {ctx, found} = ruleFindings(older, newer);
  const ours = [...found];
  for (const verdict of engineVerdicts(older, newer)) {
    if (covered(ours, verdict) || newComponent(older, verdict)) continue;
    const page =
      pageOfPath(ctx.newer.model.operations, ctx.newer.model.webhooks, verdict.path) ??
      pageOfPath(ctx.older.model.operations, ctx.older.model.webhooks, verdict.path);
    found.push({
      rule: `redocly/${verdict.ruleId}`,
      severity: 'breaking',
      message: page ? `${pageName(page)}: ${verdict.message}` : verdict.message,
      pointer: verdict.pointer,
      page,
      schema: schemaOfPointer(verdict.pointer),
    });
  }
  return changesOf(found);
}
