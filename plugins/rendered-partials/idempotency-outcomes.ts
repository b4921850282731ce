/**
 * The idempotency outcomes table (`x-idempotency`, through the definition model) as Markdown, for
 * the Idempotency section of the guide at `/`: a sentence with the retention and how a request is
 * compared, then one table row per kind of outcome, listing the answers that have it, with the
 * retry advice in the words of config/retry-advice.ts (the error catalogue's).
 */
import {
  idempotencyTableProblems,
  loadDefinition,
  type ApiDefinition,
  type IdempotencyOutcome,
} from '../../definition/index.ts';
import {RETRY_WORDS} from '../../config/retry-advice.ts';
import {WRAPPER} from '../reference-tables/remark-reference-tables.ts';

const COMPARED = {
  'parsed-json':
    'the same method, the same path and the same JSON body, compared as parsed JSON: the order of keys and whitespace do not matter',
  bytes: 'the same method, the same path and the same body, byte for byte',
} as const;

const KEPT = {true: 'Yes: the same request gets it again, with `Idempotent-Replayed: true`', false: 'No'} as const;

/** The answers of one row: `2xx`, or each status once with its codes. */
function answersCell(rows: IdempotencyOutcome[]): string {
  const byStatus = new Map<string, string[]>();
  for (const row of rows) {
    const status = String(row.status);
    if (!byStatus.has(status)) byStatus.set(status, []);
    if (row.code) byStatus.get(status)!.push(`\`${row.code}\``);
  }
  return [...byStatus]
    .map(([status, codes]) => (codes.length ? `\`${status}\` ${codes.join(', ')}` : `\`${status}\` (success)`))
    .join('; ');
}

export function renderIdempotencyOutcomes(model: ApiDefinition = loadDefinition()): string {
  const rules = model.idempotency;
  const problems = idempotencyTableProblems(model);
  if (!rules || problems.length) throw new Error(`x-idempotency is not complete: ${problems.join('; ')}`);
  // One row per outcome (kept, next, success or not), in the order the table first gives each.
  const groups = new Map<string, IdempotencyOutcome[]>();
  for (const row of rules.outcomes) {
    const id = `${row.kept} ${row.next} ${row.status === '2xx'}`;
    if (!groups.has(id)) groups.set(id, []);
    groups.get(id)!.push(row);
  }
  const out = [
    `Kestrel keeps an answer against its key for ${rules.retentionHours} hours only once the operation has started to run: its success, and the failures the operation itself decides. The same request means ${COMPARED[rules.bodyComparison]}. Another request with a key whose answer is kept answers \`409\` with code \`IDEMPOTENCY_KEY_REUSED\`. An answer that is not kept leaves the key free: the next request with it runs. Where an answer has \`Retry-After\`, wait that long before you retry. After each answer to a request with an \`Idempotency-Key\`:`,
    '',
    // A reference table: on a phone, each answer is an entry with what is kept and whether to retry.
    `<${WRAPPER}>`,
    '',
    '| Answer | Kept against the key | Retry |',
    '| --- | --- | --- |',
  ];
  // Kept outcomes first: they are the ones a retry with the same key cannot change.
  const ordered = [...groups.values()].sort((a, b) => Number(b[0]!.kept) - Number(a[0]!.kept));
  for (const rows of ordered) {
    const [first] = rows;
    out.push(`| ${answersCell(rows)} | ${KEPT[`${first!.kept}`]} | ${RETRY_WORDS[first!.next]} |`);
  }
  out.push('', `</${WRAPPER}>`);
  return out.join('\n');
}
