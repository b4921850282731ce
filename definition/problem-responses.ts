/**
 * Keys each operation's problem responses by the status the error catalogue gives their codes.
 *
 * An operation under openapi/paths/ lists the problems it can answer in `x-problems`, without a
 * status: each entry is a response (shared under components/responses/ or written in place) whose
 * `application/problem+json` examples carry the codes, and whose description says what happened:
 * "the quote was already executed (code `X`), or the key conflicts (codes `Y`, `Z`)". A code's
 * status is written once, in the ErrorCode schema's `x-error-catalogue`, and each status's opening
 * words once, in its `x-status-labels` ("Conflict"). This step, run on the bundle before anything
 * reads it, files each entry under its codes' status in `responses` and opens its description with
 * that status's words. It also states each code's status, and its retry, wherever else the
 * definition states them (catalogue-statements.ts). So a code whose status changes moves on every
 * operation page, twin, MCP answer and sandbox answer with no other edit.
 *
 * Where one status would get two entries (or one entry's codes fall under two statuses), the
 * response is composed from their descriptions' clauses, each "what happened (code `X`)",
 * regrouped by status; a closing sentence after the last clause stays with it.
 */
import {catalogueOf, errorCodeSchema, stateFromCatalogue} from './catalogue-statements.ts';
import {valueAt} from './json-pointer.mjs';
import {isObject, resolve} from './refs.ts';
import type {Json, JsonObject} from './types.ts';

const PROBLEM_MEDIA_TYPE = 'application/problem+json';
const CODE_MARK = /\((codes? `[A-Z0-9_]+`[^)]*)\)/g;
const CODE_NAME = /`([A-Z][A-Z0-9_]+)`/g;

/** `description` as the source writes it: before this step opens a shared response's. */
type Entry = {response: JsonObject; description: string; ref?: string; codes: string[]; where: string};
type Clause = {text: string; mark: string; codes: string[]};

/**
 * The node `value` is, or the one its `$ref` chain leads to, itself (not a copy): a shared response
 * filed whole is opened where it stands in `components`. `resolve` checks the chain.
 */
function local(doc: JsonObject, value: Json | undefined, where: string): JsonObject {
  const {pointer, refs} = resolve(doc, value, where);
  const node = refs.length ? (valueAt(doc, pointer) as Json) : value;
  if (!isObject(node)) throw new Error(`definition: ${where} is not an object`);
  return node;
}

function examplesOf(response: JsonObject, where: string): JsonObject {
  const content = isObject(response.content) ? response.content : {};
  const media = content[PROBLEM_MEDIA_TYPE];
  if (!isObject(media) || !isObject(media.examples))
    throw new Error(`definition: ${where} has no ${PROBLEM_MEDIA_TYPE} examples to name its codes`);
  return media.examples;
}

function codeOfExample(doc: JsonObject, example: Json, where: string): string {
  const value = resolve(doc, example, where).node.value;
  const code = isObject(value) ? value.code : undefined;
  if (typeof code !== 'string') throw new Error(`definition: the problem example at ${where} has no code`);
  return code;
}

function statusOf(statuses: Map<string, number>, code: string, where: string): number {
  const status = statuses.get(code);
  if (status === undefined)
    throw new Error(`definition: ${where} answers ${code}, which has no status in x-error-catalogue`);
  return status;
}

/** "a (code `X`), b (codes `Y`, `Z`), or c (code `W`). Closing." as its parts. */
function clausesOf(description: string, where: string) {
  const marks = [...description.matchAll(CODE_MARK)];
  if (marks.length === 0)
    throw new Error(`definition: ${where}'s description does not read "what happened (code \`X\`)."`);
  const clauses: Clause[] = [];
  let from = 0;
  for (const mark of marks) {
    const text = description
      .slice(from, mark.index)
      .replace(/^,?\s*(or\s+)?/, '')
      .trim();
    clauses.push({text, mark: mark[1]!, codes: [...mark[1]!.matchAll(CODE_NAME)].map((m) => m[1]!)});
    from = mark.index + mark[0].length;
  }
  const closing = description
    .slice(from)
    .replace(/^\.\s*/, '')
    .trim();
  return {clauses, closing};
}

/** The clause's own words about the codes kept: "(code `X`)" of a "(codes `X`, `Y`)" split by status. */
function markFor(clause: Clause, codes: string[]): string {
  if (codes.length === clause.codes.length) return clause.mark;
  return `${codes.length === 1 ? 'code' : 'codes'} ${codes.map((code) => `\`${code}\``).join(', ')}`;
}

function joinClauses(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')}, or ${parts.at(-1)}`;
}

