/**
 * The rules on operations: an operation removed; its parameters, request body and answers (through
 * the field rules); the error codes it answers and at which status; whether it takes an
 * `Idempotency-Key`; the headers its answers carry; and a deprecation without the notice the policy gives. Operations are matched
 * by method and path, which is what a client calls.
 */
import {
  errorCodeAnchor,
  fieldAnchor,
  parameterAnchor,
  REQUEST_BODY_ANCHOR,
  responseAnchor,
  responseHeadersAnchor,
} from '../anchors.ts';
import {pointerOf, resolve} from '../refs.ts';
import type {JsonObject, Operation, Parameter, Response} from '../types.ts';
import {pageName, type Context, type Page} from './context.ts';
import {compareFields} from './field-rules.ts';
import {deprecationRule} from './lifecycle-rules.ts';

const keyOf = (op: Operation) => `${op.method} ${op.path}`;
const parameterAt = (p: Parameter) => p.schemaPointer.replace(/\/schema$/, '');

export function operationRules(ctx: Context): void {
  const newer = new Map(ctx.newer.model.operations.map((op) => [keyOf(op), op]));
  const older = new Map(ctx.older.model.operations.map((op) => [keyOf(op), op]));
  for (const [key, op] of older) {
    if (newer.has(key)) continue;
    ctx.add({
      rule: 'operation-removed',
      severity: 'breaking',
      pointer: op.pointer,
      message: `The operation ${pageName({kind: 'operation', operation: op})} was removed.`,
    });
  }
  for (const [key, op] of newer) {
    const page: Page = {kind: 'operation', operation: op};
    const old = older.get(key);
    if (!old) {
      ctx.add({
        rule: 'operation-added',
        severity: 'additive',
        pointer: op.pointer,
        page,
        message: `The operation ${pageName(page)} was added.`,
      });
      continue;
    }
    parameterRules(ctx, page, old, op);
    requestBodyRules(ctx, page, old, op);
    responseRules(ctx, page, old, op);
    errorCodeRules(ctx, page, old, op);
    if (old.idempotent !== op.idempotent) {
      ctx.add({
        rule: 'idempotency-key-changed',
        severity: 'breaking',
        pointer: `${op.pointer}/parameters`,
        page,
        message: `${pageName(page)} ${op.idempotent ? 'now takes' : 'no longer takes'} an \`Idempotency-Key\`.`,
      });
    }
    if (op.deprecated && !old.deprecated)
      deprecationRule(ctx, {pointer: op.pointer, what: `The operation ${pageName(page)}`, page});
  }
}

function parameterRules(ctx: Context, page: Page & {kind: 'operation'}, old: Operation, op: Operation): void {
  // Whether an operation takes an Idempotency-Key is the idempotency rule's to say.
  const all = (o: Operation) =>
    [...o.parameters.path, ...o.parameters.query, ...o.parameters.header].filter(
      (p) => !(p.in === 'header' && p.name.toLowerCase() === 'idempotency-key'),
    );
  const before = new Map(all(old).map((p) => [`${p.in} ${p.name}`, p]));
  const after = new Map(all(op).map((p) => [`${p.in} ${p.name}`, p]));
  const label = (p: Parameter) => `the \`${p.name}\` ${p.in} parameter of ${pageName(page)}`;
  for (const [key, p] of before) {
    if (after.has(key)) continue;
    ctx.add({
      rule: 'parameter-removed',
      severity: 'breaking',
      pointer: parameterAt(p),
      page,
      message: `${label(p)} was removed.`,
    });
  }
  for (const [key, p] of after) {
    const anchor = parameterAnchor(p.in, p.name);
    const previous = before.get(key);
    if (!previous) {
      ctx.add({
        rule: p.required ? 'parameter-added-required' : 'parameter-added',
        severity: p.required ? 'breaking' : 'additive',
        pointer: parameterAt(p),
        page,
        anchor,
        message: `${label(p)} was added${p.required ? ', required' : ', optional'}.`,
      });
      continue;
    }
    if (p.required && !previous.required) {
      ctx.add({
        rule: 'parameter-became-required',
        severity: 'breaking',
        pointer: parameterAt(p),
        page,
        anchor,
        message: `${label(p)} is now required.`,
      });
    }
    compareFields(
      ctx,
      {page, direction: 'request', label: label(p), anchorOf: () => anchor},
      {root: {...previous.schema, path: '', children: []}, at: previous.schemaPointer},
      {root: {...p.schema, path: '', children: []}, at: p.schemaPointer},
    );
    if (p.deprecated && !previous.deprecated)
      deprecationRule(ctx, {pointer: parameterAt(p), what: label(p), page, anchor});
  }
}

function requestBodyRules(ctx: Context, page: Page & {kind: 'operation'}, old: Operation, op: Operation): void {
  const label = `the request body of ${pageName(page)}`;
  const before = old.requestBody;
  const after = op.requestBody;
  if (before && !after) {
    ctx.add({
      rule: 'request-body-removed',
      severity: 'breaking',
      pointer: `${old.pointer}/requestBody`,
      page,
      message: `${label} was removed.`,
    });
  } else if (after && (!before || (after.required && !before.required))) {
    ctx.add({
      rule: after.required ? 'request-body-required' : 'request-body-added',
      severity: after.required ? 'breaking' : 'additive',
      pointer: `${op.pointer}/requestBody`,
      page,
      anchor: REQUEST_BODY_ANCHOR,
      message: after.required
        ? `${pageName(page)} now requires a request body.`
        : `${pageName(page)} takes an optional request body.`,
    });
  }
  if (before && after) {
    compareFields(
      ctx,
      {page, direction: 'request', label, anchorOf: (path) => fieldAnchor(REQUEST_BODY_ANCHOR, path)},
      {root: before.schema, at: before.schemaPointer},
      {root: after.schema, at: after.schemaPointer},
    );
  }
}

