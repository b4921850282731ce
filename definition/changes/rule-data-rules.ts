/**
 * The rules on the definition's rule data, which clients build on: the idempotency table (which
 * answers a key keeps, for how long, how bodies are compared), the webhook signature scheme and the
 * retry schedule. Any change to what is kept, to the scheme or to the schedule is breaking; data
 * that appears where the older definition had none, or a new row, is additive.
 */
import {idempotencyOf} from '../idempotency.ts';
import {isObject, pointerOf} from '../refs.ts';
import type {IdempotencyOutcome, Json} from '../types.ts';
import type {Context} from './context.ts';

const IDEMPOTENCY_AT = '#/components/parameters/IdempotencyKey/x-idempotency';
const same = (a: Json | undefined, b: Json | undefined) => JSON.stringify(a) === JSON.stringify(b);
const rowName = (row: IdempotencyOutcome) => (row.code ? `${row.code} (${row.status})` : `a ${row.status} success`);

function idempotencyRules(ctx: Context): void {
  const before = idempotencyOf(ctx.older.doc);
  const after = idempotencyOf(ctx.newer.doc);
  if (!before && !after) return;
  if (!after) {
    ctx.add({
      rule: 'idempotency-table-removed',
      severity: 'breaking',
      pointer: IDEMPOTENCY_AT,
      message: 'The idempotency table (x-idempotency) was removed.',
    });
    return;
  }
  if (!before) {
    ctx.add({
      rule: 'idempotency-table-added',
      severity: 'additive',
      pointer: IDEMPOTENCY_AT,
      message:
        'The idempotency outcomes are data (x-idempotency on the Idempotency-Key parameter): which answers a key keeps and what to send next.',
    });
    return;
  }
  if (after.retentionHours < before.retentionHours) {
    ctx.add({
      rule: 'idempotency-table-changed',
      severity: 'breaking',
      pointer: `${IDEMPOTENCY_AT}/retentionHours`,
      message: `An Idempotency-Key keeps its answer ${after.retentionHours} hours, not ${before.retentionHours}.`,
    });
  }
  if (after.bodyComparison !== before.bodyComparison) {
    ctx.add({
      rule: 'idempotency-table-changed',
      severity: 'breaking',
      pointer: `${IDEMPOTENCY_AT}/bodyComparison`,
      message: `Idempotent requests' bodies are compared as ${after.bodyComparison}, not ${before.bodyComparison}.`,
    });
  }
  const key = (row: IdempotencyOutcome) => `${row.status} ${row.code ?? ''}`;
  const rowsAfter = new Map(after.outcomes.map((row, i) => [key(row), {row, i}]));
  for (const [i, row] of before.outcomes.entries()) {
    const now = rowsAfter.get(key(row));
    if (!now) {
      ctx.add({
        rule: 'idempotency-table-changed',
        severity: 'breaking',
        pointer: `${IDEMPOTENCY_AT}/outcomes/${i}`,
        message: `The idempotency table no longer says what happens to ${rowName(row)}.`,
      });
    } else if (now.row.kept !== row.kept || now.row.next !== row.next) {
      ctx.add({
        rule: 'idempotency-table-changed',
        severity: 'breaking',
        pointer: `${IDEMPOTENCY_AT}/outcomes/${now.i}`,
        message: `The idempotency table now says ${rowName(row)} is ${now.row.kept ? 'kept' : 'not kept'} with next step ${now.row.next} (it was ${row.kept ? 'kept' : 'not kept'}, ${row.next}).`,
      });
    }
  }
  const rowsBefore = new Set(before.outcomes.map(key));
  for (const [i, row] of after.outcomes.entries()) {
    if (rowsBefore.has(key(row))) continue;
    ctx.add({
      rule: 'idempotency-outcome-added',
      severity: 'additive',
      pointer: `${IDEMPOTENCY_AT}/outcomes/${i}`,
      message: `The idempotency table says what happens to ${rowName(row)}: ${row.kept ? 'kept' : 'not kept'}, next ${row.next}.`,
    });
  }
}

/** Compares a root extension member by member; `breakingWhen` says whether a changed member breaks clients. */
function ruleDataRule(
  ctx: Context,
  extension: string,
  rule: string,
  addedRule: string,
  what: string,
  breakingWhen: (member: string, before: Json, after: Json | undefined) => boolean = () => true,
): void {
  const before = ctx.older.doc[extension];
  const after = ctx.newer.doc[extension];
  if (before === undefined && after === undefined) return;
  if (before === undefined) {
    ctx.add({
      rule: addedRule,
      severity: 'additive',
      pointer: pointerOf(extension),
      message: `${what} is data (${extension}).`,
    });
    return;
  }
  if (!isObject(before) || !isObject(after)) {
    ctx.add({
      rule,
      severity: 'breaking',
      pointer: pointerOf(extension),
      message: `${what} (${extension}) was removed.`,
    });
    return;
  }
  for (const member of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (same(before[member], after[member])) continue;
    const breaking = before[member] === undefined ? false : breakingWhen(member, before[member], after[member]);
    ctx.add({
      rule,
      severity: breaking ? 'breaking' : 'additive',
      pointer: pointerOf(extension, member),
      message: `${what} changed \`${member}\` from ${JSON.stringify(before[member]) ?? 'none'} to ${JSON.stringify(after[member]) ?? 'none'}.`,
    });
  }
}

export function ruleDataRules(ctx: Context): void {
  idempotencyRules(ctx);
  ruleDataRule(
    ctx,
    'x-webhook-signature',
    'webhook-signature-changed',
    'webhook-signature-added',
    'The webhook signature scheme',
  );
  ruleDataRule(
    ctx,
    'x-webhook-delivery',
    'retry-schedule-changed',
    'retry-schedule-added',
    'The webhook retry schedule',
    // A longer overlap for a rotated secret only gives a receiver more time.
    (member, before, after) =>
      !(member === 'secretRotationOverlapHours' && typeof after === 'number' && after >= (before as number)),
  );
}