/** A response composed of the clauses of several entries that share `status`. */
function compose(
  doc: JsonObject,
  status: number,
  entries: Entry[],
  statuses: Map<string, number>,
  label: string,
): JsonObject {
  const parts: string[] = [];
  const closings: string[] = [];
  const headers: JsonObject = {};
  const examples: JsonObject = {};
  let schema: Json | undefined;
  for (const entry of entries) {
    const {clauses, closing} = clausesOf(entry.description, entry.where);
    const kept = clauses.flatMap((clause) => {
      const codes = clause.codes.filter((code) => statuses.get(code) === status);
      return codes.length ? [`${clause.text} (${markFor(clause, codes)})`] : [];
    });
    parts.push(...kept);
    if (closing && kept.length) closings.push(closing);
    Object.assign(headers, isObject(entry.response.headers) ? entry.response.headers : {});
    const media = (entry.response.content as JsonObject)[PROBLEM_MEDIA_TYPE] as JsonObject;
    schema ??= media.schema;
    for (const [name, example] of Object.entries(examplesOf(entry.response, entry.where))) {
      if (statuses.get(codeOfExample(doc, example, `${entry.where}/${name}`)) === status) examples[name] = example;
    }
  }
  const closingText = [...new Set(closings)].map((text) => ` ${text}`).join('');
  return {
    description: `${label}: ${joinClauses(parts)}.${closingText}`,
    ...(Object.keys(headers).length ? {headers} : {}),
    content: {[PROBLEM_MEDIA_TYPE]: {...(schema === undefined ? {} : {schema}), examples}},
  };
}

/** Each status's opening words, from `x-status-labels`. */
function statusLabels(doc: JsonObject): Map<number, string> {
  const table = errorCodeSchema(doc)['x-status-labels'];
  if (!isObject(table)) throw new Error('definition: the ErrorCode schema has no x-status-labels');
  return new Map(Object.entries(table).map(([status, label]) => [Number(status), String(label)]));
}

function labelOf(labels: Map<number, string>, status: number, where: string): string {
  const label = labels.get(status);
  if (label === undefined)
    throw new Error(`definition: ${where} answers status ${status}, which has no words in x-status-labels`);
  return label;
}

/**
 * A copy of the bundled definition `doc` with every operation's `x-problems` filed under
 * `responses` by status, in ascending order after the operation's other responses.
 */
export function keyProblemResponses<T extends JsonObject>(doc: T): T {
  if (!JSON.stringify(doc).includes('"x-problems"')) return doc;
  const copy = structuredClone(doc) as JsonObject;
  const catalogue = catalogueOf(copy);
  const statuses = new Map(
    [...catalogue].flatMap(([code, {status}]) => (status === undefined ? [] : [[code, status] as const])),
  );
  const operations: {op: JsonObject; entries: Entry[]; where: string}[] = [];
  for (const [route, item] of Object.entries(isObject(copy.paths) ? copy.paths : {})) {
    if (!isObject(item)) continue;
    for (const [method, op] of Object.entries(item)) {
      if (!isObject(op) || !Array.isArray(op['x-problems'])) continue;
      const where = `${method.toUpperCase()} ${route}`;
      const entries = op['x-problems'].map((raw, i): Entry => {
        const at = `x-problems/${i} of ${where}`;
        const response = local(copy, raw, at);
        const codes = Object.entries(examplesOf(response, at)).map(([name, example]) =>
          codeOfExample(copy, example, `${at}/${name}`),
        );
        const ref = isObject(raw) && typeof raw.$ref === 'string' ? raw.$ref : undefined;
        return {response, description: String(response.description ?? ''), ref, codes, where: ref ?? at};
      });
      operations.push({op, entries, where});
    }
  }
  const labels = statusLabels(copy);
  // A shared response filed whole is opened once, in components, wherever it is used.
  const opened = new Set<JsonObject>();
  const open = (response: JsonObject, label: string) => {
    if (opened.has(response)) return;
    opened.add(response);
    response.description = `${label}: ${String(response.description ?? '')}`;
  };
  for (const {op, entries, where} of operations) {
    const byStatus = new Map<number, Entry[]>();
    for (const entry of entries) {
      for (const status of new Set(entry.codes.map((code) => statusOf(statuses, code, where)))) {
        byStatus.set(status, [...(byStatus.get(status) ?? []), entry]);
      }
    }
    const responses = isObject(op.responses) ? op.responses : {};
    for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
      const key = String(status);
      if (key in responses) throw new Error(`definition: ${where} writes response ${key} beside x-problems`);
      const [only, ...more] = byStatus.get(status)!;
      const label = labelOf(labels, status, where);
      const whole = more.length === 0 && only!.codes.every((code) => statuses.get(code) === status);
      if (whole) open(only!.response, label);
      responses[key] = whole
        ? only!.ref
          ? {$ref: only!.ref}
          : only!.response
        : compose(copy, status, byStatus.get(status)!, statuses, label);
    }
    op.responses = responses;
    delete op['x-problems'];
  }
  dropUnusedResponses(
    copy,
    operations.flatMap((o) => o.entries.flatMap((e) => (e.ref ? [e.ref] : []))),
  );
  stateFromCatalogue(copy, catalogue);
  return copy as T;
}

/** A shared response every operation composed with another is no longer referenced: it goes. */
function dropUnusedResponses(doc: JsonObject, refs: string[]) {
  const text = JSON.stringify(doc);
  const responses = isObject(doc.components) && isObject(doc.components.responses) ? doc.components.responses : {};
  for (const ref of new Set(refs)) {
    if (!ref.startsWith('#/components/responses/') || text.includes(`"$ref":"${ref}"`)) continue;
    delete responses[ref.slice('#/components/responses/'.length)];
  }
}