function responseRules(ctx: Context, page: Page & {kind: 'operation'}, old: Operation, op: Operation): void {
  const success = (o: Operation) => o.responses.filter((r) => r.status.startsWith('2'));
  const gone = success(old).filter((r) => !success(op).some((s) => s.status === r.status));
  for (const r of gone) {
    ctx.add({
      rule: 'success-status-changed',
      severity: 'breaking',
      pointer: `${old.pointer}/responses/${r.status}`,
      page,
      message: `${pageName(page)} no longer answers ${r.status} (it answers ${
        success(op)
          .map((s) => s.status)
          .join(', ') || 'no success'
      }).`,
    });
  }
  for (const after of op.responses) {
    const before = old.responses.find((r) => r.status === after.status);
    if (before) responseHeaderRules(ctx, page, old, op, before, after);
    if (!before?.body || !after.body) continue;
    const prefix = responseAnchor(after.status);
    compareFields(
      ctx,
      {
        page,
        direction: 'response',
        label: `the ${after.status} answer of ${pageName(page)}`,
        anchorOf: (path) => fieldAnchor(prefix, path),
      },
      {root: before.body.schema, at: before.body.schemaPointer},
      {root: after.body.schema, at: after.body.schemaPointer},
    );
  }
}

/** Where an answer is written: under the operation, or the shared response component it refers to. */
function responseAt(doc: JsonObject, op: Operation, status: string): string {
  const at = `${op.pointer}/responses/${status}`;
  return resolve(doc, {$ref: at}, at).pointer;
}

/** A header an answer no longer carries breaks a client that reads it; a new one is additive. */
function responseHeaderRules(
  ctx: Context,
  page: Page & {kind: 'operation'},
  old: Operation,
  op: Operation,
  before: Response,
  after: Response,
): void {
  const names = (r: Response) => new Set(r.headers.map((h) => h.name));
  const label = `The ${after.status} answer of ${pageName(page)}`;
  for (const name of names(before)) {
    if (names(after).has(name)) continue;
    ctx.add({
      rule: 'response-header-removed',
      severity: 'breaking',
      pointer: `${responseAt(ctx.older.doc, old, before.status)}${pointerOf('headers', name).slice(1)}`,
      page,
      message: `${label} no longer carries the \`${name}\` header.`,
    });
  }
  for (const name of names(after)) {
    if (names(before).has(name)) continue;
    ctx.add({
      rule: 'response-header-added',
      severity: 'additive',
      pointer: `${responseAt(ctx.newer.doc, op, after.status)}${pointerOf('headers', name).slice(1)}`,
      page,
      anchor: fieldAnchor(responseHeadersAnchor(after.status), name),
      message: `${label} carries the \`${name}\` header.`,
    });
  }
}

/** Where an error code is written for an operation: the example of its answer that carries it, else the answer's description. */
function errorCodeAt(doc: JsonObject, op: Operation, status: string, code: string): string {
  const at = `${op.pointer}/responses/${status}`;
  const {node, pointer} = resolve(doc, {$ref: at}, at);
  const content = (node.content ?? {}) as Record<string, {examples?: Record<string, {value?: {code?: string}}>}>;
  for (const [mediaType, media] of Object.entries(content)) {
    for (const [name, example] of Object.entries(media.examples ?? {})) {
      const value = resolve(doc, example, `${pointer}/content`).node.value as {code?: string} | undefined;
      if (value?.code === code) return `${pointer}${pointerOf('content', mediaType, 'examples', name).slice(1)}`;
    }
  }
  // A code named only in the answer's description: that is where it is written.
  return `${pointer}/description`;
}

function errorCodeRules(ctx: Context, page: Page & {kind: 'operation'}, old: Operation, op: Operation): void {
  const statuses = (o: Operation) => new Map(o.errors.flatMap((e) => e.codes.map((c) => [c, e.status] as const)));
  const before = statuses(old);
  const after = statuses(op);
  const errorCodesOpen = ctx.newer.openEnums.has('ErrorCode');
  for (const [code, status] of before) {
    const now = after.get(code);
    if (now === undefined) {
      ctx.add({
        rule: 'error-code-removed',
        severity: 'breaking',
        pointer: errorCodeAt(ctx.older.doc, old, status, code),
        page,
        message: `${pageName(page)} no longer answers \`${code}\` (${status}).`,
      });
    } else if (now !== status) {
      ctx.add({
        rule: 'error-code-status-changed',
        severity: 'breaking',
        pointer: errorCodeAt(ctx.newer.doc, op, now, code),
        page,
        anchor: errorCodeAnchor(now, code),
        message: `${pageName(page)} answers \`${code}\` with ${now}, not ${status}.`,
      });
    }
  }
  for (const [code, status] of after) {
    if (before.has(code)) continue;
    ctx.add({
      rule: 'error-code-added',
      severity: errorCodesOpen ? 'additive' : 'breaking',
      pointer: errorCodeAt(ctx.newer.doc, op, status, code),
      page,
      anchor: errorCodeAnchor(status, code),
      message: `${pageName(page)} may answer \`${code}\` (${status})${errorCodesOpen ? '' : ', and ErrorCode is not declared open'}.`,
    });
  }
}
