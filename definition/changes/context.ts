/**
 * What every rule reads: both definitions as models, which enums each declares open, and a way to
 * record a change with its id made one way.
 */
import {buildDefinition} from '../model.ts';
import {openEnumsOf} from '../open-enums.ts';
import type {ApiDefinition, JsonObject, Operation, Webhook} from '../types.ts';
import {changeRule} from './rules.ts';
import type {ApiChange, ChangeSeverity} from './types.ts';

export interface Side {
  doc: JsonObject;
  model: ApiDefinition;
  /** The component schemas whose enum is open. */
  openEnums: Set<string>;
}

/** Where a change shows: an operation's page or a webhook's. */
export type Page = {kind: 'operation'; operation: Operation} | {kind: 'webhook'; webhook: Webhook};

export interface Found {
  rule: string;
  severity: ChangeSeverity;
  message: string;
  pointer: string;
  page?: Page;
  schema?: string;
  anchor?: string;
}

export interface Context {
  older: Side;
  newer: Side;
  add(found: Found): void;
}

/** One side of a diff; a release is read as published (see `ModelOptions.released`). */
export function sideOf(doc: object): Side {
  const json = doc as JsonObject;
  return {doc: json, model: buildDefinition(json, {released: true}), openEnums: new Set(openEnumsOf(json))};
}

/** The page's name as a sentence says it: `issueInvoice (POST /invoices)`, `the payout.updated webhook`. */
export function pageName(page: Page): string {
  return page.kind === 'operation'
    ? `${page.operation.operationId} (${page.operation.method} ${page.operation.path})`
    : `the ${page.webhook.event} webhook`;
}

/** The change a rule found; a rule or severity that definition/changes/rules.ts does not list fails, naming it. */
export function toChange(found: Found): ApiChange {
  changeRule(found.rule, found.severity);
  const change: ApiChange = {
    id: `${found.rule}:${found.pointer}`,
    rule: found.rule,
    severity: found.severity,
    message: found.message,
    pointer: found.pointer,
  };
  if (found.page?.kind === 'operation') {
    change.operation = {slug: found.page.operation.slug, operationId: found.page.operation.operationId};
  }
  if (found.page?.kind === 'webhook') change.webhook = found.page.webhook.slug;
  if (found.schema) change.schema = found.schema;
  if (found.anchor) change.anchor = found.anchor;
  return change;
}
