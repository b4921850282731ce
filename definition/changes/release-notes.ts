/**
 * A release's notes, `openapi/releases/<version>.notes.yaml` (and `next.notes.yaml`, the notes of
 * the release not yet cut): `notes`, the migration note of each change the diff finds, by change
 * id; and `declared`, the changes the diff cannot see because the definition's shape does not show
 * them (what a field means, how a quote is priced or rounded, whom an idempotency key belongs to).
 * Each declared change names its kind, the JSON pointer of what it concerns, its severity and a
 * Markdown note: `breaking` when code written against the release before can notice it (it then
 * needs a major version, like a breaking change the diff finds), or `fix-to-every-version` when it
 * is a defect fixed at every version, which code must expect whatever version it asks for.
 * A malformed file fails, naming the file and the entry.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {valueAt} from '../json-pointer.mjs';
import {isObject} from '../refs.ts';
import {sideOf} from './context.ts';
import {schemaOfPointer} from './pointers.ts';
import {changeRule, DECLARED_RULE} from './rules.ts';
import {RELEASES_DIR} from './releases.ts';
import type {ApiChange} from './types.ts';

/** What a declared change is a change of, each in the words of the policy. */
export const DECLARED_KINDS = {
  meaning: 'what a field or a value means',
  pricing: 'how an amount is priced',
  rounding: 'how an amount is rounded',
  'key-scope': 'whom an idempotency key belongs to',
  'kept-answers': 'which answers an idempotency key keeps',
  'body-comparison': 'how a retry is compared with the first request',
  'delivery-semantics': 'what a webhook delivery state says',
  lifecycle: 'how a resource moves between its states',
  validation: 'which values a request accepts',
} as const;

export type DeclaredKind = keyof typeof DECLARED_KINDS;

export const DECLARED_SEVERITIES = ['breaking', 'fix-to-every-version'] as const;
export type DeclaredSeverity = (typeof DECLARED_SEVERITIES)[number];

export interface DeclaredChange {
  /** `declared/<kind>:<pointer>`, unique in its release. */
  id: string;
  kind: DeclaredKind;
  /** A JSON pointer into the release's definition: what the change concerns. */
  pointer: string;
  severity: DeclaredSeverity;
  /** One sentence saying what changed (Markdown). */
  summary: string;
  /** What a client's code must do (Markdown). */
  note: string;
}

export interface ReleaseNotes {
  /** Migration notes of the changes the diff finds, by change id. */
  notes: Record<string, string>;
  declared: DeclaredChange[];
}

/** The name under which the notes of the release not yet cut are kept (`next.notes.yaml`). */
export const NEXT_VERSION = 'next';
export const NEXT_NOTES = `${NEXT_VERSION}.notes.yaml`;

export const notesFile = (version: string, dir: string = RELEASES_DIR) => path.join(dir, `${version}.notes.yaml`);

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);

