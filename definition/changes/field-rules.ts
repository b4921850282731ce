/**
 * The rules on one schema's fields, seen from one side of the wire. What a client sends (a request
 * body, a parameter) breaks when the API accepts less: a field removed or newly required, a type
 * or format changed, a bound or pattern tightened, an enum value removed. What a client reads (an
 * answer, a webhook payload) breaks when the API may send what the client did not expect: a field
 * removed or no longer always there, a type changed, a bound loosened, a value added to an enum
 * the definition does not declare open.
 */
import {flattenFields} from '../fields.ts';
import {pointerOf} from '../refs.ts';
import type {Direction, Field, Json, JsonObject, SchemaFacts} from '../types.ts';
import type {Context, Page} from './context.ts';
import {fieldPointer, nodeAt, parentPath, schemaOfPointer} from './pointers.ts';
import {deprecationRule} from './lifecycle-rules.ts';

export interface Tree {
  root: Field;
  /** The pointer of the root's schema in its own definition. */
  at: string;
}

export interface Place {
  page?: Page;
  direction: Direction;
  /** What the fields are in, for messages: `the request body of issueInvoice (POST /invoices)`. */
  label: string;
  /** A field's row id on the page, from its path. */
  anchorOf: (path: string) => string;
}

const UPPER = ['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems'] as const;
const LOWER = ['minLength', 'minimum', 'exclusiveMinimum', 'minItems'] as const;

const code = (value: Json | string) => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;
/** A field as a sentence names it: `` `amount.currency` of the request body of … ``, or the place itself for its root. */
const whereOf = (place: Place, path: string) => (path ? `\`${path}\` of ${place.label}` : place.label);

function byPath(root: Field): Map<string, Field> {
  return new Map([root, ...flattenFields(root)].map((field) => [field.path, field]));
}

/** The enum a field's values come from: its own, or its items' (an array of enum values). */
function enumOf(field: SchemaFacts): {values: Json[]; schemaName?: string} | undefined {
  if (field.enum) return {values: field.enum, schemaName: field.schemaName};
  if (field.items?.enum) return {values: field.items.enum, schemaName: field.items.schemaName};
  return undefined;
}

/** The string examples a field's schema documents: `examples`, `example`, and its items'. */
function examplesOf(node: JsonObject, field: Field): string[] {
  const listed = Array.isArray(node.examples) ? node.examples : [];
  return [...listed, node.example, field.example, field.items?.example].filter(
    (e, i, all): e is string => typeof e === 'string' && all.indexOf(e) === i,
  );
}

export function compareFields(ctx: Context, place: Place, older: Tree, newer: Tree): void {
  const before = byPath(older.root);
  const after = byPath(newer.root);
  const request = place.direction === 'request';
  const report: Report = (rule, breaking, path, message, side = 'newer', at) => {
    const pointer =
      at ??
      (side === 'newer' ? fieldPointer(ctx.newer.doc, newer.at, path) : fieldPointer(ctx.older.doc, older.at, path));
    ctx.add({
      rule,
      severity: breaking ? 'breaking' : 'additive',
      message,
      pointer,
      page: place.page,
      schema: schemaOfPointer(pointer),
      anchor: side === 'newer' ? place.anchorOf(path) : undefined,
    });
  };

  for (const path of before.keys()) {
    if (after.has(path)) continue;
    // Below a removed field, its own removal says it all.
    if (before.has(parentPath(path)) && !after.has(parentPath(path))) continue;
    report(
      request ? 'request-field-removed' : 'response-field-removed',
      true,
      path,
      `\`${path}\` was removed from ${place.label}${request ? '; a client that sends it may be refused' : '; a client that reads it finds nothing'}.`,
      'older',
    );
  }
  for (const [path, field] of after) {
    const old = before.get(path);
    if (!old) {
      if (path && !before.has(parentPath(path))) continue;
      if (request && field.required) {
        report('request-field-added-required', true, path, `${place.label} requires the new field \`${path}\`.`);
      } else {
        report(
          request ? 'request-field-added' : 'response-field-added',
          false,
          path,
          `\`${path}\` was added to ${place.label}${request ? ', optional' : ''}.`,
        );
      }
      continue;
    }
    const examples = {
      older: () => examplesOf(nodeAt(ctx.older.doc, fieldPointer(ctx.older.doc, older.at, path)), old),
      newer: () => examplesOf(nodeAt(ctx.newer.doc, fieldPointer(ctx.newer.doc, newer.at, path)), field),
    };
    compareField(ctx, place, report, path, old, field, examples);
    if (field.deprecated && !old.deprecated) {
      deprecationRule(ctx, {
        pointer: fieldPointer(ctx.newer.doc, newer.at, path),
        what: whereOf(place, path),
        page: place.page,
        anchor: place.anchorOf(path),
      });
    }
  }
}

type Report = (
  rule: string,
  breaking: boolean,
  path: string,
  message: string,
  side?: 'older' | 'newer',
  /** Where the change is written, when not at the field: an enum's own schema. */
  at?: string,
) => void;

