/**
 * The idempotency outcomes table (`x-idempotency`, through the definition model) as Markdown, for
 * the Idempotency section of `docs/introduction.md` (the guide at `/`): a sentence with the
 * retention and how a request is compared, then one table row per kind of outcome, listing the
 * answers that have it. The page holds the rendered text from the line that starts with LEAD to
 * the end of the table (the page is MDX, which has no HTML comments to mark it), and a test checks
 * that it is what this renders, so the page and the definition cannot disagree. Rewrite it after
 * changing the table:
 *
 *   node plugins/api-reference/idempotency-outcomes-markdown.ts --write docs/introduction.md
 */
import {readFileSync, writeFileSync} from 'node:fs';
import {
  idempotencyTableProblems,
  loadDefinition,
  type ApiDefinition,
  type IdempotencyNext,
  type IdempotencyOutcome,
} from '../../definition/index.ts';
import {WRAPPER} from '../reference-tables/remark-reference-tables.ts';

const SECTION = '\n### Idempotency\n';
const LEAD = 'Kestrel keeps an answer against its key for ';

const COMPARED = {
  'parsed-json':
    'the same method, the same path and the same JSON body, compared as parsed JSON: the order of keys and whitespace do not matter',
  bytes: 'the same method, the same path and the same body, byte for byte',
} as const;

const KEPT = {true: 'Yes: the same request gets it again, with `Idempotent-Replayed: true`', false: 'No'} as const;

function nextWords(next: IdempotencyNext, success: boolean): string {
  switch (next) {
    case 'same-key':
      return 'The same request again, with the same key (after `Retry-After` where the answer has one)';
    case 'same-key-once-fixed':
      return 'Once you fix what the answer names, the request with the same key';
    case 'new-key':
      return 'Once you fix the cause, the request with a new key';
    case 'no':
      return success ? 'Nothing: the operation ran' : 'Nothing: the request cannot succeed as it is';
  }
}

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
  // One row per outcome (kept, next), in the order the table first gives each.
  const groups = new Map<string, IdempotencyOutcome[]>();
  for (const row of rules.outcomes) {
    const id = `${row.kept} ${row.next} ${row.status === '2xx'}`;
    if (!groups.has(id)) groups.set(id, []);
    groups.get(id)!.push(row);
  }
  const out = [
    `${LEAD}${rules.retentionHours} hours only once the operation has started to run: its success, and the failures the operation itself decides. The same request means ${COMPARED[rules.bodyComparison]}. Another request with a key whose answer is kept answers \`409\` with code \`IDEMPOTENCY_KEY_REUSED\`. An answer that is not kept leaves the key free: the next request with it runs. After each answer to a request with an \`Idempotency-Key\`:`,
    '',
    // A reference table: on a phone, each answer is an entry with what is kept and what to send.
    `<${WRAPPER}>`,
    '',
    '| Answer | Kept against the key | What to send next |',
    '| --- | --- | --- |',
  ];
  // Kept outcomes first: they are the ones a retry with the same key cannot change.
  const ordered = [...groups.values()].sort((a, b) => Number(b[0]!.kept) - Number(a[0]!.kept));
  for (const rows of ordered) {
    const [first] = rows;
    out.push(
      `| ${answersCell(rows)} | ${KEPT[String(first!.kept) as 'true' | 'false']} | ${nextWords(first!.next, first!.status === '2xx')} |`,
    );
  }
  out.push('', `</${WRAPPER}>`);
  return out.join('\n');
}

/** `page` with its idempotency outcomes replaced by the rendered ones. */
export function withIdempotencyOutcomes(page: string, model?: ApiDefinition): string {
  const section = page.indexOf(SECTION);
  const start = section < 0 ? -1 : page.indexOf(`\n${LEAD}`, section) + 1;
  const table = start <= 0 ? -1 : page.indexOf('\n| --- |', start);
  const close = `\n\n</${WRAPPER}>`;
  let end = table < 0 ? -1 : page.indexOf('\n\n', table);
  if (end >= 0 && page.startsWith(close, end)) end += close.length;
  if (start <= 0 || end < 0)
    throw new Error(`the page needs a "### Idempotency" section with a paragraph starting "${LEAD}" and its table`);
  return `${page.slice(0, start)}${renderIdempotencyOutcomes(model)}${page.slice(end)}`;
}

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--write');
  if (at < 0 || !process.argv[at + 1]) {
    console.log(renderIdempotencyOutcomes());
  } else {
    const file = process.argv[at + 1]!;
    writeFileSync(file, withIdempotencyOutcomes(readFileSync(file, 'utf8')));
    console.log(`wrote the idempotency outcomes into ${file}`);
  }
}
