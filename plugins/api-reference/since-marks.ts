/**
 * Puts on a page the marks of what a release still served lacks (plugins/api-reference/changelog.ts
 * finds them from the changes that added it): on the page itself for an operation or webhook added,
 * else on the field, parameter or header row of that anchor.
 */
import type {ApiField, ApiPage, ApiSince} from '../../config/api-page.ts';

/**
 * The marks with each row of a response body repeated on the same row of every other response with
 * that very body: the changelog links the first one (the errors of an operation share one body).
 */
function sameBodyRows(page: ApiPage, marks: ReadonlyMap<string, ApiSince>): Map<string, ApiSince> {
  const relative = (fields: readonly ApiField[], prefix: string): unknown =>
    fields.map((f) => ({...f, anchor: f.anchor.slice(prefix.length), children: relative(f.children, prefix)}));
  const bodies = new Map<string, string>();
  for (const r of page.responses) if (r.body) bodies.set(r.anchor, JSON.stringify(relative(r.body.fields, r.anchor)));
  const out = new Map(marks);
  for (const [anchor, since] of marks) {
    const owner = [...bodies.keys()].find((a) => anchor.startsWith(`${a}.`) && !anchor.startsWith(`${a}.headers.`));
    if (owner === undefined) continue;
    for (const [other, body] of bodies) {
      const row = other + anchor.slice(owner.length);
      if (body === bodies.get(owner) && !out.has(row)) out.set(row, since);
    }
  }
  return out;
}

/** Sets each `since` of `marks` on the page ('') or on the field row of that anchor. */
export function markSince(page: ApiPage, given: ReadonlyMap<string, ApiSince>): void {
  const marks = sameBodyRows(page, given);
  const subject = marks.get('');
  if (subject) page.since = subject;
  const visit = (fields: readonly ApiField[]) => {
    for (const field of fields) {
      const since = marks.get(field.anchor);
      if (since) field.since = since;
      visit(field.children);
    }
  };
  if (page.kind === 'operation') {
    const {path, query, header} = page.parameters;
    visit([...path, ...query, ...header]);
    if (page.requestBody) visit(page.requestBody.fields);
  } else {
    visit(page.headers);
    if (page.payload) visit(page.payload.fields);
  }
  for (const response of page.responses) {
    visit(response.headers);
    if (response.body) visit(response.body.fields);
  }
}