interface Examples {
  older: () => string[];
  newer: () => string[];
}

function compareField(
  ctx: Context,
  place: Place,
  report: Report,
  path: string,
  old: Field,
  field: Field,
  examples: Examples,
): void {
  const request = place.direction === 'request';
  const where = whereOf(place, path);
  if (path && request && field.required && !old.required) {
    report('request-field-became-required', true, path, `${where} is now required.`);
  }
  if (path && !request && old.required && !field.required) {
    report('response-field-became-optional', true, path, `${where} is no longer always present.`);
  }
  const lost = (request ? old.type : field.type).filter((t) => !(request ? field.type : old.type).includes(t));
  if (lost.length || (old.format ?? '') !== (field.format ?? '')) {
    const was = [old.type.join(' or '), old.format].filter(Boolean).join(', ');
    const now = [field.type.join(' or '), field.format].filter(Boolean).join(', ');
    report('type-changed', true, path, `${where} changed type from ${was || 'any'} to ${now || 'any'}.`);
  }
  for (const key of [...UPPER, ...LOWER]) {
    const upper = (UPPER as readonly string[]).includes(key);
    const a = old[key];
    const b = field[key];
    if (a === b) continue;
    // A request accepts less when an upper bound falls or appears (a lower one rises or appears); an answer may send more when the reverse happens.
    const tighter = b !== undefined && (a === undefined || (upper ? b < a : b > a));
    if (request ? tighter : !tighter) {
      report(
        request ? 'constraint-narrowed' : 'constraint-widened',
        true,
        path,
        `${where} changed \`${key}\` from ${a ?? 'none'} to ${b ?? 'none'}.`,
      );
    }
  }
  if ((old.pattern ?? '') !== (field.pattern ?? '')) patternRule(report, request, where, path, old, field, examples);
  enumRules(ctx, place, report, where, path, old, field);
}

/**
 * A changed pattern is judged by the documented examples: a request's pattern is tighter when an
 * example the old one accepted is refused; an answer's is looser when an example it now gives
 * would not have matched. Without an example to judge by, a change counts as breaking.
 */
function patternRule(
  report: Report,
  request: boolean,
  where: string,
  path: string,
  old: Field,
  field: Field,
  documented: Examples,
): void {
  const by = request ? field : old;
  const examples = request ? documented.older() : documented.newer();
  const matches = (pattern: string | undefined, value: string) => !pattern || new RegExp(pattern, 'u').test(value);
  const failing = examples.filter((e) => !matches(by.pattern, e));
  if (examples.length === 0 || failing.length > 0) {
    const why = failing.length
      ? `${request ? 'it now refuses' : 'it may now send'} ${code(failing[0]!)}`
      : `no documented example shows it ${request ? 'still accepts' : 'sends only'} what it did`;
    report('pattern-changed', true, path, `${where} changed its pattern: ${why}.`);
  } else {
    report(
      'pattern-changed',
      false,
      path,
      `${where} changed its pattern, which every documented example still matches.`,
    );
  }
}

function enumRules(
  ctx: Context,
  place: Place,
  report: Report,
  where: string,
  path: string,
  old: Field,
  field: Field,
): void {
  const before = enumOf(old);
  const after = enumOf(field);
  if (!before || !after) return;
  const request = place.direction === 'request';
  const wasOpen = !!before.schemaName && ctx.older.openEnums.has(before.schemaName);
  const open = !!after.schemaName && ctx.newer.openEnums.has(after.schemaName);
  const label = after.schemaName ? `\`${after.schemaName}\` (${where})` : where;
  // A named enum is one change wherever it is used: it is reported where the enum is written.
  const at = (name: string | undefined) => (name ? pointerOf('components', 'schemas', name) : undefined);
  const removed = before.values.filter((v) => !after.values.some((w) => JSON.stringify(w) === JSON.stringify(v)));
  const added = after.values.filter((v) => !before.values.some((w) => JSON.stringify(w) === JSON.stringify(v)));
  if (request && removed.length) {
    report(
      'enum-value-removed',
      true,
      path,
      `${label} no longer accepts ${removed.map(code).join(', ')}.`,
      'newer',
      at(after.schemaName) && `${at(after.schemaName)}/enum`,
    );
  }
  if (added.length) {
    report(
      'enum-value-added',
      !request && !open,
      path,
      `${label} gained ${added.map(code).join(', ')}${request ? '' : open ? ', in an enum declared open' : ', in an enum not declared open'}.`,
      'newer',
      at(after.schemaName) && `${at(after.schemaName)}/enum`,
    );
  }
  if (!request && wasOpen && !open)
    report('enum-closed', true, path, `${label} is no longer declared open.`, 'newer', at(after.schemaName));
  if (!request && !wasOpen && open)
    report(
      'enum-opened',
      false,
      path,
      `${label} is declared open: expect values not listed.`,
      'newer',
      at(after.schemaName),
    );
}