/** Checks a notes file's parsed content; `file` names it in every error. */
export function parseReleaseNotes(content: unknown, file: string): ReleaseNotes {
  const fail = (what: string) => new Error(`api-changes: ${file}: ${what}`);
  if (content === null || content === undefined) return {notes: {}, declared: []};
  if (!isObject(content)) throw fail('is not a map with `notes` and `declared`');
  const unknown = Object.keys(content).filter((key) => key !== 'notes' && key !== 'declared');
  if (unknown.length) {
    throw fail(
      `has ${unknown.map((k) => `"${k}"`).join(', ')} at its top level; it takes \`notes\` (change id -> note) and \`declared\` (a list)`,
    );
  }
  const notes = content.notes ?? {};
  if (!isObject(notes)) throw fail('`notes` is not a map from change id to note');
  for (const [id, note] of Object.entries(notes)) {
    if (typeof note !== 'string') throw fail(`notes: the note of "${id}" is not text`);
  }
  const list = content.declared ?? [];
  if (!Array.isArray(list)) throw fail('`declared` is not a list of declared changes');
  const seen = new Set<string>();
  const declared = list.map((entry: unknown, i): DeclaredChange => {
    const at = (what: string) =>
      fail(
        `declared[${i}]${isObject(entry) && typeof entry.kind === 'string' ? ` (${entry.kind} ${String(entry.pointer)})` : ''}: ${what}`,
      );
    if (!isObject(entry)) throw at('is not a map of kind, pointer, severity, summary and note');
    const extra = Object.keys(entry).filter((k) => !['kind', 'pointer', 'severity', 'summary', 'note'].includes(k));
    if (extra.length) throw at(`has ${extra.join(', ')}; it takes kind, pointer, severity, summary and note`);
    const {kind, pointer, severity, summary, note} = entry;
    if (typeof kind !== 'string' || !(kind in DECLARED_KINDS))
      throw at(`kind ${JSON.stringify(kind)} is not one of ${Object.keys(DECLARED_KINDS).join(', ')}`);
    if (typeof pointer !== 'string' || !/^#\/\S+$/.test(pointer))
      throw at(`pointer ${JSON.stringify(pointer)} is not a JSON pointer into the definition (#/...)`);
    if (!DECLARED_SEVERITIES.includes(severity as DeclaredSeverity))
      throw at(`severity ${JSON.stringify(severity)} is not one of ${DECLARED_SEVERITIES.join(', ')}`);
    if (!text(summary)) throw at('summary is missing: one sentence saying what changed');
    if (!text(note)) throw at("note is missing: what a client's code must do");
    const id = `${DECLARED_RULE}/${kind}:${pointer}`;
    if (seen.has(id)) throw at('is declared twice (the same kind and pointer)');
    seen.add(id);
    return {
      id,
      kind: kind as DeclaredKind,
      pointer,
      severity: severity as DeclaredSeverity,
      summary: (summary as string).trim(),
      note: (note as string).trim(),
    };
  });
  return {notes: notes as Record<string, string>, declared};
}

/** The notes of a release (or of `next`, the release not yet cut); none when it has no notes file. */
export function readReleaseNotes(version: string, dir: string = RELEASES_DIR): ReleaseNotes {
  const file = notesFile(version, dir);
  if (!existsSync(file)) return {notes: {}, declared: []};
  let content: unknown;
  try {
    content = parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`api-changes: cannot read ${file}: ${(error as Error).message}`, {cause: error});
  }
  return parseReleaseNotes(content, file);
}

/** A declared change with the operation, webhook or schema its pointer lies in, for links. */
export interface PlacedChange extends DeclaredChange {
  operation?: {slug: string; operationId: string};
  webhook?: string;
  schema?: string;
}

/**
 * The declared changes of a release, each with the operation, webhook or schema its pointer lies
 * in. A pointer that names nothing in the release's definition fails, naming the file and change.
 */
export function placeDeclared(declared: readonly DeclaredChange[], definition: object, file: string): PlacedChange[] {
  if (declared.length === 0) return [];
  const {model} = sideOf(definition);
  return declared.map((d) => {
    // No `$ref` followed: a pointer names what is written there.
    if (valueAt(definition, d.pointer) === undefined) {
      throw new Error(
        `api-changes: ${file}: the declared ${d.kind} change's pointer ${d.pointer} names nothing in the definition`,
      );
    }
    const within = (at: string) => d.pointer === at || d.pointer.startsWith(`${at}/`);
    const operation = model.operations.find((op) => within(op.pointer));
    const webhook = model.webhooks.find((w) => within(w.pointer));
    const schema = schemaOfPointer(d.pointer);
    return {
      ...d,
      ...(operation && {operation: {slug: operation.slug, operationId: operation.operationId}}),
      ...(webhook && !operation && {webhook: webhook.slug}),
      ...(schema && !operation && !webhook && {schema}),
    };
  });
}

/** A breaking declared change as the check and the changelog list changes: under the `declared/<kind>` row. */
export function asChange(d: PlacedChange): ApiChange {
  const {id, kind, pointer, summary, operation, webhook, schema} = d;
  const rule = `${DECLARED_RULE}/${kind}`;
  changeRule(rule, 'breaking');
  return {
    id,
    rule,
    severity: 'breaking',
    message: summary,
    pointer,
    ...(operation && {operation}),
    ...(webhook && {webhook}),
    ...(schema && {schema}),
  };
}

/**
 * What a release's notes add to its changes: the breaking declared changes (with their notes, by
 * id) and the fixes to every version, apart.
 */
export function declaredOf(
  releaseNotes: ReleaseNotes,
  definition: object,
  file: string,
): {changes: ApiChange[]; notes: Record<string, string>; fixes: PlacedChange[]} {
  const placed = placeDeclared(releaseNotes.declared, definition, file);
  const breaking = placed.filter((d) => d.severity === 'breaking');
  return {
    changes: breaking.map(asChange),
    notes: Object.fromEntries(breaking.map((d) => [d.id, d.note])),
    fixes: placed.filter((d) => d.severity === 'fix-to-every-version'),
  };
}
